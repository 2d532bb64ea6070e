import AgentSkill

/// The bookkeeping of ``Poller`` as a pure state machine: which polling loop
/// is current, which tick's run is in flight, the tick count.
///
/// The loop drives it: `tick` at each interval, `conditionsEvaluated` after
/// checking the conditions, `runFinished` when the skill returns. Loops and
/// runs carry ids, so a stopped loop or a run that outlived its loop cannot
/// disturb the current one.
struct PollerStateMachine: Sendable {
  /// What `start` asks the driver to do.
  enum StartAction: Equatable {
    /// Start loop `id`.
    case startLoop(UInt64)
    /// A loop is already polling.
    case alreadyPolling
  }

  /// What the loop does on a tick.
  enum TickAction: Equatable {
    /// Evaluate the conditions for tick `tick`.
    case evaluate(tick: Int)
    /// Skip tick `tick`: the run from tick `running` is still going.
    case skip(tick: Int, running: Int)
    /// The loop is no longer current: end it.
    case stop
  }

  /// The current loop, if polling.
  private(set) var loop: UInt64?
  /// The tick whose run is in flight, if any.
  private(set) var runningTick: Int?
  /// Ticks so far, across starts and stops.
  private(set) var tickCount = 0
  private var lastLoopID: UInt64 = 0

  mutating func start() -> StartAction {
    if loop != nil { return .alreadyPolling }
    lastLoopID += 1
    loop = lastLoopID
    return .startLoop(lastLoopID)
  }

  /// Stop polling; returns the loop to cancel.
  mutating func stop() -> UInt64? {
    defer { loop = nil }
    return loop
  }

  mutating func tick(loop id: UInt64) -> TickAction {
    guard loop == id else { return .stop }
    tickCount += 1
    if let running = runningTick { return .skip(tick: tickCount, running: running) }
    return .evaluate(tick: tickCount)
  }

  /// The conditions for `tick` were checked; returns whether to start the run.
  mutating func conditionsEvaluated(isMet: Bool, tick: Int, loop id: UInt64) -> Bool {
    guard isMet, loop == id, runningTick == nil else { return false }
    runningTick = tick
    return true
  }

  mutating func runFinished(tick: Int) {
    if runningTick == tick { runningTick = nil }
  }

  /// Loop `id` ended (its runs ended with it).
  mutating func loopEnded(_ id: UInt64) {
    if loop == id { loop = nil }
  }
}
