import Foundation

/// Where the assistant saves reminders: the user's Reminders (EventKit) on
/// Apple platforms, memory elsewhere (Linux) and in tests.
///
/// ``ReminderSkill`` asks the user to confirm before it calls ``add(_:)``.
protocol ReminderStore: Sendable {
  /// Saves a reminder.
  ///
  /// - Parameter reminder: What to be reminded of, and when.
  /// - Returns: The saved reminder, with the list it was saved to.
  /// - Throws: ``ReminderStoreError`` saying what the user can do about it.
  func add(_ reminder: NewReminder) async throws(ReminderStoreError) -> SavedReminder
}

/// A reminder to save.
struct NewReminder: Sendable, Hashable {
  /// What to be reminded of.
  var title: String
  /// When.
  var due: Date
}

/// A reminder a ``ReminderStore`` saved.
struct SavedReminder: Sendable, Hashable {
  /// The store's identifier for it.
  var id: String
  /// What to be reminded of.
  var title: String
  /// When.
  var due: Date
  /// The name of the list it was saved to, such as `Reminders`.
  var list: String
}

extension ReminderSkill {
  /// The store this platform offers: the user's Reminders through EventKit
  /// where EventKit exists, otherwise memory for this session.
  static func platformStore() -> any ReminderStore {
    #if canImport(EventKit)
      EventKitReminderStore()
    #else
      InMemoryReminderStore()
    #endif
  }
}
