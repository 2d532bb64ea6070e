/// A skill that, when it fails, runs another skill with the same input.
/// Built with ``Skill/fallback(to:)`` or ``Skill/fallback(to:when:)``.
///
/// ```swift
/// let feed = LiveFeedSkill().fallback(to: CachedFeedSkill())
/// let offlineFeed = LiveFeedSkill().fallback(to: CachedFeedSkill(), when: { $0 is URLError })
/// ```
///
/// What ``Skill/fallback(to:)`` and ``Skill/fallback(to:when:)`` return; their documentation describes the behaviour.
public struct FallbackSkill<Primary: Skill, Fallback: Skill>: Skill
where Primary.Input == Fallback.Input, Primary.Output == Fallback.Output {
  /// The skill tried first.
  package let primary: Primary
  /// The skill run when the primary fails.
  package let fallback: Fallback
  private let shouldFallBack: @Sendable (any Error) -> Bool

  /// Creates the pair; prefer ``Skill/fallback(to:)`` and ``Skill/fallback(to:when:)``.
  ///
  /// - Parameters:
  ///   - primary: The skill tried first.
  ///   - fallback: The skill run when the primary fails.
  ///   - shouldFallBack: Which of the primary's errors trigger the fallback.
  package init(
    _ primary: Primary,
    fallback: Fallback,
    when shouldFallBack: @escaping @Sendable (any Error) -> Bool = { _ in true }
  ) {
    self.primary = primary
    self.fallback = fallback
    self.shouldFallBack = shouldFallBack
  }

  /// `Fallback(primary,fallback)`, such as `Fallback(CachedProfileSkill,FetchProfileSkill)`.
  public var name: String { "Fallback(\(primary.name),\(fallback.name))" }

  /// Runs the primary skill and, when it fails with an accepted error, the fallback.
  ///
  /// - Parameters:
  ///   - input: The input both skills receive.
  ///   - context: The run's context.
  /// - Returns: The output of whichever skill succeeded.
  /// - Throws: The primary's error when it is not accepted, the fallback's
  ///   error when it fails too, or `CancellationError`.
  public func run(_ input: Primary.Input, context: SkillContext) async throws -> Primary.Output {
    do {
      return try await context.scoped(progress: 0...1, skillName: primary.name).execute(primary, input)
    } catch {
      if isCancellation(error) || !shouldFallBack(error) { throw error }
      context.logger.info("falling back to \(fallback.name) after: \(describe(error))")
    }
    try context.checkCancellation()
    return try await context.scoped(progress: 0...1, skillName: fallback.name).execute(fallback, input)
  }
}

extension Skill {
  /// This skill, or `other` with the same input when this one fails.
  ///
  /// ```swift
  /// let feed = LiveFeedSkill().fallback(to: CachedFeedSkill())
  /// ```
  ///
  /// - The fallback runs only after a failure that is not a cancellation and
  ///   that `when` accepts (every failure by default). It logs
  ///   `falling back to FetchProfileSkill after: …` at info level.
  /// - When the fallback fails too, its error is thrown (the primary's error
  ///   is in the log).
  /// - Each side runs in a context named after it. Both report progress over
  ///   0…1; a ``SkillRunner`` never shows progress going backwards, so after a
  ///   failure its bar holds until the fallback passes the primary's last value.
  ///
  /// - Parameter other: The skill to run after a failure.
  /// - Returns: The combined skill.
  public func fallback<Other: Skill>(to other: Other) -> FallbackSkill<Self, Other>
  where Other.Input == Input, Other.Output == Output {
    FallbackSkill(self, fallback: other)
  }

  /// This skill, or `other` with the same input when this one fails with an
  /// error `shouldFallBack` accepts; other errors are thrown unchanged.
  ///
  /// ```swift
  /// let feed = LiveFeedSkill().fallback(to: CachedFeedSkill(), when: { $0 is URLError })
  /// ```
  ///
  /// - Parameters:
  ///   - other: The skill to run after an accepted failure.
  ///   - shouldFallBack: Decides from the error whether to fall back.
  /// - Returns: The combined skill.
  public func fallback<Other: Skill>(
    to other: Other,
    when shouldFallBack: @escaping @Sendable (any Error) -> Bool
  ) -> FallbackSkill<Self, Other> where Other.Input == Input, Other.Output == Output {
    FallbackSkill(self, fallback: other, when: shouldFallBack)
  }
}
