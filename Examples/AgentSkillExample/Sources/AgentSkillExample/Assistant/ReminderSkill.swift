import AgentSkill
import AgentSkillLLM
import Foundation

/// "明天下午三点提醒我开周会": creates a reminder — only after the user
/// confirms in the chat (``requiresConfirmation``), since it changes data.
struct ReminderSkill: ToolSkill {
  struct Input: Decodable, Sendable {
    /// What to be reminded of.
    let title: String
    /// When, RFC 3339.
    let at: String
  }

  let id = "create_reminder"
  let displayName = LocalizedText("创建提醒", translations: ["en": "New reminder"])
  let description = "创建提醒：在指定时间提醒用户做一件事。Creates a reminder at a given time."
  let tags = ["reminder"]
  let keywords = ["提醒我", "提醒", "别忘了", "remind me", "reminder"]
  let requiresConfirmation = true

  var inputSchema: JSONSchema {
    .object(
      properties: [
        "title": .string(description: "要提醒的事，如 开周会 (what to remind of)", minLength: 1),
        "at": .string(description: "提醒时间，RFC 3339 (when)", format: .dateTime),
      ],
      required: ["title", "at"]
    )
  }

  func run(_ input: Input, context: SkillContext) async throws -> ToolOutput {
    // A real app would add it with EventKit here.
    let when = (try? Date(input.at, strategy: .iso8601))?.formatted(date: .abbreviated, time: .shortened) ?? input.at
    return ToolOutput(
      summary: "已创建提醒：\(when) \(input.title)。",
      display: .keyValues(ToolKeyValues(title: "新提醒", pairs: [.init("内容", input.title), .init("时间", when)])))
  }
}
