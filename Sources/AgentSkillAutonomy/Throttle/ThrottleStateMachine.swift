import AgentSkill

/// The timing logic of ``Throttler`` as a pure state machine: events in
/// (`send`, `timerFired`, `cancel`), actions out. Time is a `Duration` on the
/// driver's timeline; timers carry ids so a cancelled timer's late wake-up
/// is ignored.
struct ThrottleStateMachine<Value> {
  /// An open window: it ends at `endsAt`, timer `timer` sleeps until then,
  /// and `pending` holds the last value that arrived inside it (trailing edge).
  struct Window {
    var endsAt: Duration
    var timer: UInt64
    var pending: Value?
  }

  /// What the driver does after `send`.
  enum SendAction {
    /// Run the action with `value` now and start timer `timer`, sleeping until `until`.
    case fireAndStartTimer(value: Value, timer: UInt64, until: Duration)
    /// Start timer `timer`, sleeping until `until` (trailing edge only).
    case startTimer(timer: UInt64, until: Duration)
    /// Nothing: the value was stored for the trailing edge or dropped.
    case none
  }

  /// What a timer task does after waking.
  enum TimerAction {
    /// Sleep again until this time (woke early).
    case sleep(until: Duration)
    /// Run the action with `value`; then sleep until `next` (a new window)
    /// or, when `next` is `nil`, end the task.
    case fire(value: Value, next: Duration?)
    /// End the task.
    case stop
  }

  /// How long a window lasts.
  let interval: Duration
  /// Which edges run the action.
  let edge: ThrottleEdge

  /// The open window, if any.
  private(set) var window: Window?
  private var lastID: UInt64 = 0

  init(interval: Duration, edge: ThrottleEdge) {
    self.interval = max(interval, .zero)
    self.edge = edge
  }

  /// A new value at `now`.
  mutating func send(_ value: Value, at now: Duration) -> SendAction {
    if var open = window {
      if edge.includesTrailing {
        open.pending = value
        window = open
      }
      return .none
    }
    lastID += 1
    let endsAt = now + interval
    if edge.includesLeading {
      window = Window(endsAt: endsAt, timer: lastID, pending: nil)
      return .fireAndStartTimer(value: value, timer: lastID, until: endsAt)
    }
    window = Window(endsAt: endsAt, timer: lastID, pending: value)
    return .startTimer(timer: lastID, until: endsAt)
  }

  /// Timer `id` woke at `now`.
  mutating func timerFired(_ id: UInt64, at now: Duration) -> TimerAction {
    guard let open = window, open.timer == id else { return .stop }
    if now < open.endsAt { return .sleep(until: open.endsAt) }
    guard let value = open.pending else {
      window = nil
      return .stop
    }
    if edge == .both {
      let endsAt = now + interval
      window = Window(endsAt: endsAt, timer: id, pending: nil)
      return .fire(value: value, next: endsAt)
    }
    window = nil
    return .fire(value: value, next: nil)
  }

  /// Close the window and drop its pending value; returns the timer to cancel.
  mutating func cancel() -> UInt64? {
    defer { window = nil }
    return window?.timer
  }
}

extension ThrottleStateMachine: Sendable where Value: Sendable {}
extension ThrottleStateMachine.Window: Sendable where Value: Sendable {}
