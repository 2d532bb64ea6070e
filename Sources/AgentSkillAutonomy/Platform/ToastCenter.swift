import AgentSkill
import Observation

/// The toasts an app shows, one at a time, each dismissed after its
/// duration on the center's clock; `AgentSkillUI`'s `.toasts(from:)`
/// presents ``current``.
///
/// ```swift
/// @MainActor func example() {
///   let center = ToastCenter()
///   center.show(Toast("Saved", action: .undo { print("undone") }))
///   if let toast = center.current { center.performAction(of: toast.id) }   // prints "undone", dismisses it
/// }
/// ```
///
/// Reading ``current`` or ``queued`` in a SwiftUI body or an observation
/// scope observes them.
@MainActor
public final class ToastCenter: Observable {
  private let registrar = ObservationRegistrar()
  private let clock: any Clock<Duration>
  private var storage: [Toast] = []
  private var dismissal: Task<Void, Never>?

  /// Creates a center.
  ///
  /// - Parameter clock: Times each toast's ``Toast/duration``. Defaults to
  ///   `ContinuousClock`; pass a `TestClock` in tests.
  public nonisolated init(clock: any Clock<Duration> = ContinuousClock()) {
    self.clock = clock
  }

  /// The toast shown now, if any.
  public var current: Toast? {
    registrar.access(self, keyPath: \.current)
    return storage.first
  }

  /// Every toast not yet dismissed: the current one first.
  public var queued: [Toast] {
    registrar.access(self, keyPath: \.current)
    return storage
  }

  /// Shows `toast` once the toasts before it are dismissed.
  ///
  /// - Parameter toast: The toast to show.
  public func show(_ toast: Toast) {
    mutate { $0.append(toast) }
    if storage.count == 1 { scheduleDismissal() }
  }

  /// Dismisses the toast with `id` without performing its action; does
  /// nothing when it is gone.
  ///
  /// - Parameter id: The toast's id.
  public func dismiss(id: Toast.ID) {
    guard let index = storage.firstIndex(where: { $0.id == id }) else { return }
    mutate { $0.remove(at: index) }
    if index == 0 { scheduleDismissal() }
  }

  /// Dismisses the toast with `id` and performs its action, once; does
  /// nothing when it is gone or has no action.
  ///
  /// - Parameter id: The toast's id.
  public func performAction(of id: Toast.ID) {
    guard let action = storage.first(where: { $0.id == id })?.action else { return }
    dismiss(id: id)
    action.perform()
  }

  private func mutate(_ change: (inout [Toast]) -> Void) {
    registrar.withMutation(of: self, keyPath: \.current) { change(&storage) }
  }

  /// Times the current toast's dismissal, replacing the previous timer.
  private func scheduleDismissal() {
    dismissal?.cancel()
    dismissal = nil
    guard let toast = storage.first else { return }
    let clock = clock
    dismissal = Task { [weak self] in
      do {
        try await clock.sleep(for: toast.duration)
      } catch {
        return
      }
      self?.dismiss(id: toast.id)
    }
  }
}
