/// Where runs deliver effects and completions for the agent to apply on the
/// main actor.
///
/// Producers (any task, any thread) append under the lock; the first
/// producer after a drain requests exactly one main-actor drain — by resuming
/// a parked ``AgentTask/finish(isolation:)`` waiter, or with a drain task
/// when none is parked — so a burst of effects, and the completion of a run
/// that ends right after emitting them, cost one hop and are applied in one
/// main-actor turn.
final class AgentInbox<Context: Sendable, Intent: Sendable, Effect: Sendable>: AgentCore, @unchecked Sendable {
  enum Item {
    /// An effect emitted by a run's skill.
    case effect(AgentRun<Context, Intent, Effect>, Effect)
    /// A run's skill fell through to the next one.
    case fellThrough(AgentRun<Context, Intent, Effect>, from: Int, to: Int, duration: Duration)
    /// A run's task ended.
    case finished(AgentRun<Context, Intent, Effect>, AgentRunOutcome)
  }

  /// The agent to drain into; written once on the main actor, read there.
  weak var agent: Agent<Context, Intent, Effect>?

  // Guarded by `lock`.
  private var items: [Item] = []

  override init() {
    super.init()
    items.reserveCapacity(16)
  }

  /// Appends `item` and requests a drain unless one is pending. After the
  /// agent is gone, items are discarded.
  func push(_ item: Item) {
    lock.lock()
    if isClosed {
      lock.unlock()
      return
    }
    items.append(item)
    let request = requestDrainLocked()
    lock.unlock()
    perform(request)
  }

  /// Appends `newItems` at once (one lock, at most one drain).
  func push(_ newItems: [Item]) {
    guard !newItems.isEmpty else { return }
    lock.lock()
    if isClosed {
      lock.unlock()
      return
    }
    items.append(contentsOf: newItems)
    let request = requestDrainLocked()
    lock.unlock()
    perform(request)
  }

  /// Moves every pending item into `buffer` (which must be empty) and lets
  /// the next push request a new drain. Runs that finished forget their task.
  func take(into buffer: inout [Item]) {
    lock.lock()
    swap(&items, &buffer)
    drainPending = false
    for item in buffer {
      if case .finished(let run, _) = item { forgetTaskLocked(run.sequence) }
    }
    lock.unlock()
  }

  /// The agent went away: also forget undelivered items (they reference runs,
  /// which reference this inbox).
  override func close() {
    super.close()
    lock.lock()
    var discarded: [Item] = []
    swap(&items, &discarded)
    lock.unlock()
    discarded.removeAll()  // released outside the lock
  }

  @MainActor override func drainNow() {
    agent?.drain()
  }

  private func perform(_ request: DrainRequest) {
    switch request {
    case .none:
      break
    case .resume(let drainer):
      drainer.resume()
    case .schedule:
      Task { @MainActor [self] in
        self.agent?.drain()
      }
    }
  }
}
