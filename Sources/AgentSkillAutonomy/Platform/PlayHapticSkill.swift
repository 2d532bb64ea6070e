import AgentSkill

/// A platform skill that plays a haptic through the injected
/// `SkillDependencies.platform`, on the main actor.
///
/// ```swift
/// let confirm = SkillRunner(PlayHapticSkill())
/// ```
public struct PlayHapticSkill: Skill {
  /// Creates the skill.
  public init() {}

  /// Plays `haptic`.
  ///
  /// - Parameters:
  ///   - haptic: The haptic to play.
  ///   - context: The run's context; its dependencies hold the platform services.
  /// - Throws: `CancellationError` when cancelled before playing it.
  public func run(_ haptic: Haptic, context: SkillContext) async throws {
    try context.checkCancellation()
    await context.dependencies.platform.play(haptic)
  }
}
