import AgentSkill

/// Checks its conditions at a fixed interval and runs a skill on each tick
/// where they hold: the loop of an agent that acts on its own, such as an
/// autosave.
///
/// ```swift
/// @MainActor final class EditorModel {
///   private let syncer = Poller(
///     every: .seconds(5),
///     when: .all(.predicate("online") { await network.isOnline }, .not(.onMainActor("focus mode") { settings.focus })),
///     run: SyncSkill()
///   )
///   init() { syncer.start() }   // stops when the model is released
/// }
/// ```
///
/// or, tied to a view's lifetime:
///
/// ```swift
/// struct SyncStatus: View {
///   let poller: Poller
///   var body: some View {
///     Text("Syncing every 5 s")
///       .task { await poller.run() }   // stops when the view disappears
///   }
/// }
/// ```
///
/// Behaviour:
/// - The first tick happens at once, then every `interval` on the injected
///   clock (fixed rate, no drift). After a stall — the app was suspended, a
///   condition took long — one tick happens at once and the schedule
///   continues from it; missed ticks are not replayed.
/// - Each tick evaluates the condition afresh; after a run the conditions
///   are checked again on the next tick, not assumed.
/// - Runs never overlap: a tick that comes while the previous run is still
///   going is skipped (``PollerSkipReason/previousRunInProgress(startedOnTick:)``).
/// - A failing run is reported — through `onEvent`, the environment's log
///   sink and its ``/AgentSkill/SkillMonitor`` — and polling continues.
/// - ``stop()`` cancels the sleep and any run in progress. Releasing the
///   poller stops it: its tasks hold only its internals, never the poller,
///   so a poller owned by a view model or `@State` stops with its owner
///   (no task outlives its owner and writes into state nobody shows).
///
/// The poller sleeps on the environment's clock with an explicit tolerance
/// (a tenth of the interval unless given), letting the system coalesce its
/// wake-ups; see ``Debouncer`` for what the background does to sleeps.
public final class Poller: Sendable {
  /// The time between ticks.
  package let interval: Duration
  /// The tolerance passed to every clock sleep.
  package let tolerance: Duration
  /// The condition checked on every tick.
  package let condition: any RunCondition
  /// The name in the poller's log tag, such as `SyncSkillPoller`.
  public let name: String
  private let core: PollerCore

  /// Creates a poller that runs `skill` with an input read on each run.
  ///
  /// The input is read just before each run, after the conditions held — so
  /// a `@MainActor` closure reads current main-actor state, never the stale
  /// or default value a background read of main-actor state can return:
  ///
  /// ```swift
  /// Poller(every: .seconds(5), when: online, run: SaveDraftSkill()) { @MainActor in editor.draft }
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The time between ticks; values below 1 ms count as 1 ms.
  ///   - tolerance: How late the clock may wake the poller. Defaults to a
  ///     tenth of `interval`.
  ///   - condition: Checked on every tick; the skill runs only when it holds.
  ///     Defaults to always.
  ///   - skill: The skill to run.
  ///   - environment: Clock, dependencies, monitor and log sink for the
  ///     poller and each run. Pass a `TestClock` in tests.
  ///   - onEvent: Receives every skip, start, success, failure and
  ///     cancellation, on the poller's tasks; return quickly.
  ///   - input: Produces the skill's input for each run; a throw counts as a failed run.
  public init<S: Skill>(
    every interval: Duration,
    tolerance: Duration? = nil,
    when condition: any RunCondition = AllConditions([]),
    run skill: S,
    environment: SkillEnvironment = SkillEnvironment(),
    onEvent: (@Sendable (PollerEvent) -> Void)? = nil,
    input: @escaping @Sendable () async throws -> S.Input
  ) {
    let interval = max(interval, .milliseconds(1))
    let tolerance = max(tolerance ?? interval / 10, .zero)
    let name = "\(skill.name)Poller"
    self.interval = interval
    self.tolerance = tolerance
    self.condition = condition
    self.name = name
    self.core = PollerCore(
      interval: interval,
      tolerance: tolerance,
      condition: condition,
      skillName: skill.name,
      environment: environment,
      logger: SkillLogger(name: name, id: SkillRunID(), sink: environment.logSink),
      onEvent: onEvent,
      perform: { context in
        let value = try await input()
        _ = try await context.execute(skill, value)
      }
    )
  }

  /// Creates a poller that runs a skill taking no input.
  ///
  /// ```swift
  /// let poller = Poller(every: .seconds(5), when: .all(online, .not(focusMode)), run: SyncSkill())
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The time between ticks; values below 1 ms count as 1 ms.
  ///   - tolerance: How late the clock may wake the poller. Defaults to a
  ///     tenth of `interval`.
  ///   - condition: Checked on every tick; the skill runs only when it holds.
  ///     Defaults to always.
  ///   - skill: The skill to run.
  ///   - environment: Clock, dependencies, monitor and log sink.
  ///   - onEvent: Receives every skip, start, success, failure and cancellation.
  public convenience init<S: Skill>(
    every interval: Duration,
    tolerance: Duration? = nil,
    when condition: any RunCondition = AllConditions([]),
    run skill: S,
    environment: SkillEnvironment = SkillEnvironment(),
    onEvent: (@Sendable (PollerEvent) -> Void)? = nil
  ) where S.Input == Void {
    self.init(
      every: interval,
      tolerance: tolerance,
      when: condition,
      run: skill,
      environment: environment,
      onEvent: onEvent,
      input: {}
    )
  }

  deinit {
    core.stop()
  }

  /// Starts polling on a task the poller owns; does nothing when already polling.
  ///
  /// The first tick happens at once. Polling continues until ``stop()`` or
  /// until the poller is released.
  public func start() {
    _ = core.start()
  }

