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
/// - A superseded run never overwrites the newer run's status.
/// - Releasing the runner cancels its work; its tasks never keep it alive.
@MainActor
public final class SkillRunner<S: Skill>: Observable {
  /// The runner's stable identifier, shown in its log tag (`[UploadSkill-8a2b]`).
  public nonisolated let id: SkillRunID
  /// The skill this runner runs.
  public let skill: S
  /// What ``perform(_:)`` does while a run is in progress.
  public let policy: PerformPolicy
  /// Where the skill's work runs.
  public let executor: any SkillExecutor
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

  /// The error of the last failed run; cleared when a new run starts.
  public private(set) var lastError: (any Error)? {
    get {
      registrar.access(self, keyPath: lastErrorKeyPath)
      return lastErrorStorage
    }
    set {
      registrar.withMutation(of: self, keyPath: lastErrorKeyPath) { lastErrorStorage = newValue }
    }
  }

  // Observation is written by hand (not with the macro) so the key paths of
  // this generic class are built once per runner: a key-path literal in a
  // generic context is instantiated by the runtime on every use.
  private let registrar = ObservationRegistrar()
  private let statusKeyPath: KeyPath<SkillRunner, SkillStatus<S.Output>>
  private let lastErrorKeyPath: KeyPath<SkillRunner, (any Error)?>
  private var statusStorage: SkillStatus<S.Output> = .idle
  private var lastErrorStorage: (any Error)?

  private var generation: UInt64 = 0
  private var tail: Task<Void, Never>?
  private let logger: SkillLogger
  /// Every unfinished task, reachable from `deinit` (which is not main-actor isolated).
  private nonisolated let liveTasks = LockIsolated([UInt64: Task<Void, Never>]())
  private var nextTaskKey: UInt64 = 0

  /// Creates a runner.
  ///
  /// - Parameters:
  ///   - skill: The skill to run.
  ///   - policy: What ``perform(_:)`` does while a run is in progress. Defaults to ``PerformPolicy/cancelPrevious``.
  ///   - executor: Where the work runs. Defaults to ``DefaultSkillExecutor``.
  ///   - environment: Clock, dependencies, monitor and log sink. Pass a `TestClock` in tests.
  public init(
    _ skill: S,
    policy: PerformPolicy = .cancelPrevious,
    executor: any SkillExecutor = DefaultSkillExecutor(),
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
    self.lastErrorKeyPath = \SkillRunner.lastError
  }

  deinit {
    for task in liveTasks.value.values { task.cancel() }
  }

  /// Whether a run is in progress.
  public var isRunning: Bool { status.isRunning }

  private var isRunningUntracked: Bool { statusStorage.isRunning }

  /// The log tag, such as `UploadSkill-8a2b`.
  public nonisolated var tag: String { id.tag(for: skill.name) }

  /// Starts a run with `input`, following the runner's ``policy`` when a run
  /// is already in progress.
  ///
  /// The status becomes ``SkillStatus/running(progress:)`` before this method
  /// returns (unless the policy ignores or queues the request).
  ///
  /// - Parameter input: The skill's input.
  /// - Returns: A task that completes when this request's run has finished
  ///   and its status is applied (for ``PerformPolicy/ignoreNew``, the run
  ///   already in progress). Cancelling it cancels the run.
  @discardableResult
  public func perform(_ input: S.Input) -> Task<Void, Never> {
    switch policy {
    case .cancelPrevious:
      cancelTasks()
      return start(input)
    case .ignoreNew:
      if isRunningUntracked, let tail {
        logger.debug("perform ignored: a run is in progress")
        return tail
      }
      return start(input)
    case .enqueue:
      guard isRunningUntracked, let previous = tail else { return start(input) }
      let key = reserveTaskKey()
      let task = Task { [weak self] in
        await previous.value
        guard !Task.isCancelled else { return }
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
    if wasRunning, !statusStorage.isCancelled {
      logger.info("cancelled")
      status = .cancelled
    }
  }

  /// Suspends until no run is in progress or queued.
  public func waitUntilIdle() async {
    while let tail {
      await tail.value
      if self.tail == tail { break }
    }
  }

  /// Starts a run that waited in the queue, which forgets the waiting task.
  private func startQueued(_ input: S.Input, key: UInt64) -> Task<Void, Never> {
    liveTasks.withValue { $0[key] = nil }
    return start(input)
  }

  private func start(_ input: S.Input) -> Task<Void, Never> {
    generation &+= 1
    let runGeneration = generation
    if lastErrorStorage != nil { lastError = nil }
    status = .running(progress: nil)
    logger.info("started")

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
    case .failure(let error) where !(error is CancellationError) && !Task.isCancelled:
      logger.error("failed: \(error)")
      lastError = error
      status = .failed(error: error)
    default:
      logger.info("cancelled")
      status = .cancelled
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
