import Foundation

/// `protocol Shape : Sendable, Animatable, View` (the drawing requirements are left out).
public protocol Shape: Sendable, View {}

/// `enum RoundedCornerStyle`.
public enum RoundedCornerStyle: Sendable, Hashable {
  case circular
  case continuous
}

/// `@frozen struct RoundedRectangle : Shape`.
public struct RoundedRectangle: Shape {
  /// `init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous)`.
  nonisolated public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {}
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

/// `@frozen struct FillStyle : Equatable`.
public struct FillStyle: Equatable, Sendable {
  /// `init(eoFill: Bool = false, antialiased: Bool = true)`.
  public init(eoFill: Bool = false, antialiased: Bool = true) {}
}