  /// Stops polling: cancels the sleep and any run in progress.
  public func stop() {
    core.stop()
  }

  /// Polls until the calling task is cancelled or ``stop()`` is called.
  ///
  /// Made for SwiftUI's `.task { await poller.run() }`, which ties polling
  /// to the view's lifetime. When the poller already polls (``start()``),
  /// this waits for that polling to end, and cancelling the caller stops it.
  public func run() async {
    guard let task = core.start() else { return }
    let core = self.core
    await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      core.stop()
    }
  }

  /// Whether the poller is polling.
  public var isPolling: Bool { core.isPolling }

  /// Whether a run of the skill is in progress.
  public var isRunningSkill: Bool { core.isRunningSkill }

  /// Evaluates the condition now, without running anything — for a debug
  /// panel or a log line explaining why nothing happens.
  ///
  /// - Returns: Which sub-conditions hold.
  public func evaluate() async -> ConditionEvaluation {
    await condition.evaluate()
  }
}

/// The part of a ``Poller`` its tasks hold.
final class PollerCore: Sendable {
  private struct State {
    var machine = PollerStateMachine()
    var loop: (id: UInt64, task: Task<Void, Never>)?
  }

  private let state = LockIsolated(State())
  private let timeline: ClockTimeline
  private let interval: Duration
  private let tolerance: Duration
  private let condition: any RunCondition
  private let skillName: String
  private let environment: SkillEnvironment
  private let logger: SkillLogger
  private let onEvent: (@Sendable (PollerEvent) -> Void)?
  private let perform: @Sendable (SkillContext) async throws -> Void

  init(
    interval: Duration,
    tolerance: Duration,
    condition: any RunCondition,
    skillName: String,
    environment: SkillEnvironment,
    logger: SkillLogger,
    onEvent: (@Sendable (PollerEvent) -> Void)?,
    perform: @escaping @Sendable (SkillContext) async throws -> Void
  ) {
    self.timeline = ClockTimeline(clock: environment.clock)
    self.interval = interval
    self.tolerance = tolerance
    self.condition = condition
    self.skillName = skillName
    self.environment = environment
    self.logger = logger
    self.onEvent = onEvent
    self.perform = perform
  }

  var isPolling: Bool { state.value.machine.loop != nil }
  var isRunningSkill: Bool { state.value.machine.runningTick != nil }

  /// Starts a loop unless one is current; returns the current loop's task.
  func start() -> Task<Void, Never>? {
    state.withValue { state in
      switch state.machine.start() {
      case .alreadyPolling:
        return state.loop?.task
      case .startLoop(let id):
        let task = Task { await self.poll(loop: id) }
        state.loop = (id, task)
        return task
      }
    }
  }

  func stop() {
    let task = state.withValue { state -> Task<Void, Never>? in
      _ = state.machine.stop()
      defer { state.loop = nil }
      return state.loop?.task
    }
    task?.cancel()
  }

  private func poll(loop id: UInt64) async {
    logger.debug("polling every \(interval.shortDescription) while \(condition.description)")
    await withDiscardingTaskGroup { group in
      var deadline = timeline.now
      var isFirstTick = true
      ticking: while true {
        if !isFirstTick {
          do {
            try await timeline.sleep(until: deadline, tolerance: tolerance)
          } catch {
            break ticking
          }
        }
        isFirstTick = false
        if Task.isCancelled { break ticking }
        switch state.withValue({ $0.machine.tick(loop: id) }) {
        case .stop:
          break ticking
        case .skip(let tick, let running):
          report(.skipped(tick: tick, reason: .previousRunInProgress(startedOnTick: running)))
        case .evaluate(let tick):
          let evaluation = await condition.evaluate()
          if Task.isCancelled { break ticking }
          if !evaluation.isMet {
            report(.skipped(tick: tick, reason: .conditionsUnmet(evaluation)))
          } else if state.withValue({ $0.machine.conditionsEvaluated(isMet: true, tick: tick, loop: id) }) {
            group.addTask { await self.runSkill(tick: tick) }
          }
        }
        deadline += interval
        let now = timeline.now
        if deadline < now { deadline = now }
      }
      group.cancelAll()
    }
    state.withValue { state in
      state.machine.loopEnded(id)
      if state.loop?.id == id { state.loop = nil }
    }
    logger.debug("polling stopped")
  }

  private func runSkill(tick: Int) async {
    report(.started(tick: tick))
    let start = timeline.now
    let outcome: PollerEvent
    do {
      try await perform(SkillContext(skillName: skillName, environment: environment))
      outcome = .succeeded(tick: tick, duration: timeline.now - start)
    } catch {
      if error is CancellationError || Task.isCancelled {
        outcome = .cancelled(tick: tick, duration: timeline.now - start)
      } else {
        outcome = .failed(tick: tick, error: error, duration: timeline.now - start)
      }
    }
    state.withValue { $0.machine.runFinished(tick: tick) }
    report(outcome)
  }

  private func report(_ event: PollerEvent) {
    switch event {
    case .skipped(let tick, let reason):
      logger.debug("tick \(tick) skipped: \(reason)")
    case .started(let tick):
      logger.debug("tick \(tick): running \(skillName)")
    case .succeeded(let tick, let duration):
      logger.info("tick \(tick): \(skillName) finished in \(duration.shortDescription)")
    case .failed(let tick, let error, _):
      logger.error("tick \(tick): \(skillName) failed: \(error); polling continues")
    case .cancelled(let tick, _):
      logger.info("tick \(tick): \(skillName) cancelled")
    }
    onEvent?(event)
  }
}
