import AgentSkill
import AgentSkillLLM
import Foundation

/// "明天下午三点提醒我开周会": creates a reminder — only after the user
/// confirms in the chat (``requiresConfirmation``), since it changes data.
///
/// The reminder goes to a ``ReminderStore``: by default the user's
/// Reminders through EventKit on Apple platforms (``EventKitReminderStore``),
/// memory elsewhere (``InMemoryReminderStore``). When the store cannot save
/// it — Reminders access off, no list — the chat says why and how to fix it.
struct ReminderSkill: ToolSkill {
  struct Input: Decodable, Sendable {
    /// What to be reminded of.
    let title: String
    /// When, RFC 3339.
    let at: String
  }

  /// Where reminders are saved.
  let store: any ReminderStore

  /// Creates the skill.
  ///
  /// - Parameter store: Where reminders are saved. Defaults to
  ///   ``platformStore()``: EventKit where it exists, memory elsewhere.
  init(store: any ReminderStore = ReminderSkill.platformStore()) {
    self.store = store
  }

  /// The skill's id in a registry.
  static let skillID = "create_reminder"
  let id = ReminderSkill.skillID
  let displayName = LocalizedText("创建提醒", translations: ["en": "New reminder"])
  let description = "创建提醒：在指定时间提醒用户做一件事。Creates a reminder at a given time."
  let tags = ["reminder"]
  let keywords = ["提醒我", "提醒", "别忘了", "remind me", "reminder"]
  let requiresConfirmation = true

  var inputSchema: JSONSchema {
    .object(
      properties: [
        "title": .string(description: "要提醒的事，如 开周会 (what to remind of)", minLength: 1),
        "at": .string(description: "提醒时间，RFC 3339，带时区 (when, RFC 3339 with offset)", format: .dateTime),
      ],
      required: ["title", "at"]
    )
  }

  var validators: [ArgumentValidator] {
    [
      .rule(at: "/title", keyword: "minLength") { value in
        value.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty == true
          ? "must say what to remind of" : nil
      },
      .rule(at: "/at", keyword: "format") { value in
        guard let text = value.stringValue else { return nil }
        return Self.date(from: text) == nil ? Self.dateProblem : nil
      },
    ]
  }

  func run(_ input: Input, context: SkillContext) async throws -> ToolOutput {
    guard let due = Self.date(from: input.at) else {
      throw ToolSkillError.invalidArguments(
        skillID: id, violations: [SchemaViolation(path: "/at", keyword: "format", message: Self.dateProblem)])
    }
    let title = input.title.trimmingCharacters(in: .whitespacesAndNewlines)
    let saved = try await store.add(NewReminder(title: title, due: due))
    context.logger.info("saved reminder \(saved.id)")
    let when = due.formatted(date: .abbreviated, time: .shortened)
    return ToolOutput(
      summary: "已创建提醒：\(when) \(title)（\(saved.list)）。",
      display: .keyValues(
        ToolKeyValues(
          title: "新提醒",
          pairs: [.init("内容", title), .init("时间", when), .init("列表", saved.list)])))
  }

  /// What a bad `at` is told.
  static let dateProblem = "must be an RFC 3339 date and time with an offset, such as 2026-03-07T15:00:00+08:00"

  /// The moment `text` names: RFC 3339, with or without fractional seconds.
  static func date(from text: String) -> Date? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    return (try? Date(trimmed, strategy: .iso8601))
      ?? (try? Date(trimmed, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
  }
}
