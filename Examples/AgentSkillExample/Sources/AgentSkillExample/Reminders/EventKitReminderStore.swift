#if canImport(EventKit)
  import EventKit
  import Foundation

  /// Saves reminders to the user's default Reminders list with EventKit.
  ///
  /// The first reminder asks for full access to Reminders (iOS 17 and macOS
  /// 14 `requestFullAccessToReminders()`); the system shows the app's
  /// `NSRemindersFullAccessUsageDescription`, which its Info.plist must
  /// contain (the example's README says how). When access is off, the error
  /// says where to turn it on.
  ///
  /// `EKEventStore` is not `Sendable`: the long-lived store is made once
  /// access is granted and never leaves this actor.
  actor EventKitReminderStore: ReminderStore {
    /// The Info.plist key the access request needs.
    static let usageDescriptionKey = "NSRemindersFullAccessUsageDescription"

    private let calendar: Calendar
    private var eventStore: EKEventStore?

    /// Creates a store.
    ///
    /// - Parameter calendar: Turns due dates into the date components
    ///   Reminders shows. Defaults to the user's calendar and time zone.
    init(calendar: Calendar = .current) {
      self.calendar = calendar
    }

    func add(_ reminder: NewReminder) async throws(ReminderStoreError) -> SavedReminder {
      let store = try await authorizedStore()
      guard let list = store.defaultCalendarForNewReminders() else { throw .noDefaultList }
      let item = EKReminder(eventStore: store)
      item.title = reminder.title
      item.calendar = list
      var due = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: reminder.due)
      due.calendar = calendar
      due.timeZone = calendar.timeZone
      item.dueDateComponents = due
      // A due date alone does not notify; the alarm does, at the same moment.
      item.addAlarm(EKAlarm(absoluteDate: reminder.due))
      do {
        try store.save(item, commit: true)
      } catch {
        throw .saveFailed(reason: error.localizedDescription)
      }
      return SavedReminder(id: item.calendarItemIdentifier, title: reminder.title, due: reminder.due, list: list.title)
    }

    /// The event store, once the user has granted full access to Reminders;
    /// asks the first time.
    private func authorizedStore() async throws(ReminderStoreError) -> EKEventStore {
      switch EKEventStore.authorizationStatus(for: .reminder) {
      case .fullAccess:
        break
      case .denied, .writeOnly:
        throw .accessDenied
      case .restricted:
        throw .accessRestricted
      default:
        // Not asked yet (or a status newer than this code): ask.
        try await requestAccess()
      }
      if let eventStore { return eventStore }
      let store = EKEventStore()
      eventStore = store
      return store
    }

    /// Shows the system's access prompt.
    private func requestAccess() async throws(ReminderStoreError) {
      // Without the usage description, the request crashes an iOS app.
      guard Bundle.main.object(forInfoDictionaryKey: Self.usageDescriptionKey) != nil else {
        throw .missingUsageDescription
      }
      let granted: Bool
      do {
        // A store of its own: the request runs outside this actor, and the
        // long-lived store, made after the answer, must never leave it.
        granted = try await EKEventStore().requestFullAccessToReminders()
      } catch {
        throw .accessRequestFailed(reason: error.localizedDescription)
      }
      guard granted else {
        throw EKEventStore.authorizationStatus(for: .reminder) == .restricted ? .accessRestricted : .accessDenied
      }
    }
  }
#endif
