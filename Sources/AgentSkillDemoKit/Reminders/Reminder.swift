/// A reminder saved by the demo.
package struct Reminder: Sendable, Hashable, Codable {
  /// A stable identifier, `r1`, `r2`, …
  package var id: String
  /// What to be reminded of.
  package var title: String
  /// When, RFC 3339 (`2026-03-07T15:00:00+08:00`).
  package var at: String
  /// When it was created, RFC 3339.
  package var createdAt: String

  /// Creates a reminder.
  package init(id: String, title: String, at: String, createdAt: String) {
    self.id = id
    self.title = title
    self.at = at
    self.createdAt = createdAt
  }
}

/// The reminders file: `{"version": 1, "reminders": [...]}`.
package struct ReminderDocument: Sendable, Hashable, Codable {
  /// The format version.
  package var version: Int
  /// The reminders, oldest first.
  package var reminders: [Reminder]

  /// Creates a document.
  package init(version: Int = 1, reminders: [Reminder] = []) {
    self.version = version
    self.reminders = reminders
  }
}
