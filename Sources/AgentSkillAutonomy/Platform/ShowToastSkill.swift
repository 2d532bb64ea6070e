import AgentSkill

/// A platform skill that shows a toast through the injected
/// `SkillDependencies.platform`, on the main actor.
///
/// ```swift
/// let show = ShowToastSkill()
/// let report = SkillRunner(show)
/// ```
public struct ShowToastSkill: Skill {
  /// Creates the skill.
  public init() {}

  /// Shows `toast`.
  ///
  /// - Parameters:
  ///   - toast: The toast to show.
  ///   - context: The run's context; its dependencies hold the platform services.
  /// - Throws: `CancellationError` when cancelled before showing it.
  public func run(_ toast: Toast, context: SkillContext) async throws {
    try context.checkCancellation()
    await context.dependencies.platform.show(toast)
  }
}
