import Foundation

/// Keeps reminders in memory for as long as the app runs: the store where
/// EventKit does not exist (Linux), and a stand-in for the user's Reminders
/// in tests.
actor InMemoryReminderStore: ReminderStore {
  /// The list name reported for saved reminders.
  static let listName = "This session (not saved to Reminders)"

  /// The saved reminders, oldest first.
  private(set) var reminders: [SavedReminder] = []
  private let failure: ReminderStoreError?

  /// Creates an empty store.
  ///
  /// - Parameter failure: An error every ``add(_:)`` throws instead of
  ///   saving, to show how the app explains it; `nil` to save.
  init(failingWith failure: ReminderStoreError? = nil) {
    self.failure = failure
  }

  func add(_ reminder: NewReminder) async throws(ReminderStoreError) -> SavedReminder {
    if let failure { throw failure }
    let saved = SavedReminder(
      id: "r\(reminders.count + 1)", title: reminder.title, due: reminder.due, list: Self.listName)
    reminders.append(saved)
    return saved
  }
}
