import AgentSkill
import AgentSkillLLM
import Foundation

/// "明天下午三点提醒我开周会" (remind me of the weekly meeting at 3 pm
/// tomorrow) — saves a reminder, after the
/// user confirms (``requiresConfirmation``).
package struct CreateReminderSkill: ToolSkill {
  /// The arguments.
  package struct Input: Decodable, Sendable {
    /// What to be reminded of.
    let title: String
    /// When, RFC 3339.
    let at: String
    /// The user's language, `zh` or `en`.
    let language: String?
  }

  let store: ReminderStore
  let calendar: DemoCalendar

  /// Creates the skill.
  package init(store: ReminderStore, calendar: DemoCalendar) {
    self.store = store
    self.calendar = calendar
  }

  package let id = "create_reminder"
  package let displayName = LocalizedText("创建提醒", translations: ["en": "New reminder"])
  package let description = "创建提醒：在指定时间提醒用户做一件事。Creates a reminder for the user at a given time."
  package let tags = ["reminder"]
  package let keywords = [
    "提醒我", "提醒一下", "设个提醒", "设一个提醒", "设置提醒", "新建提醒", "创建提醒", "加个提醒", "添加提醒", "记得提醒",
    "别忘了", "闹钟", "remind me", "reminder", "alarm",
  ]
  package let requiresConfirmation = true
  package var requiredPermission: SkillPermission? { .reminders }

  package var inputSchema: JSONSchema {
    .object(
      properties: [
        "title": .string(title: "提醒内容", description: "要提醒的事，如 开周会 (reminder text)", minLength: 1),
        "at": .string(description: "提醒时间，RFC 3339，带时区 (reminder time, RFC 3339 with offset)", format: .dateTime),
        "language": .string(description: "用户使用的语言 (the user's language)", enum: ["zh", "en"]),
      ],
      required: ["title", "at"]
    )
  }

  package var validators: [ArgumentValidator] {
    let calendar = self.calendar
    return [
      .rule(at: "/at", keyword: "future") { value in
        guard let text = value.stringValue else { return nil }
        guard let date = calendar.moment(from: text) else {
          return "must be a date and time such as 2026-03-07T15:00:00+08:00"
        }
        guard date > calendar.now() else {
          return "must be in the future (it is \(calendar.timestamp(calendar.now())) now)"
        }
        return nil
      }
    ]
  }

  package func run(_ input: Input, context: SkillContext) async throws -> ToolOutput {
    let language = DemoLanguage(argument: input.language)
    guard let date = calendar.moment(from: input.at) else {
      throw ToolSkillError.invalidArguments(
        skillID: id,
        violations: [SchemaViolation(path: "/at", keyword: "format", message: "must be an RFC 3339 date and time")])
    }
    let title = input.title.trimmingCharacters(in: .whitespacesAndNewlines)
    let (reminder, notice) = try store.add(title: title, at: date)
    context.logger.info("saved reminder \(reminder.id) at \(reminder.at)")
    let when = "\(calendar.relativeDayLabel(date, language)) \(calendar.timeString(date))"
    var summary = language.pick("已创建提醒：\(when) \(title)。", "Reminder set for \(when): \(title).")
    if let notice { summary = notice.text(language) + "\n" + summary }
    return ToolOutput(
      summary: summary,
      display: .keyValues(
        ToolKeyValues(
          title: language.pick("提醒已保存", "Reminder saved"),
          pairs: [
            ToolKeyValues.Pair(language.pick("内容", "What"), title),
            ToolKeyValues.Pair(
              language.pick("时间", "When"), "\(calendar.dayLabel(date, language)) \(calendar.timeString(date))"),
            ToolKeyValues.Pair(language.pick("编号", "ID"), reminder.id),
          ])))
  }
}
