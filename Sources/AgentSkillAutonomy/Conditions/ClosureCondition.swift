import AgentSkill

/// A condition built from a description and a closure, for one-off checks.
///
/// ```swift
/// let online = ClosureCondition("online") { await network.isOnline }
/// // or, where a condition is expected:
/// let canSync: some RunCondition = .all(
///   .predicate("online") { await network.isOnline },
///   // main-actor state (AppStorage, @Observable models) read on the main actor:
///   .not(.onMainActor("focus mode") { settings.isInFocusMode })
/// )
/// ```
public struct ClosureCondition: RunCondition {
  /// What holds when the closure returns `true`.
  public let description: String
  private let check: @Sendable () async -> Bool

  /// Creates a condition that holds when `isMet` returns `true`.
  ///
  /// - Parameters:
  ///   - description: What holds when the closure returns `true`, such as `online`.
  ///   - isMet: The check; called on every evaluation, so it should be cheap and free of side effects.
  public init(_ description: String, isMet: @escaping @Sendable () async -> Bool) {
    self.description = description
    self.check = isMet
  }

  /// The closure's current answer.
  public var isMet: Bool {
    get async { await check() }
  }
}

extension RunCondition where Self == ClosureCondition {
  /// A condition that holds when `isMet` returns `true`.
  ///
  /// ```swift
  /// let online: some RunCondition = .predicate("online") { await network.isOnline }
  /// ```
  ///
  /// - Parameters:
  ///   - description: What holds when the closure returns `true`.
  ///   - isMet: The check; cheap and free of side effects.
  /// - Returns: The condition.
  public static func predicate(
    _ description: String,
    _ isMet: @escaping @Sendable () async -> Bool
  ) -> ClosureCondition {
    ClosureCondition(description, isMet: isMet)
  }

  /// A condition whose check runs on the main actor.
  ///
  /// Use it for state that may only be read there: `@AppStorage` values,
  /// `UserDefaults`-backed settings observed by views, `@Observable`
  /// main-actor models, `FocusState`-derived flags. Reading such state from a
  /// background task returns stale or default values;
  /// here the compiler enforces the main-actor read and every evaluation
  /// hops there, so each tick sees the current value.
  ///
  /// ```swift
  /// let focusOff: some RunCondition = .not(.onMainActor("focus mode") { settings.isInFocusMode })
  /// ```
  ///
  /// - Parameters:
  ///   - description: What holds when the closure returns `true`.
  ///   - isMet: The check, run on the main actor; cheap and free of side effects.
  /// - Returns: The condition.
  public static func onMainActor(
    _ description: String,
    _ isMet: @escaping @MainActor @Sendable () -> Bool
  ) -> ClosureCondition {
    ClosureCondition(description) { await isMet() }
  }
}
