#if canImport(SwiftUI)
  import SwiftUI

  extension View {
    /// Performs `action` once `value` has stopped changing for `interval`:
    /// a burst of changes — keystrokes in a search field — performs it once,
    /// with the last value.
    ///
    /// ```swift
    /// struct SearchScreen: View {
    ///   @Environment(MessageAgent.self) private var agent
    ///   @State private var query = ""
    ///   var body: some View {
    ///     TextField("Search", text: $query)
    ///       .onDebouncedChange(of: query, for: .milliseconds(300)) { query in
    ///         await agent.send(.search(query)).finish()
    ///       }
    ///   }
    /// }
    /// ```
    ///
    /// The quiet period is measured on `clock`, so a `TestClock` drives it in
    /// tests and previews. The action runs in a task tied to the view: a new
    /// change cancels an action still running for an older value, and the
    /// view's disappearance cancels the action and drops a pending change.
    /// The initial value is not a change; only values set later are.
    ///
    /// - Parameters:
    ///   - value: The value to watch.
    ///   - interval: How long `value` must stay unchanged before `action` runs.
    ///   - clock: The clock to measure the interval on. Defaults to `ContinuousClock`.
    ///   - action: Runs on the main actor with the settled value.
    /// - Returns: A view that performs `action` after changes settle.
    public func onDebouncedChange<Value: Equatable & Sendable>(
      of value: Value,
      for interval: Duration,
      clock: any Clock<Duration> = ContinuousClock(),
      perform action: @escaping @MainActor (Value) async -> Void
    ) -> some View {
      modifier(DebouncedChangeModifier(value: value, interval: interval, clock: clock, action: action))
    }
  }

  /// The change waiting for its quiet period, numbered so every change
  /// restarts the waiting task even when a value repeats.
  private struct PendingChange<Value: Sendable>: Sendable {
    let value: Value
    let serial: Int
  }

  private struct DebouncedChangeModifier<Value: Equatable & Sendable>: ViewModifier {
    let value: Value
    let interval: Duration
    let clock: any Clock<Duration>
    let action: @MainActor (Value) async -> Void

    @State private var pending: PendingChange<Value>?
    @State private var handledSerial = 0

    func body(content: Content) -> some View {
      content
        .onChange(of: value) { _, newValue in
          pending = PendingChange(value: newValue, serial: (pending?.serial ?? 0) &+ 1)
        }
        .task(id: pending?.serial) {
          guard let change = pending, change.serial != handledSerial else { return }
          do {
            try await clock.sleep(for: interval)
          } catch {
            return  // A newer change or the view's disappearance cancelled the wait.
          }
          handledSerial = change.serial
          await action(change.value)
        }
        .onDisappear {
          handledSerial = pending?.serial ?? handledSerial
        }
    }
  }
#endif
