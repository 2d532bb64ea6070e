import Foundation

/// Why a reminder was not saved, each message saying what the user can do.
///
/// The chat shows the message: ``ToolSkillError`` reads `errorDescription`.
enum ReminderStoreError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
  /// The user turned Reminders access off for the app, or declined when asked.
  case accessDenied
  /// Screen Time or a device management profile does not let the app ask.
  case accessRestricted
  /// The app cannot ask for access: its Info.plist lacks the usage description.
  case missingUsageDescription
  /// Asking for access failed.
  ///
  /// - Parameter reason: EventKit's explanation.
  case accessRequestFailed(reason: String)
  /// Reminders has no list to save new reminders to.
  case noDefaultList
  /// EventKit did not save the reminder.
  ///
  /// - Parameter reason: EventKit's explanation.
  case saveFailed(reason: String)

  /// Where the user turns Reminders access on.
  static var privacySettings: String {
    #if os(macOS)
      "System Settings › Privacy & Security › Reminders"
    #else
      "Settings › Privacy & Security › Reminders"
    #endif
  }

  /// What went wrong and how to fix it.
  var description: String {
    switch self {
    case .accessDenied:
      "Reminders access is off: allow it in \(Self.privacySettings), then ask again."
    case .accessRestricted:
      "Reminders access is restricted on this device (Screen Time or a management profile): "
        + "ask whoever manages the device to allow it, then ask again."
    case .missingUsageDescription:
      "This build of the app cannot ask for Reminders access: add NSRemindersFullAccessUsageDescription, "
        + "with a sentence saying why, to its Info.plist (see the example's README)."
    case .accessRequestFailed(let reason):
      "Could not ask for Reminders access (\(reason)): try again, or allow it in \(Self.privacySettings)."
    case .noDefaultList:
      "Reminders has no list for new reminders: open Reminders, create a list, then ask again."
    case .saveFailed(let reason):
      "Reminders did not save the reminder (\(reason)): open Reminders to check that its lists are available, "
        + "then ask again."
    }
  }

  /// The same as ``description``.
  var errorDescription: String? { description }
}
