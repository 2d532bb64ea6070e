import AgentSkill

/// Coalesces streamed text into batches delivered at most once per window
/// on a clock (batching every 80–120 ms keeps the view smooth; writing
/// every delta does not).
///
/// The first delta after a delivery opens a window; when the window ends,
/// everything received meanwhile is delivered as one batch. Deliveries are
/// therefore at least one window apart, and over a stream lasting `T` there
/// are at most `T / window` of them plus the final ``takeRemainder()``.
/// Nothing is lost: every appended character is in exactly one batch, in order.
final class DeltaBatcher: Sendable {
  private struct State {
    /// Text received since the last delivery.
    var pending = ""
    /// Everything received, when `keepsText` is set.
    var received = ""
  }

  private let state = LockIsolated(State())
  private let keepsText: Bool
  private let timeline: ClockTimeline
  private let deliver: @Sendable (String) -> Void
  private let windowStarts: AsyncStream<Duration>
  private let windowContinuation: AsyncStream<Duration>.Continuation

  /// Creates a batcher.
  ///
  /// - Parameters:
  ///   - timeline: The clock windows are measured on.
  ///   - keepsText: Whether to keep the whole text for ``text``.
  ///   - deliver: Receives each batch; called with the lock held, so batches arrive in order.
  init(timeline: ClockTimeline, keepsText: Bool, deliver: @escaping @Sendable (String) -> Void) {
    self.timeline = timeline
    self.keepsText = keepsText
    self.deliver = deliver
    (windowStarts, windowContinuation) = AsyncStream.makeStream(of: Duration.self)
  }

  /// Adds a delta; opens a window when nothing was pending.
  func append(_ delta: String) {
    guard !delta.isEmpty else { return }
    state.withValue { state in
      if state.pending.isEmpty { windowContinuation.yield(timeline.now) }
      state.pending += delta
      if keepsText { state.received += delta }
    }
  }

  /// Delivers the pending text as one batch, if there is any.
  func flush() {
    state.withValue { state in
      guard !state.pending.isEmpty else { return }
      let batch = state.pending
      state.pending = ""
      deliver(batch)
    }
  }

  /// Removes and returns the pending text, for a final batch delivered with other effects.
  func takeRemainder() -> String {
    state.withValue { state in
      let rest = state.pending
      state.pending = ""
      return rest
    }
  }

  /// The whole text received (when created with `keepsText`).
  var text: String { state.value.received }

  /// Delivers a batch when each window ends, until ``close()`` or cancellation.
  ///
  /// - Parameter window: How long a window lasts.
  func deliverWindows(every window: Duration) async {
    for await start in windowStarts {
      do {
        try await timeline.sleep(until: start + window, tolerance: nil)
      } catch {
        return
      }
      flush()
    }
  }

  /// Ends ``deliverWindows(every:)`` once it has handled the windows opened so far.
  func close() {
    windowContinuation.finish()
  }
}
