import AgentSkill

/// Runs an action once the input has been quiet for an interval: every
/// ``send(_:)`` restarts the window, and only the last value is acted on.
///
/// ```swift
/// struct SearchField: View {
///   @State private var query = ""
///   @State private var search = Debouncer(for: .milliseconds(300)) { (query: String) in
///     _ = try? await SearchSkill().run(query)
///   }
///   var body: some View {
///     TextField("Search", text: $query)
///       .onChange(of: query) { search.send(query) }
///   }
/// }
/// ```
///
/// Work given per call, for a one-off debounce:
///
/// ```swift
/// let validation = Debouncer(for: .seconds(1.5), clock: context.clock)
/// validation.call { _ = try? await api.isEmailAvailable("ada@example.com") }
/// ```
///
/// Guarantees:
/// - The action runs once per burst, with the last value sent, `interval`
///   after the last send (measured on the injected clock, so `TestClock`
///   tests assert exact times).
/// - A burst costs one task: sends during the window only move the deadline.
/// - ``cancel()`` drops the pending value and cancels a running action;
///   releasing the debouncer does the same. Its tasks never keep it alive.
/// - By default a new value cancels a still-running action
///   (``/AgentSkill/PerformPolicy/cancelPrevious``); with
///   ``/AgentSkill/PerformPolicy/enqueue`` actions never overlap.
///
/// ## Clocks, tolerance and the background
///
/// The debouncer sleeps on the injected clock, always passing the explicit
/// `tolerance` (zero by default, so the action runs when the window ends
/// rather than whenever the system chooses to coalesce timers; a larger
/// value saves energy). Nothing — not `Task.sleep`, `Timer` or
/// `DispatchQueue.asyncAfter` — runs while iOS keeps an app suspended in the
/// background, which is why a 1.5 s debounce can appear to take 10 s.
/// What happens on return depends on the clock:
/// - `ContinuousClock` (the default) keeps counting while the device sleeps,
///   so a deadline that passed while the app was suspended is overdue and
///   the action runs as soon as the app runs again.
/// - `SuspendingClock` stops while the device sleeps, so the remaining part
///   of the window still has to pass after the device wakes.
/// Use `ContinuousClock` for "quiet for N seconds of real time" (the usual
/// meaning), `SuspendingClock` when only awake time should count. Work that
/// must happen before suspension (saving a draft) belongs in a scene-phase
/// handler that calls ``flush()``, not in a timer.
public final class Debouncer<Value: Sendable>: Sendable {
  /// How long the input must stay quiet before the action runs.
  package let interval: Duration
  /// The tolerance passed to every clock sleep.
  package let tolerance: Duration
  /// What a new value does to a still-running action.
  package let overlap: PerformPolicy
  private let core: DebouncerCore<Value>

  /// Creates a debouncer.
  ///
  /// - Parameters:
  ///   - interval: How long the input must stay quiet before `action` runs.
  ///     Negative values count as zero.
  ///   - tolerance: How late the clock may wake the debouncer, passed to
  ///     every sleep. Defaults to zero.
  ///   - overlap: What a new value does to a still-running action. Defaults
  ///     to ``/AgentSkill/PerformPolicy/cancelPrevious``.
  ///   - clock: The clock to sleep on. Defaults to `ContinuousClock`; pass
  ///     `context.clock` inside a skill and a `TestClock` in tests.
  ///   - action: Runs with the last value of each burst, off the caller's
  ///     task. Mark it `@MainActor` to update view state.
  public init(
    for interval: Duration,
    tolerance: Duration = .zero,
    overlap: PerformPolicy = .cancelPrevious,
    clock: any Clock<Duration> = ContinuousClock(),
    perform action: @escaping @Sendable (Value) async -> Void
  ) {
    self.interval = max(interval, .zero)
    self.tolerance = max(tolerance, .zero)
    self.overlap = overlap
    self.core = DebouncerCore(
      machine: DebounceStateMachine(interval: interval, overlap: overlap),
      timeline: ClockTimeline(clock: clock),
      tolerance: self.tolerance,
      action: action
    )
  }

  deinit {
    core.cancel()
  }

  /// Restarts the quiet period with `value` as the value to act on.
  ///
  /// - Parameter value: The latest input; replaces any pending value.
  public func send(_ value: Value) {
    core.send(value)
  }

  /// Runs the action with the pending value now, without waiting for the
  /// rest of the quiet period; does nothing when no value is pending.
  ///
  /// Call it when the moment to act has come regardless of typing — the
  /// scene moving to the background, the screen closing.
  public func flush() {
    core.flush()
  }

  /// Drops the pending value and cancels a running action.
  public func cancel() {
    core.cancel()
  }

  /// Whether a value waits for its quiet period to end.
  public var isPending: Bool { core.isPending }

  /// Whether the action is running.
  public var isRunning: Bool { core.isRunning }
}

