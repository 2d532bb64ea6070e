import AgentSkill

/// Where a chat turn waits for the user's answer to a confirmation, shared
/// by the skill that asks and the one that answers.
///
/// An answer may arrive before the turn starts waiting; it is kept until
/// then. Waiting ends with `CancellationError` when the turn is cancelled.
public final class ConfirmationGate: Sendable {
  private struct State {
    var answers: [String: Bool] = [:]
    var waiters: [String: CheckedContinuation<Bool, any Error>] = [:]
    var cancelled: Set<String> = []
  }

  private let state = LockIsolated(State())

  /// Creates a gate with no answers.
  public init() {}

  /// Suspends until `callID` is answered.
  ///
  /// - Parameter callID: The call waiting for confirmation.
  /// - Returns: Whether the user agreed.
  /// - Throws: `CancellationError` when the waiting task is cancelled.
  public func wait(for callID: String) async throws -> Bool {
    try Task.checkCancellation()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Bool, any Error>) in
        let outcome = state.withValue { state -> Result<Bool, any Error>? in
          if state.cancelled.remove(callID) != nil { return .failure(CancellationError()) }
          if let answer = state.answers.removeValue(forKey: callID) { return .success(answer) }
          state.waiters[callID] = continuation
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let waiter = state.withValue { state -> CheckedContinuation<Bool, any Error>? in
        if let waiter = state.waiters.removeValue(forKey: callID) { return waiter }
        state.cancelled.insert(callID)
        return nil
      }
      waiter?.resume(throwing: CancellationError())
    }
  }

  /// Answers `callID`, resuming its waiter or keeping the answer for it.
  ///
  /// - Parameters:
  ///   - callID: The call.
  ///   - approved: Whether the user agreed.
  public func answer(_ callID: String, approved: Bool) {
    let waiter = state.withValue { state -> CheckedContinuation<Bool, any Error>? in
      if let waiter = state.waiters.removeValue(forKey: callID) { return waiter }
      state.answers[callID] = approved
      return nil
    }
    waiter?.resume(returning: approved)
  }
}
