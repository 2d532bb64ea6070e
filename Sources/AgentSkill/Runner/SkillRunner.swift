import Observation

/// Runs a skill for a view and publishes its status: the observable object
/// a SwiftUI view owns.
///
/// ```swift
/// struct UploadView: View {
///   @State private var upload = SkillRunner(UploadSkill())
///   var body: some View {
///     Button("Upload") { upload.perform(photos) }
///       .disabled(upload.isRunning)
///     if let progress = upload.status.progress { ProgressView(value: progress) }
///   }
/// }
/// ```
///
/// Guarantees:
/// - Status changes happen on the main actor; each change notifies observers once.
/// - Progress is clamped to 0…1, NaN is rejected, and it never goes backwards within a run.
/// - A cancelled run ends ``SkillStatus/cancelled`` even if the skill returns later.
/// - Input the skill's ``Skill/validate(_:)`` rejects ends
///   ``SkillStatus/rejected(_:)`` at once; the skill does not run.
/// - A superseded run never overwrites the newer run's status.
/// - Releasing the runner cancels its work; its tasks never keep it alive.
@MainActor
public final class SkillRunner<S: Skill>: Observable {
  /// The runner's stable identifier, shown in its log tag (`[UploadSkill-8a2b]`).
  public nonisolated let id: SkillRunID
  /// The skill this runner runs.
  package let skill: S
  /// What ``perform(_:)`` does while a run is in progress.
  package let policy: PerformPolicy
  /// Where the skill's work runs.
  package let executor: SkillExecutor
  /// The clock, dependencies, monitor and log sink given to each run.
  public let environment: SkillEnvironment

  /// Where the current or last run stands.
  public private(set) var status: SkillStatus<S.Output> {
    get {
      registrar.access(self, keyPath: statusKeyPath)
      return statusStorage
    }
    set {
      registrar.withMutation(of: self, keyPath: statusKeyPath) { statusStorage = newValue }
    }
  }

  // Observation is written by hand (not with the macro) so the key paths of
  // this generic class are built once per runner: a key-path literal in a
  // generic context is instantiated by the runtime on every use.
  private let registrar = ObservationRegistrar()
  private let statusKeyPath: KeyPath<SkillRunner, SkillStatus<S.Output>>
  private var statusStorage: SkillStatus<S.Output> = .idle

  private var generation: UInt64 = 0
  private var tail: Task<Void, Never>?
  private let logger: SkillLogger
  /// Every unfinished task, reachable from `deinit` (which is not main-actor isolated).
  private nonisolated let liveTasks = LockIsolated([UInt64: Task<Void, Never>]())
  private var nextTaskKey: UInt64 = 0
  /// The event streams of runs in progress and queued, reachable from `deinit`.
  private nonisolated let eventSinks = LockIsolated(EventSinks())

  private struct EventSinks {
    /// By run generation.
    var running: [UInt64: AsyncStream<SkillRunEvent<S.Output>>.Continuation] = [:]
    /// By the key of the task waiting in the queue.
    var queued: [UInt64: AsyncStream<SkillRunEvent<S.Output>>.Continuation] = [:]

    mutating func removeAll() -> [AsyncStream<SkillRunEvent<S.Output>>.Continuation] {
      defer {
        running.removeAll()
        queued.removeAll()
      }
      return Array(running.values) + Array(queued.values)
    }
  }

  /// Creates a runner.
  ///
  /// - Parameters:
  ///   - skill: The skill to run.
  ///   - policy: What ``perform(_:)`` does while a run is in progress. Defaults to ``PerformPolicy/cancelPrevious``.
  ///   - executor: Where the work runs. Defaults to ``SkillExecutor/default``.
  ///   - environment: Clock, dependencies, monitor and log sink. Pass a `TestClock` in tests.
  public init(
    _ skill: S,
    policy: PerformPolicy = .cancelPrevious,
    executor: SkillExecutor = .default,
    environment: SkillEnvironment = SkillEnvironment()
  ) {
    let id = SkillRunID()
    self.id = id
    self.skill = skill
    self.policy = policy
    self.executor = executor
    self.environment = environment
    self.logger = SkillLogger(name: skill.name, id: id, sink: environment.logSink)
    self.statusKeyPath = \SkillRunner.status
  }

  deinit {
    for task in liveTasks.value.values { task.cancel() }
    for sink in eventSinks.withValue({ $0.removeAll() }) {
      sink.yield(.cancelled)
      sink.finish()
    }
  }