extension Debouncer where Value == @Sendable () async -> Void {
  /// Creates a debouncer whose work is given with each ``call(_:)``.
  ///
  /// ```swift
  /// let save = Debouncer(for: .seconds(1.8), clock: clock)
  /// save.call { _ = try? await SaveDraftSkill().run(Draft(text: "Hello")) }
  /// ```
  ///
  /// - Parameters:
  ///   - interval: How long calls must stop before the last work runs.
  ///   - tolerance: How late the clock may wake the debouncer. Defaults to zero.
  ///   - overlap: What a new call does to still-running work. Defaults to
  ///     ``/AgentSkill/PerformPolicy/cancelPrevious``.
  ///   - clock: The clock to sleep on. Defaults to `ContinuousClock`.
  public convenience init(
    for interval: Duration,
    tolerance: Duration = .zero,
    overlap: PerformPolicy = .cancelPrevious,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.init(for: interval, tolerance: tolerance, overlap: overlap, clock: clock) { work in await work() }
  }

  /// Restarts the quiet period; when it ends, `work` (the last one given) runs.
  ///
  /// - Parameter work: The work to run if no other call follows within the interval.
  public func call(_ work: @escaping @Sendable () async -> Void) {
    send(work)
  }
}

/// The part of a ``Debouncer`` its tasks hold: the state machine, the task
/// handles and the action — never the debouncer itself, so releasing the
/// debouncer cancels everything.
final class DebouncerCore<Value: Sendable>: Sendable {
  private enum Step {
    case sleep(timer: UInt64, until: Duration)
    case fire(run: UInt64, value: Value)
    case stop
  }

  private struct State: Sendable {
    var machine: DebounceStateMachine<Value>
    var tasks: [UInt64: Task<Void, Never>] = [:]

    mutating func rekey(_ old: UInt64, to new: UInt64) {
      tasks[new] = tasks.removeValue(forKey: old)
    }
  }

  private let state: LockIsolated<State>
  private let timeline: ClockTimeline
  private let tolerance: Duration
  private let action: @Sendable (Value) async -> Void

  init(
    machine: DebounceStateMachine<Value>,
    timeline: ClockTimeline,
    tolerance: Duration,
    action: @escaping @Sendable (Value) async -> Void
  ) {
    self.state = LockIsolated(State(machine: machine))
    self.timeline = timeline
    self.tolerance = tolerance
    self.action = action
  }

  var isPending: Bool { state.value.machine.pending != nil }
  var isRunning: Bool { state.value.machine.run != nil }

  func send(_ value: Value) {
    let cancelled = state.withValue { state -> Task<Void, Never>? in
      let action = state.machine.send(value, at: timeline.now)
      if let timer = action.startTimer {
        state.tasks[timer.id] = makeTask(.sleep(timer: timer.id, until: timer.until))
      }
      return action.cancelRun.flatMap { state.tasks.removeValue(forKey: $0) }
    }
    cancelled?.cancel()
  }

  func flush() {
    let cancelled = state.withValue { state -> [Task<Void, Never>] in
      let action = state.machine.flush(at: timeline.now)
      let tasks = [action.cancelTimer, action.cancelRun].compactMap { id in
        id.flatMap { state.tasks.removeValue(forKey: $0) }
      }
      if let fire = action.fire {
        state.tasks[fire.run] = makeTask(.fire(run: fire.run, value: fire.value))
      }
      return tasks
    }
    for task in cancelled { task.cancel() }
  }

  func cancel() {
    let cancelled = state.withValue { state -> [Task<Void, Never>] in
      _ = state.machine.cancel()
      defer { state.tasks.removeAll() }
      return Array(state.tasks.values)
    }
    for task in cancelled { task.cancel() }
  }

  /// Creates the task for `step`; called with the lock held, so the handle
  /// is stored before the task can report back.
  private func makeTask(_ step: Step) -> Task<Void, Never> {
    Task { await self.drive(from: step) }
  }

  private func drive(from first: Step) async {
    var step = first
    while true {
      switch step {
      case .stop:
        return
      case .sleep(let timer, let until):
        do {
          try await timeline.sleep(until: until, tolerance: tolerance)
        } catch {
          return  // Cancelled: whoever cancelled it already forgot this task.
        }
        step = state.withValue { state in
          switch state.machine.timerFired(timer, at: timeline.now) {
          case .sleep(let until):
            return .sleep(timer: timer, until: until)
          case .fire(let run, let value):
            state.rekey(timer, to: run)
            return .fire(run: run, value: value)
          case .stop:
            state.tasks[timer] = nil
            return .stop
          }
        }
      case .fire(let run, let value):
        await action(value)
        step = state.withValue { state in
          switch state.machine.runFinished(run) {
          case .fire(let next, let value):
            state.rekey(run, to: next)
            return .fire(run: next, value: value)
          case .stop:
            state.tasks[run] = nil
            return .stop
          }
        }
      }
    }
  }
}
