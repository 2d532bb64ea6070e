import AgentSkill
import AgentSkillLLM
import Foundation

/// The saved reminders that are still ahead, soonest first.
package struct ListRemindersSkill: ToolSkill {
  /// The arguments.
  package struct Input: Decodable, Sendable {
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

  package let id = "list_reminders"
  package let displayName = LocalizedText("查看提醒", translations: ["en": "Reminders"])
  package let description = "查看已保存的提醒列表。Lists the saved upcoming reminders."
  package let tags = ["reminder"]
  package let keywords = [
    "我的提醒", "所有的提醒", "提醒列表", "查看提醒", "哪些提醒", "什么提醒", "提醒有哪些", "所有提醒", "my reminders", "list reminders",
    "list my reminders", "show reminders", "show my reminders", "upcoming reminders",
  ]
  package var requiredPermission: SkillPermission? { .reminders }

  package var inputSchema: JSONSchema {
    .object(properties: [
      "language": .string(description: "用户使用的语言 (the user's language)", enum: ["zh", "en"])
    ])
  }

  package func run(_ input: Input, context: SkillContext) async throws -> ToolOutput {
    let language = DemoLanguage(argument: input.language)
    let now = calendar.now()
    let upcoming = try store.load().document.reminders
      .compactMap { reminder in calendar.moment(from: reminder.at).map { (reminder, $0) } }
      .filter { $0.1 > now }
      .sorted { $0.1 < $1.1 }
    guard !upcoming.isEmpty else {
      return .text(language.pick("目前没有待办的提醒。", "You have no upcoming reminders."))
    }
    let lines = upcoming.map { reminder, date in
      "\(calendar.dayLabel(date, language)) \(calendar.timeString(date))  \(reminder.title)"
    }
    let summary =
      language.pick(
        "共有 \(upcoming.count) 个待办提醒：", "You have \(upcoming.count) upcoming reminder\(upcoming.count == 1 ? "" : "s"): "
      )
      + upcoming.map { reminder, date in
        "\(calendar.relativeDayLabel(date, language)) \(calendar.timeString(date)) \(reminder.title)"
      }.joined(separator: language.pick("；", "; ")) + language.pick("。", ".")
    return ToolOutput(summary: summary, display: .list(lines))
  }
}
