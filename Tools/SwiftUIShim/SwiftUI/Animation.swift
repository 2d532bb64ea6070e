/// `@frozen struct Animation : Equatable, Sendable`.
public struct Animation: Equatable, Sendable {
  /// `static let default: Animation`.
  public static let `default` = Animation()
}

/// `func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result`.
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
  try body()
}
