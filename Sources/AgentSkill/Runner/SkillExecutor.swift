/// How progress reports travel from a running skill to its runner.
public enum ProgressDelivery: Sendable, Hashable {
  /// At most one main-actor hop is pending at a time; the runner shows the
  /// latest value when it lands. Cheapest; intermediate values may be skipped.
  case coalesced
  /// Every report is delivered, in order. For tests that assert each step.
  case everyReport
}

/// Decides where a runner's skill work runs and how progress reaches the
/// main actor.
///
/// Status is always applied on the main actor; executors only choose where
/// the work itself runs.
///
/// ```swift
/// let upload = SkillRunner(UploadSkill(), executor: .background())   // heavy work at background priority
/// let search = SkillRunner(SearchSkill(), executor: .immediate)      // tests: every progress report delivered
/// ```
public protocol SkillExecutor: Sendable {
  /// How progress reports reach the runner.
  var progressDelivery: ProgressDelivery { get }

  /// Runs `work` and returns its result; cancelling the calling task must
  /// cancel the work.
  ///
  /// - Parameter work: The skill's run.
  /// - Returns: What `work` returns.
  /// - Throws: What `work` throws.
  func execute<Output: Sendable>(_ work: @escaping @Sendable () async throws -> Output) async throws -> Output
}

/// Runs skill work off the main actor at the caller's priority, coalescing
/// progress reports. The default.
public struct DefaultSkillExecutor: SkillExecutor {
  /// Creates the executor.
  public init() {}

  /// Coalesced.
  public var progressDelivery: ProgressDelivery { .coalesced }

  /// Runs `work` on the global concurrent executor.
  ///
  /// - Parameter work: The skill's run.
  /// - Returns: What `work` returns.
  /// - Throws: What `work` throws.
  public func execute<Output: Sendable>(_ work: @escaping @Sendable () async throws -> Output) async throws
    -> Output
  {
    try await work()
  }
}

/// Runs skill work in the runner's own task and delivers every progress
/// report in order, so tests can assert each step.
public struct ImmediateSkillExecutor: SkillExecutor {
  /// Creates the executor.
  public init() {}

  /// Every report.
  public var progressDelivery: ProgressDelivery { .everyReport }

  /// Runs `work` directly.
  ///
  /// - Parameter work: The skill's run.
  /// - Returns: What `work` returns.
  /// - Throws: What `work` throws.
  public func execute<Output: Sendable>(_ work: @escaping @Sendable () async throws -> Output) async throws
    -> Output
  {
    try await work()
  }
}

/// Runs skill work in a detached task at a chosen priority (background by
/// default), for heavy work that must not compete with the UI.
public struct BackgroundSkillExecutor: SkillExecutor {
  /// The priority of the detached task.
  public let priority: TaskPriority

  /// Creates the executor.
  ///
  /// - Parameter priority: The priority of the work. Defaults to `.background`.
  public init(priority: TaskPriority = .background) {
    self.priority = priority
  }

  /// Coalesced.
  public var progressDelivery: ProgressDelivery { .coalesced }

  /// Runs `work` in a detached task, forwarding cancellation to it.
  ///
  /// - Parameter work: The skill's run.
  /// - Returns: What `work` returns.
  /// - Throws: What `work` throws.
  public func execute<Output: Sendable>(_ work: @escaping @Sendable () async throws -> Output) async throws
    -> Output
  {
    // Waiting on `task.value` would escalate the detached task to the
    // caller's priority; a continuation hands the result back without that.
    let handle = LockIsolated(DetachedWork.notStarted)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Output, any Error>) in
        let task = Task.detached(priority: priority) {
          do {
            continuation.resume(returning: try await work())
          } catch {
            continuation.resume(throwing: error)
          }
        }
        let cancelledEarly = handle.withValue { state -> Bool in
          if case .cancelled = state { return true }
          state = .started(task)
          return false
        }
        if cancelledEarly { task.cancel() }
      }
    } onCancel: {
      let started = handle.withValue { state -> Task<Void, Never>? in
        defer { state = .cancelled }
        if case .started(let task) = state { return task }
        return nil
      }
      started?.cancel()
    }
  }
}

extension SkillExecutor where Self == DefaultSkillExecutor {
  /// Work off the main actor, coalesced progress.
  public static var `default`: DefaultSkillExecutor { DefaultSkillExecutor() }
}

extension SkillExecutor where Self == ImmediateSkillExecutor {
  /// Work in the runner's task, every progress report delivered (tests).
  public static var immediate: ImmediateSkillExecutor { ImmediateSkillExecutor() }
}

extension SkillExecutor where Self == BackgroundSkillExecutor {
  /// Work in a detached task at `priority`.
  ///
  /// - Parameter priority: The priority. Defaults to `.background`.
  /// - Returns: A background executor.
  public static func background(priority: TaskPriority = .background) -> BackgroundSkillExecutor {
    BackgroundSkillExecutor(priority: priority)
  }
}

/// The detached task of a ``BackgroundSkillExecutor`` run, as seen by its cancellation handler.
private enum DetachedWork {
  case notStarted
  case started(Task<Void, Never>)
  case cancelled
}
