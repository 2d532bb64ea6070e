import AgentSkill

/// Runs an action at most once per interval however often values arrive:
/// the first value at once, the last one when the interval ends, or both
/// (see ``ThrottleEdge``).
///
/// ```swift
/// let progressSaver = Throttler(for: .seconds(2)) { (position: Double) in
///   UserDefaults.standard.set(position, forKey: "playbackPosition")
/// }
/// for tick in 0..<100 { progressSaver.send(Double(tick) / 10) }   // many times a second
/// ```
///
/// Guarantees:
/// - Two runs of the action start at least `interval` apart on the injected
///   clock (for ``ThrottleEdge/both``; with ``ThrottleEdge/leading`` and
///   ``ThrottleEdge/trailing`` likewise for consecutive windows).
/// - Actions run one at a time, in the order their values were chosen, on
///   one task owned by the throttler. An action slower than the interval
///   delays the next one rather than overlapping it.
/// - ``cancel()`` closes the window and drops the trailing value and any
///   value not yet started; releasing the throttler also cancels a running
///   action. Its tasks never keep it alive.
///
/// Like ``Debouncer``, the throttler sleeps on the injected clock with an
/// explicit `tolerance` (zero by default); see ``Debouncer`` for what
/// happens while the app is suspended and how to choose the clock.
public final class Throttler<Value: Sendable>: Sendable {
  /// The shortest time between two runs of the action.
  package let interval: Duration
  /// Which edges of a window run the action.
  package let edge: ThrottleEdge
  /// The tolerance passed to every clock sleep.
  package let tolerance: Duration
  private let core: ThrottlerCore<Value>

  /// Creates a throttler.
  ///
  /// - Parameters:
  ///   - interval: The shortest time between two runs. Negative values count as zero.
  ///   - edge: Which edges of a window run the action. Defaults to ``ThrottleEdge/both``.
  ///   - tolerance: How late the clock may wake the throttler, passed to
  ///     every sleep. Defaults to zero.
  ///   - clock: The clock to sleep on. Defaults to `ContinuousClock`; pass a
  ///     `TestClock` in tests.
  ///   - action: Runs with each chosen value, one run at a time. Mark it
  ///     `@MainActor` to update view state.
  public init(
    for interval: Duration,
    edge: ThrottleEdge = .both,
    tolerance: Duration = .zero,
    clock: any Clock<Duration> = ContinuousClock(),
    perform action: @escaping @Sendable (Value) async -> Void
  ) {
    self.interval = max(interval, .zero)
    self.edge = edge
    self.tolerance = max(tolerance, .zero)
    self.core = ThrottlerCore(
      machine: ThrottleStateMachine(interval: interval, edge: edge),
      timeline: ClockTimeline(clock: clock),
      tolerance: self.tolerance,
      action: action
    )
  }

  deinit {
    core.shutDown()
  }

  /// Offers `value`: it runs now, at the end of the window, or is dropped,
  /// depending on the edge and whether a window is open.
  ///
  /// - Parameter value: The latest value.
  public func send(_ value: Value) {
    core.send(value)
  }

  /// Closes the open window, dropping its trailing value and any value not
  /// yet started; a running action finishes.
  public func cancel() {
    core.cancel()
  }

  /// Whether a window is open, so a value sent now would be throttled.
  public var isThrottling: Bool { core.isThrottling }
}

extension Throttler where Value == @Sendable () async -> Void {
  /// Creates a throttler whose work is given with each ``call(_:)``.
  ///
  /// ```swift
  /// let refresh = Throttler(for: .seconds(5), edge: .leading)
  /// refresh.call { _ = try? await LoadFeedSkill().run(()) }   // pull-to-refresh hammered: one reload per 5 s
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The shortest time between two runs.
  ///   - edge: Which edges of a window run. Defaults to ``ThrottleEdge/both``.
  ///   - tolerance: How late the clock may wake the throttler. Defaults to zero.
  ///   - clock: The clock to sleep on. Defaults to `ContinuousClock`.
  public convenience init(
    for interval: Duration,
    edge: ThrottleEdge = .both,
    tolerance: Duration = .zero,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.init(for: interval, edge: edge, tolerance: tolerance, clock: clock) { work in await work() }
  }

  /// Offers `work`: it runs now, at the end of the window, or is dropped.
  ///
  /// - Parameter work: The work to run.
  public func call(_ work: @escaping @Sendable () async -> Void) {
    send(work)
  }
}

/// The part of a ``Throttler`` its tasks hold.
final class ThrottlerCore<Value: Sendable>: Sendable {
  private struct Item: Sendable {
    let generation: UInt64
    let value: Value
  }

  private struct State: Sendable {
    var machine: ThrottleStateMachine<Value>
    var timers: [UInt64: Task<Void, Never>] = [:]
    /// Bumped by `cancel()`; queued items of older generations are dropped.
    var generation: UInt64 = 0
  }

  private let state: LockIsolated<State>
  private let timeline: ClockTimeline
  private let tolerance: Duration
  private let queue: AsyncStream<Item>.Continuation
  private let consumer: Task<Void, Never>

  init(
    machine: ThrottleStateMachine<Value>,
    timeline: ClockTimeline,
    tolerance: Duration,
    action: @escaping @Sendable (Value) async -> Void
  ) {
    let state = LockIsolated(State(machine: machine))
    let (items, queue) = AsyncStream<Item>.makeStream()
    self.state = state
    self.timeline = timeline
    self.tolerance = tolerance
    self.queue = queue
    self.consumer = Task {
      for await item in items where item.generation == state.value.generation {
        await action(item.value)
      }
    }
  }

  var isThrottling: Bool { state.value.machine.window != nil }

  func send(_ value: Value) {
    state.withValue { state in
      switch state.machine.send(value, at: timeline.now) {
      case .fireAndStartTimer(let value, let timer, let until):
        queue.yield(Item(generation: state.generation, value: value))
        state.timers[timer] = makeTimer(timer, until: until)
      case .startTimer(let timer, let until):
        state.timers[timer] = makeTimer(timer, until: until)
      case .none:
        break
      }
    }
  }

  func cancel() {
    let cancelled = state.withValue { state -> [Task<Void, Never>] in
      _ = state.machine.cancel()
      state.generation += 1
      defer { state.timers.removeAll() }
      return Array(state.timers.values)
    }
    for task in cancelled { task.cancel() }
  }

  /// Cancels everything, including the running action, and ends the consumer.
  func shutDown() {
    cancel()
    queue.finish()
    consumer.cancel()
  }

  /// Creates a timer task; called with the lock held, so the handle is
  /// stored before the task can report back.
  private func makeTimer(_ id: UInt64, until: Duration) -> Task<Void, Never> {
    Task { await self.runTimer(id, until: until) }
  }

  private func runTimer(_ id: UInt64, until first: Duration) async {
    var until = first
    while true {
      do {
        try await timeline.sleep(until: until, tolerance: tolerance)
      } catch {
        return  // Cancelled: whoever cancelled it already forgot this task.
      }
      let next = state.withValue { state -> Duration? in
        switch state.machine.timerFired(id, at: timeline.now) {
        case .sleep(let until):
          return until
        case .fire(let value, let next):
          queue.yield(Item(generation: state.generation, value: value))
          if next == nil { state.timers[id] = nil }
          return next
        case .stop:
          state.timers[id] = nil
          return nil
        }
      }
      guard let next else { return }
      until = next
    }
  }
}
