import Observation

/// Wakes the assistant's render loop when the chat agent changes (through
/// Observation, as SwiftUI would) or when a turn ends.
@MainActor
final class ChangeSignal {
  private var continuation: CheckedContinuation<Void, Never>?
  private var pending = false

  /// Runs `render`, tracking what it reads; any later change to that wakes ``wait()``.
  func track(_ render: () -> Void) {
    withObservationTracking(render) { [weak self] in
      Task { @MainActor in self?.wake() }
    }
  }

  /// Suspends until ``wake()``; returns at once if it was already called.
  func wait() async {
    if pending {
      pending = false
      return
    }
    await withCheckedContinuation { continuation = $0 }
  }

  /// Resumes the waiter, or lets the next ``wait()`` return at once.
  func wake() {
    if let continuation {
      self.continuation = nil
      continuation.resume()
    } else {
      pending = true
    }
  }
}
