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
  private let handle: (any AgentTaskHandle)?

  init(handle: (any AgentTaskHandle)?) {
    self.handle = handle
  }

  /// A handle that is already settled, for intents that never started.
  static let settled = AgentTask(handle: nil)

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
    guard let handle else { return }
    let drains = isolation.map { $0 === MainActor.shared } ?? false
    await withTaskCancellationHandler {
      // Capturing `isolation` keeps this closure, and the waits in it, on the
      // caller's actor: a resumed waiter continues there without another hop.
      _ = isolation
      // A drainer counts as active from here until it parks, and again from
      // its resumption until it parks or leaves: deliveries made meanwhile
      // wait for it instead of scheduling a drain of their own.
      if drains { handle.enterDrainer() }
      while true {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
          if !handle.park(continuation, drains: drains) { continuation.resume() }
        }
        // Resumed to drain: a drainer that was resumed must drain, or no later
        // delivery would ask for one. It runs on the main actor already: the
        // call does not hop.
        guard drains, !handle.isSettled else { break }
        await handle.drain()
      }
      if drains { await handle.leaveDrainer() }
    } onCancel: {
      handle.requestCancellation(isolation: nil)
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
    handle?.requestCancellation(isolation: isolation)
  }

  /// Whether the intent and its follow-ups have settled.
  public var isSettled: Bool { handle?.isSettled ?? true }
}

/// What an ``AgentTask`` needs of a run, from any actor.
protocol AgentTaskHandle: Sendable {
  /// Whether the run's intent tree has settled.
  var isSettled: Bool { get }
  /// Registers `continuation` to be resumed when the intent tree settles or
  /// the agent goes away — and, for a waiter on the main actor (`drains`),
  /// when a delivery needs a drain. Returns `false`, without keeping it, when
  /// the caller should go on at once (settled, or a drain is pending).
  func park(_ continuation: CheckedContinuation<Void, Never>, drains: Bool) -> Bool
  /// Applies what the agent's runs delivered.
  @MainActor func drain()
  /// Notes that a waiter on the main actor starts draining for the agent.
  func enterDrainer()
  /// Notes that such a waiter stops; drains what nobody else will.
  @MainActor func leaveDrainer()
  /// Cancels the run and its follow-ups; at once when `isolation` is the main actor.
  func requestCancellation(isolation: isolated (any Actor)?)
}
