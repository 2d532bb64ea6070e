import Foundation

/// The reminders file `reminders.json` in the data directory.
package struct ReminderStore: Sendable {
  /// The file name.
  package static let fileName = "reminders.json"

  private let file: DemoFileStore<ReminderDocument>
  private let calendar: DemoCalendar

  /// Creates a store in `directory`.
  package init(directory: URL, calendar: DemoCalendar) {
    self.file = DemoFileStore(directory: directory, fileName: Self.fileName, calendar: calendar)
    self.calendar = calendar
  }

  /// The file's location.
  package var url: URL { file.url }

  /// Reads the reminders (none on first use; a corrupt file is backed up).
  ///
  /// - Throws: ``DemoFileError`` when the file cannot be read or written.
  package func load() throws(DemoFileError) -> DemoFileStore<ReminderDocument>.Loaded {
    try file.load { ReminderDocument() }
  }

  /// Saves a new reminder.
  ///
  /// - Parameters:
  ///   - title: What to be reminded of.
  ///   - at: When.
  /// - Returns: The saved reminder and a notice about the file, if any.
  /// - Throws: ``DemoFileError`` when the file cannot be written.
  package func add(title: String, at: Date) throws(DemoFileError) -> (Reminder, DemoNotice?) {
    let loaded = try load()
    var document = loaded.document
    let number = (document.reminders.compactMap { Int($0.id.dropFirst()) }.max() ?? 0) + 1
    let reminder = Reminder(
      id: "r\(number)", title: title, at: calendar.timestamp(at), createdAt: calendar.timestamp(calendar.now()))
    document.reminders.append(reminder)
    try file.save(document)
    return (reminder, loaded.notice.flatMap { $0.isWarning ? $0 : nil })
  }
}
