/// A handle on an intent sent to an ``Agent``: await its settlement or cancel it.
///
/// ```swift
/// await agent.send(.load).finish()   // the load and its follow-ups have settled
/// let upload = agent.send(.upload(photo))
/// upload.cancel()
/// ```
///
/// Holding a handle never keeps the agent alive.
public struct AgentTask: Sendable {
  let node: AgentTaskNode?

  init(node: AgentTaskNode?) {
    self.node = node
  }

  /// A handle that is already settled, for intents that never started.
  static let settled = AgentTask(node: nil)

  /// Suspends until the intent and every follow-up intent it caused have
  /// settled: finished, failed, been cancelled, dropped or found no skill.
  ///
  /// After it returns, every effect of the intent tree has been applied (or
  /// dropped) and the context reflects them. It also returns when the agent
  /// is released, and as soon as the waiting task is cancelled.
  ///
  /// It stays on the caller's actor, so awaiting it from the main actor costs
  /// no extra hop.
  ///
  /// - Parameter isolation: The caller's actor, filled in by the compiler.
  public func finish(isolation: isolated (any Actor)? = #isolation) async {
    await node?.waitUntilSettled(isolation: isolation)
  }

  /// Cancels the intent's run and the runs of its follow-ups, in flight or
  /// queued. Their late effects are dropped.
  ///
  /// Called on the main actor, cancellation takes effect before this method
  /// returns; from elsewhere it is scheduled on the main actor, while the
  /// skill's task is told at once.
  ///
  /// - Parameter isolation: The caller's actor, filled in by the compiler.
  public func cancel(isolation: isolated (any Actor)? = #isolation) {
    node?.requestCancel(isolation: isolation)
  }

  /// Whether the intent and its follow-ups have settled.
  public var isSettled: Bool { node?.isSettled ?? true }
}