  /// Whether a run is in progress.
  public var isRunning: Bool { status.isRunning }

  private var isRunningUntracked: Bool { statusStorage.isRunning }

  /// The log tag, such as `UploadSkill-8a2b`.
  public nonisolated var tag: String { id.tag(for: skill.name) }

  /// Starts a run with `input`, following the runner's policy when a run
  /// is already in progress.
  ///
  /// The status becomes ``SkillStatus/running(progress:)`` before this method
  /// returns (unless the policy ignores or queues the request).
  ///
  /// - Parameter input: The skill's input.
  /// - Returns: A task that completes when this request's run has finished
  ///   and its status is applied (for ``PerformPolicy/dropWhileRunning``, the run
  ///   already in progress). Cancelling it cancels the run.
  @discardableResult
  public func perform(_ input: S.Input) -> Task<Void, Never> {
    perform(input, events: nil)
  }

  /// Starts a run with `input`, like ``perform(_:)``, and streams that run's
  /// events: ``SkillRunEvent/started``, its progress, then one terminal
  /// event.
  ///
  /// ```swift
  /// for await event in runner.performWithEvents(photos) {
  ///   if case .progress(let fraction) = event { print("\(Int(fraction * 100)) %") }
  /// }
  /// ```
  ///
  /// The stream ends on every path: after success, failure or rejection;
  /// with ``SkillRunEvent/cancelled`` when the run is cancelled, superseded
  /// by a newer run or its queued request is dropped, and when the runner
  /// is released. When the policy ignores the request
  /// (``PerformPolicy/dropWhileRunning`` while a run is in progress) it ends at
  /// once without events. Progress reports are coalesced: when they come
  /// faster than the main actor takes them, intermediate values are skipped.
  ///
  /// - Parameter input: The skill's input.
  /// - Returns: The run's events.
  public func performWithEvents(_ input: S.Input) -> AsyncStream<SkillRunEvent<S.Output>> {
    let (stream, continuation) = AsyncStream.makeStream(of: SkillRunEvent<S.Output>.self)
    perform(input, events: continuation)
    return stream
  }

  @discardableResult
  private func perform(
    _ input: S.Input, events: AsyncStream<SkillRunEvent<S.Output>>.Continuation?
  ) -> Task<Void, Never> {
    switch policy {
    case .cancelPrevious:
      cancelTasks()
      return start(input, events: events)
    case .dropWhileRunning:
      if isRunningUntracked, let tail {
        logger.debug("perform ignored: a run is in progress")
        events?.finish()
        return tail
      }
      return start(input, events: events)
    case .enqueue:
      guard isRunningUntracked, let previous = tail else { return start(input, events: events) }
      let key = reserveTaskKey()
      if let events { eventSinks.withValue { $0.queued[key] = events } }
      let task = Task { [weak self] in
        await previous.value
        guard !Task.isCancelled else {
          self?.dropQueued(key: key)
          return
        }
        // The runner is held only while the run starts: a released runner
        // stays released, and its deinit cancels the run.
        guard let run = self?.startQueued(input, key: key) else { return }
        await withTaskCancellationHandler {
          await run.value
        } onCancel: {
          run.cancel()
        }
      }
      track(task, key: key)
      tail = task
      return task
    }
  }

  /// Cancels the run in progress and any queued runs.
  ///
  /// The status becomes ``SkillStatus/cancelled`` at once when a run was in
  /// progress; anything the cancelled skill returns later is discarded. When
  /// nothing runs, the status is left unchanged.
  public func cancel() {
    let wasRunning = isRunningUntracked || !liveTasks.value.isEmpty
    generation &+= 1
    cancelTasks()
    finishEventStreams()
    if wasRunning, !statusStorage.isCancelled {
      logger.info("cancelled")
      status = .cancelled
    }
  }

  /// Suspends until no run is in progress or queued.
  package func waitUntilIdle() async {
    while let tail {
      await tail.value
      if self.tail == tail { break }
    }
  }

  /// Forgets a queued request whose task was cancelled before its run started.
  private func dropQueued(key: UInt64) {
    liveTasks.withValue { $0[key] = nil }
    let events = eventSinks.withValue { $0.queued.removeValue(forKey: key) }
    events?.yield(.cancelled)
    events?.finish()
  }

