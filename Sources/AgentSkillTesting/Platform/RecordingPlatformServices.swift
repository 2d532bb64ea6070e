import AgentSkill
import AgentSkillAutonomy
import Foundation

/// A ``/AgentSkillAutonomy/PlatformServices`` double that records the toasts,
/// haptics and URLs skills ask for, and taps a toast's action when the test
/// says so.
///
/// ```swift
/// let platform = RecordingPlatformServices()
/// var environment = SkillEnvironment(clock: TestClock())
/// environment.dependencies.platform = platform
/// let runner = SkillRunner(ShowToastSkill(), environment: environment)
/// await runner.perform(Toast("Saved", action: .undo { print("undone") })).value
/// platform.tapAction()        // prints "undone"
/// print(platform.toasts.map(\.message))   // ["Saved"]
/// ```
@MainActor
public final class RecordingPlatformServices: PlatformServices {
  /// Every toast shown, in order.
  public private(set) var toasts: [Toast] = []
  /// Every haptic played, in order, including those of toasts.
  public private(set) var haptics: [Haptic] = []
  /// Every URL opened, in order.
  public private(set) var openedURLs: [URL] = []
  /// What ``open(_:)`` returns.
  public var opensURLs: Bool
  private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

  /// Creates a recorder.
  ///
  /// - Parameter opensURLs: What ``open(_:)`` returns. Defaults to `true`.
  public nonisolated init(opensURLs: Bool = true) {
    self.opensURLs = opensURLs
  }

  /// Records `toast` and its haptic.
  ///
  /// - Parameter toast: The toast shown.
  public func show(_ toast: Toast) {
    toasts.append(toast)
    if let haptic = toast.haptic { haptics.append(haptic) }
    let ready = waiters.filter { $0.count <= toasts.count }
    waiters.removeAll { $0.count <= toasts.count }
    for waiter in ready { waiter.continuation.resume() }
  }

  /// Records `haptic`.
  ///
  /// - Parameter haptic: The haptic played.
  public func play(_ haptic: Haptic) {
    haptics.append(haptic)
  }

  /// Records `url`.
  ///
  /// - Parameter url: The URL opened.
  /// - Returns: ``opensURLs``.
  public func open(_ url: URL) async -> Bool {
    openedURLs.append(url)
    return opensURLs
  }

  /// The last toast shown.
  public var lastToast: Toast? { toasts.last }

  /// Performs the action of `toast` (the last toast shown by default), as a
  /// tap on its button does.
  ///
  /// - Parameter toast: The toast whose action to perform; the last one when `nil`.
  /// - Returns: Whether there was an action to perform.
  @discardableResult
  public func tapAction(of toast: Toast? = nil) -> Bool {
    guard let action = (toast ?? toasts.last)?.action else { return false }
    action.perform()
    return true
  }

  /// Returns once `count` toasts in all have been shown.
  ///
  /// - Parameter count: How many toasts to wait for.
  public func waitForToasts(_ count: Int) async {
    guard toasts.count < count else { return }
    await withCheckedContinuation { continuation in
      waiters.append((count, continuation))
    }
  }
}
