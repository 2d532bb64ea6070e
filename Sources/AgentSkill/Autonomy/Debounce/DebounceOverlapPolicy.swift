/// What a ``Debouncer`` does with a still-running action when a new value
/// arrives.
public enum DebounceOverlapPolicy: Sendable, Hashable {
  /// A new value cancels the running action at once: its result would
  /// describe a stale value (cancel, then restart). The
  /// action sees `Task.isCancelled` and should stop. The default.
  case cancelRunning
  /// The running action finishes; the next action starts after it, so
  /// actions never overlap and run in order.
  case waitForRunning
}
