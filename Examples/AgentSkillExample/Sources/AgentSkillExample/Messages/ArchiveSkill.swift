import AgentSkill
import Foundation

/// Archives messages one by one, reporting progress: the long-running
/// action the screen runs with a `SkillRunner` and shows with `SkillStatusView`.
struct ArchiveSkill: Skill {
  /// Archiving needs at least one message.
  struct NothingToArchive: LocalizedError {
    var errorDescription: String? { "There is nothing to archive yet." }
  }

  func run(_ messages: [Message], context: SkillContext) async throws -> Int {
    guard !messages.isEmpty else { throw NothingToArchive() }
    for index in messages.indices {
      try await context.sleep(for: .milliseconds(40))
      context.reportProgress(Double(index + 1) / Double(messages.count))
    }
    return messages.count
  }
}
