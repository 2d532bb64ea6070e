import AgentSkill

/// The timing logic of ``Debouncer`` as a pure state machine: events in
/// (`send`, `timerFired`, `runFinished`, `flush`, `cancel`), actions out.
///
/// Time is a `Duration` on the driver's timeline. The driver performs the
/// actions — starting a timer task, sleeping, running the action, cancelling
/// tasks — and reports back. Timers and runs carry ids, so an event from a
/// task that was cancelled or superseded is recognised as stale and ignored.
///
/// One timer at most is alive: a `send` during the quiet period only moves
/// the pending deadline; the timer, on waking, sleeps again until the new
/// deadline. So a burst of sends costs one task, not one per send.
struct DebounceStateMachine<Value> {
  /// The value waiting for its quiet period to end.
  struct Pending {
    var value: Value
    var deadline: Duration
  }

  /// What the driver does after `send`.
  struct SendAction {
    /// Start a timer task with this id, sleeping until this time.
    var startTimer: (id: UInt64, until: Duration)?
    /// Cancel the running action with this id.
    var cancelRun: UInt64?
  }

  /// What a timer task does after waking.
  enum TimerAction {
    /// Sleep again until this time (the deadline moved while sleeping).
    case sleep(until: Duration)
    /// Run the action with `value`; the task now carries run id `run`.
    case fire(run: UInt64, value: Value)
    /// End the task.
    case stop
  }

  /// What a run's task does after the action returns.
  enum RunFinishedAction {
    /// Run the action again with `value` — a value whose quiet period ended
    /// while the previous run was still going (``/AgentSkill/PerformPolicy/enqueue``);
    /// the task now carries run id `run`.
    case fire(run: UInt64, value: Value)
    /// End the task.
    case stop
  }

  /// What the driver does after `flush`.
  struct FlushAction {
    /// Cancel the timer task with this id.
    var cancelTimer: UInt64?
    /// Cancel the running action with this id.
    var cancelRun: UInt64?
    /// Start a task running the action with `value`, carrying run id `run`.
    var fire: (run: UInt64, value: Value)?
  }

  /// How long the input must stay quiet before the action runs.
  let interval: Duration
  /// What a new value does to a running action.
  let overlap: PerformPolicy

  /// The value waiting for its quiet period to end, if any.
  private(set) var pending: Pending?
  /// The id of the live timer task, if any.
  private(set) var timer: UInt64?
  /// The id of the running action, if any.
  private(set) var run: UInt64?
  private var lastID: UInt64 = 0

  init(interval: Duration, overlap: PerformPolicy) {
    self.interval = max(interval, .zero)
    self.overlap = overlap
  }

  private mutating func makeID() -> UInt64 {
    lastID += 1
    return lastID
  }

  /// A new value: it replaces any pending one and its quiet period starts now.
  mutating func send(_ value: Value, at now: Duration) -> SendAction {
    let deadline = now + interval
    pending = Pending(value: value, deadline: deadline)
    var action = SendAction()
    if overlap == .cancelPrevious, let running = run {
      run = nil
      action.cancelRun = running
    }
    if timer == nil {
      let id = makeID()
      timer = id
      action.startTimer = (id, deadline)
    }
    return action
  }

  /// The timer `id` woke at `now`.
  mutating func timerFired(_ id: UInt64, at now: Duration) -> TimerAction {
    guard timer == id else { return .stop }
    guard let current = pending else {
      timer = nil
      return .stop
    }
    if now < current.deadline { return .sleep(until: current.deadline) }
    timer = nil
    if run != nil {
      // `.dropWhileRunning`: the value is dropped; `.enqueue`: `runFinished` fires it.
      if overlap == .dropWhileRunning { pending = nil }
      return .stop
    }
    pending = nil
    let id = makeID()
    run = id
    return .fire(run: id, value: current.value)
  }

  /// The run `id` returned.
  ///
  /// A value still pending with no timer is one whose quiet period ended
  /// while this run was going (or that was flushed meanwhile): it runs now.
  /// A value with a timer waits for it.
  mutating func runFinished(_ id: UInt64) -> RunFinishedAction {
    guard run == id else { return .stop }
    run = nil
    guard timer == nil, let current = pending else { return .stop }
    pending = nil
    let runID = makeID()
    run = runID
    return .fire(run: runID, value: current.value)
  }

  /// Run the pending value now instead of at the end of its quiet period.
  mutating func flush(at now: Duration) -> FlushAction {
    guard var current = pending else { return FlushAction() }
    var action = FlushAction(cancelTimer: timer)
    timer = nil
    if let running = run {
      switch overlap {
      case .cancelPrevious:
        run = nil
        action.cancelRun = running
      case .dropWhileRunning:
        pending = nil
        return action
      case .enqueue:
        current.deadline = now
        pending = current
        return action
      }
    }
    pending = nil
    let id = makeID()
    run = id
    action.fire = (id, current.value)
    return action
  }

  /// Drop the pending value and stop everything; returns what to cancel.
  mutating func cancel() -> (timer: UInt64?, run: UInt64?) {
    defer {
      pending = nil
      timer = nil
      run = nil
    }
    return (timer, run)
  }
}

extension DebounceStateMachine: Sendable where Value: Sendable {}
extension DebounceStateMachine.Pending: Sendable where Value: Sendable {}
