/// Where a runner's skill work runs.
///
/// Status is always applied on the main actor; the executor only chooses
/// where the work itself runs.
///
/// ```swift
/// let upload = SkillRunner(UploadSkill(), executor: .background())   // heavy work at background priority
/// ```
public struct SkillExecutor: Sendable {
  private enum Placement: Sendable {
    case inline
    case detached(TaskPriority)
  }

  private let placement: Placement
  /// How progress reports reach the runner.
  package let progressDelivery: ProgressDelivery

  /// Work off the main actor at the caller's priority, coalesced progress. The default.
  public static var `default`: SkillExecutor { SkillExecutor(placement: .inline, progressDelivery: .coalesced) }

  /// Work in a detached task at `priority`, for heavy work that must not
  /// compete with the UI.
  ///
  /// - Parameter priority: The priority. Defaults to `.background`.
  /// - Returns: A background executor.
  public static func background(priority: TaskPriority = .background) -> SkillExecutor {
    SkillExecutor(placement: .detached(priority), progressDelivery: .coalesced)
  }

  /// Work in the runner's task, every progress report delivered in order
  /// (AgentSkillTesting's `SkillExecutor.immediate`).
  package static var inlineEveryReport: SkillExecutor {
    SkillExecutor(placement: .inline, progressDelivery: .everyReport)
  }

  /// Runs `work` and returns its result; cancelling the calling task cancels the work.
  ///
  /// - Parameter work: The skill's run.
  /// - Returns: What `work` returns.
  /// - Throws: What `work` throws.
  package func execute<Output: Sendable>(_ work: @escaping @Sendable () async throws -> Output) async throws
    -> Output
  {
    switch placement {
    case .inline: try await work()
    case .detached(let priority): try await Self.detached(priority: priority, work)
    }
  }

  private static func detached<Output: Sendable>(
    priority: TaskPriority, _ work: @escaping @Sendable () async throws -> Output
  ) async throws -> Output {
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

/// How progress reports travel from a running skill to its runner.
package enum ProgressDelivery: Sendable, Hashable {
  /// At most one main-actor hop is pending at a time; the runner shows the
  /// latest value when it lands. Cheapest; intermediate values may be skipped.
  case coalesced
  /// Every report is delivered, in order. For tests that assert each step.
  case everyReport
}

/// The detached task of a background run, as seen by its cancellation handler.
private enum DetachedWork {
  case notStarted
  case started(Task<Void, Never>)
  case cancelled
}
