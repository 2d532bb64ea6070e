/// A handle on an intent sent to an ``Agent``: await its settlement or cancel it.
///
/// ```swift
/// await agent.send(.load).finish()   // the load and its follow-ups have settled
/// let refresh = agent.send(.refresh)
/// refresh.cancel()
/// ```
///
/// Holding a handle never keeps the agent alive.
public struct AgentTask: Sendable {
  private let run: AgentRunNode?

  /// A handle on `run`.
  init(_ run: AgentRunNode?) {
    self.run = run
  }

  /// A handle that is already settled, for intents that never started.
  static let settled = AgentTask(nil)

  /// Suspends until the intent and every follow-up intent it caused have
  /// settled: finished, failed, been cancelled, dropped or found no skill.
  ///
  /// After it returns, every effect of the intent tree has been applied (or
  /// dropped) and the context reflects them. It also returns when the agent
  /// is released.
  ///
  /// Cancelling the task that awaits `finish()` cancels the intent's run and
  /// its follow-ups, then returns once they have settled — as the task of a
  /// SwiftUI view is cancelled when the view disappears:
  ///
  /// ```swift
  /// List(agent.items) { MessageRow(message: $0) }
  ///   .task { await agent.send(.load).finish() }   // leaving the screen stops the load
  /// ```
  ///
  /// It stays on the caller's actor, so awaiting it from the main actor costs
  /// no extra hop.
  ///
  /// - Parameter isolation: The caller's actor, filled in by the compiler.
  public func finish(isolation: isolated (any Actor)? = #isolation) async {
    guard let run else { return }
    let settlement = run.settlement
    let sequence = run.sequence
    let drains = isolation.map { $0 === MainActor.shared } ?? false
    await withTaskCancellationHandler {
      // Capturing `isolation` keeps this closure, and the waits in it, on the
      // caller's actor: a resumed waiter continues there without another hop.
      _ = isolation
      // A drainer counts as active from here until it parks, and again from
      // its resumption until it parks or leaves: deliveries made meanwhile
      // wait for it instead of scheduling a drain of their own.
      if drains { settlement.enterDrainer() }
      while true {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
          if !settlement.park(continuation, until: sequence, drains: drains) { continuation.resume() }
        }
        // Resumed to drain: a drainer that was resumed must drain, or no later
        // delivery would ask for one. It runs on the main actor already: the
        // call does not hop.
        guard drains, !settlement.isSettled(sequence) else { break }
        await settlement.drain()
      }
      if drains { await settlement.leaveDrainer() }
    } onCancel: {
      run.requestCancellation(onMainActor: false)
    }
  }

  /// Cancels the intent's run and the runs of its follow-ups, in flight or
  /// queued. Their late effects are dropped.
  ///
  /// Called on the main actor, cancellation takes effect before this method
  /// returns; from elsewhere it is applied on the main actor, while the
  /// skill's task is told at once.
  ///
  /// - Parameter isolation: The caller's actor, filled in by the compiler.
  public func cancel(isolation: isolated (any Actor)? = #isolation) {
    run?.requestCancellation(onMainActor: isolation.map { $0 === MainActor.shared } ?? false)
  }

  /// Whether the intent and its follow-ups have settled.
  public var isSettled: Bool { run?.isSettled ?? true }
}
