import AgentSkill

/// Collects streamed text and hands it over in batches: the first delta
/// after a batch opens a window on the clock, and everything received until
/// the window ends is delivered together.
///
/// Over a stream lasting `T`, text is delivered at most `T / window + 1`
/// times; with a `TestClock` that is not advanced, never before ``take()``.
final class TextBatcher: Sendable {
  private struct State {
    var pending = ""
    var windowOpen = false
  }

  private let state = LockIsolated(State())
  private let signals: AsyncStream<Void>
  private let signal: AsyncStream<Void>.Continuation

  init() {
    (signals, signal) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
  }

  /// Adds text; opens a window when none is open.
  func append(_ text: String) {
    let opens = state.withValue { state -> Bool in
      state.pending += text
      guard !state.windowOpen else { return false }
      state.windowOpen = true
      return true
    }
    if opens { signal.yield() }
  }

  /// Takes the text not yet delivered and closes the window.
  func take() -> String {
    state.withValue { state in
      let text = state.pending
      state.pending = ""
      state.windowOpen = false
      return text
    }
  }

  /// Delivers a batch at the end of every window until ``finish()`` or cancellation.
  func deliverBatches(every window: Duration, on clock: any Clock<Duration>, _ deliver: (String) -> Void) async {
    for await _ in signals {
      if window > .zero {
        do {
          try await sleep(on: clock, for: window)
        } catch {
          return
        }
      }
      let text = take()
      if !text.isEmpty { deliver(text) }
    }
  }

  /// Ends ``deliverBatches(every:on:_:)``.
  func finish() {
    signal.finish()
  }
}

/// A stopwatch on an existential clock.
func stopwatch<C: Clock>(on clock: C) -> @Sendable () -> Duration where C.Duration == Duration {
  clock.stopwatch()
}
