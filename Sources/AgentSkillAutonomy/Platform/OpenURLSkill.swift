import AgentSkill
import Foundation

/// A platform skill that opens a URL through the injected
/// `SkillDependencies.platform`, on the main actor.
///
/// ```swift
/// let help = SkillRunner(OpenURLSkill())
/// ```
public struct OpenURLSkill: Skill {
  /// Creates the skill.
  public init() {}

  /// Opens `url`.
  ///
  /// - Parameters:
  ///   - url: The URL to open.
  ///   - context: The run's context; its dependencies hold the platform services.
  /// - Returns: Whether the URL was opened.
  /// - Throws: `CancellationError` when cancelled before opening it.
  public func run(_ url: URL, context: SkillContext) async throws -> Bool {
    try context.checkCancellation()
    return await context.dependencies.platform.open(url)
  }
}
