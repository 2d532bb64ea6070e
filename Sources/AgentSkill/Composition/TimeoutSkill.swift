/// A skill that must finish within a time limit on the injected clock.
/// Built with ``Skill/timeout(_:)``.
///
/// ```swift
/// let balance = CheckBalanceSkill().timeout(.seconds(10))
/// ```
///
/// What ``Skill/timeout(_:)`` returns; its documentation describes the behaviour.
public struct TimeoutSkill<Base: Skill>: Skill {
  /// The skill that is limited.
  package let base: Base
  /// The time limit.
  package let limit: Duration

  /// Wraps `base`; prefer ``Skill/timeout(_:)``.
  ///
  /// - Parameters:
  ///   - base: The skill to limit.
  ///   - limit: The time limit on the environment's clock.
  package init(_ base: Base, limit: Duration) {
    self.base = base
    self.limit = limit
  }

  /// The base skill's name.
  public var name: String { base.name }

  /// Checks `input` with the base skill's ``Skill/validate(_:)``.
  ///
  /// - Parameter input: The input.
  /// - Throws: The base skill's ``SkillInputRejection``.
  public func validate(_ input: Base.Input) throws(SkillInputRejection) {
    try base.validate(input)
  }

  /// Runs the base skill, racing it against the limit.
  ///
  /// - Parameters:
  ///   - input: The base skill's input.
  ///   - context: The run's context.
  /// - Returns: The base skill's output when it finishes first.
  /// - Throws: ``SkillTimeoutError`` when the limit passes first, whatever
  ///   the base skill throws, or `CancellationError`.
  public func run(_ input: Base.Input, context: SkillContext) async throws -> Base.Output {
    try context.checkCancellation()
    let timeout = SkillTimeoutError(skillName: base.name, limit: limit)
    guard limit > .zero else {
      context.logger.warning("timed out: the limit \(limit) is not positive")
      throw timeout
    }
    let base = self.base
    let limit = self.limit
    return try await withThrowingTaskGroup(of: Race<Base.Output>.self) { group in
      group.addTask { .finished(try await base.run(input, context: context)) }
      group.addTask {
        try await context.sleep(for: limit)
        return .timedOut
      }
      defer { group.cancelAll() }
      guard let winner = try await group.next() else { throw CancellationError() }
      switch winner {
      case .finished(let output):
        return output
      case .timedOut:
        context.logger.warning("timed out after \(limit)")
        throw timeout
      }
    }
  }
}

/// Which side of a timeout race finished first.
private enum Race<Output: Sendable>: Sendable {
  case finished(Output)
  case timedOut
}

extension Skill {
  /// This skill, limited to `limit` on the injected clock.
  ///
  /// ```swift
  /// let balance = CheckBalanceSkill().timeout(.seconds(10))
  /// ```
  ///
  /// - The skill races the limit on the environment's clock (so a `TestClock`
  ///   decides when it fires). Whichever finishes first wins; the other side is
  ///   cancelled.
  /// - When the limit passes first the skill is cancelled and
  ///   ``SkillTimeoutError`` is thrown as soon as the skill has stopped. The
  ///   race is structured: the skill never outlives the run, so it must honour
  ///   cancellation — as every skill should — for the timeout to end promptly.
  /// - A limit of zero or less times out at once without starting the skill.
  /// - Cancelling the run cancels both sides and throws `CancellationError`.
  ///
  /// - Parameter limit: The time limit; zero or less times out at once.
  /// - Returns: The limited skill, which throws ``SkillTimeoutError`` when the limit passes.
  public func timeout(_ limit: Duration) -> TimeoutSkill<Self> {
    TimeoutSkill(self, limit: limit)
  }
}
