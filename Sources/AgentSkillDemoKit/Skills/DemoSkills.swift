import AgentSkill
import AgentSkillLLM
import Foundation

/// The demo assistant's skills, registered in one registry, and the notices
/// from opening their data files.
package enum DemoSkills {
  /// A registry with the ledger, weather and reminder skills, with the
  /// reminders permission granted.
  ///
  /// - Parameters:
  ///   - dataDirectory: Where the ledger and reminders live.
  ///   - calendar: "Now" and the time zone.
  /// - Returns: The registry and what the user should be told about the data files.
  /// - Throws: ``DemoFileError`` when a data file cannot be read or written.
  @MainActor
  package static func makeRegistry(dataDirectory: URL, calendar: DemoCalendar) throws -> (
    registry: SkillRegistry, notices: [DemoNotice]
  ) {
    let ledger = LedgerStore(directory: dataDirectory, calendar: calendar)
    let reminders = ReminderStore(directory: dataDirectory, calendar: calendar)
    var notices: [DemoNotice] = []
    if let notice = try ledger.load().notice { notices.append(notice) }
    if let notice = try reminders.load().notice, notice.isWarning { notices.append(notice) }
    let registry = SkillRegistry(grantedPermissions: [.reminders])
    try registry.register(contentsOf: [
      LedgerQuerySkill(store: ledger, calendar: calendar),
      WeatherSkill(calendar: calendar),
      CreateReminderSkill(store: reminders, calendar: calendar),
      ListRemindersSkill(store: reminders, calendar: calendar),
    ])
    return (registry, notices)
  }
}