  /// Starts a run that waited in the queue, which forgets the waiting task.
  private func startQueued(_ input: S.Input, key: UInt64) -> Task<Void, Never> {
    liveTasks.withValue { $0[key] = nil }
    let events = eventSinks.withValue { $0.queued.removeValue(forKey: key) }
    return start(input, events: events)
  }

  private func start(
    _ input: S.Input, events: AsyncStream<SkillRunEvent<S.Output>>.Continuation?
  ) -> Task<Void, Never> {
    generation &+= 1
    let runGeneration = generation
    // Runs this one supersedes end their streams as cancelled.
    finishEventStreams(keepingQueued: policy == .enqueue)
    do throws(SkillInputRejection) {
      try skill.validate(input)
    } catch {
      logger.info("rejected: \(error.message)")
      status = .rejected(error)
      events?.yield(.rejected(error))
      events?.finish()
      let task = Task<Void, Never> {}
      tail = task
      return task
    }
    status = .running(progress: nil)
    logger.info("started")
    if let events {
      eventSinks.withValue { $0.running[runGeneration] = events }
      events.yield(.started)
    }

    let relay = ProgressRelay(delivery: executor.progressDelivery) { [weak self] fraction in
      self?.applyProgress(fraction, generation: runGeneration)
    }
    let context = SkillContext(
      skillName: skill.name, runID: id, environment: environment,
      progress: { relay.report($0) }
    )
    let skill = self.skill
    let executor = self.executor
    let key = reserveTaskKey()
    let task = Task { [weak self] in
      let result: Result<S.Output, any Error>
      do {
        let output = try await executor.execute { try await context.execute(skill, input) }
        result = .success(output)
      } catch {
        result = .failure(error)
      }
      self?.finish(result, generation: runGeneration, key: key)
    }
    track(task, key: key)
    tail = task
    return task
  }

  private func applyProgress(_ fraction: Double, generation runGeneration: UInt64) {
    guard runGeneration == generation, case .running(let current) = statusStorage else { return }
    guard fraction > (current ?? -1) else { return }
    status = .running(progress: fraction)
    emit(.progress(fraction), generation: runGeneration)
  }

  private func finish(_ result: Result<S.Output, any Error>, generation runGeneration: UInt64, key: UInt64) {
    liveTasks.withValue { $0[key] = nil }
    guard runGeneration == generation else {
      logger.debug("late result of a superseded or cancelled run discarded")
      return
    }
    switch result {
    case .success(let output) where !Task.isCancelled:
      logger.info("succeeded")
      status = .succeeded(output: output)
      emit(.succeeded(output), generation: runGeneration)
    case .failure(let error) where !(error is CancellationError) && !Task.isCancelled:
      logger.error("failed: \(error)")
      status = .failed(error: error)
      emit(.failed(error), generation: runGeneration)
    default:
      logger.info("cancelled")
      status = .cancelled
      emit(.cancelled, generation: runGeneration)
    }
  }

  /// Sends `event` to the stream of the run `runGeneration`, ending it when the event is terminal.
  private func emit(_ event: SkillRunEvent<S.Output>, generation runGeneration: UInt64) {
    let sink = eventSinks.withValue { sinks in
      event.isTerminal ? sinks.running.removeValue(forKey: runGeneration) : sinks.running[runGeneration]
    }
    sink?.yield(event)
    if event.isTerminal { sink?.finish() }
  }

  /// Ends the streams of runs in progress (and of queued requests unless
  /// `keepingQueued`) with ``SkillRunEvent/cancelled``.
  private func finishEventStreams(keepingQueued: Bool = false) {
    let sinks = eventSinks.withValue { sinks -> [AsyncStream<SkillRunEvent<S.Output>>.Continuation] in
      if keepingQueued {
        defer { sinks.running.removeAll() }
        return Array(sinks.running.values)
      }
      return sinks.removeAll()
    }
    for sink in sinks {
      sink.yield(.cancelled)
      sink.finish()
    }
  }

  private func reserveTaskKey() -> UInt64 {
    nextTaskKey &+= 1
    return nextTaskKey
  }

  private func track(_ task: Task<Void, Never>, key: UInt64) {
    liveTasks.withValue { $0[key] = task }
  }

  private func cancelTasks() {
    let tasks = liveTasks.withValue { tasks -> [Task<Void, Never>] in
      defer { tasks.removeAll() }
      return Array(tasks.values)
    }
    for task in tasks { task.cancel() }
  }
}
