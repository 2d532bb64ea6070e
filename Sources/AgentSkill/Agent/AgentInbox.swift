/// Something a run delivered to its agent, other than an effect's value.
struct AgentInboxItem {
  enum Kind {
    /// An effect emitted by the run's skill; the value waits, in order, in
    /// the inbox's effect list.
    case effect
    /// The run's skill fell through to the next one.
    case fellThrough(from: Int, to: Int, duration: Duration)
    /// The run's task ended.
    case finished(AgentRunOutcome)
  }

  let run: AgentTaskNode
  let kind: Kind
}

/// Where runs deliver effects and completions for the agent to apply on the
/// main actor.
///
/// Producers (any task, any thread) append under the lock; the first
/// producer after a drain requests exactly one main-actor drain — by resuming
/// a parked ``AgentTask/finish(isolation:)`` waiter, by leaving it to an armed
/// main-actor check, or with a drain task when neither is there — so a burst
/// of effects, and the completion of a run that ends right after emitting
/// them, cost one hop and are applied in one main-actor turn.
///
/// Items are not generic (the effects' values wait in a separate list), so
/// delivering and draining them needs no generic metadata.
final class AgentInbox<Context: Sendable, Intent: Sendable, Effect: Sendable>: AgentCore, EffectReceiver,
  @unchecked Sendable
{
  /// The agent to drain into; written once on the main actor, read there.
  weak var agent: Agent<Context, Intent, Effect>?

  // Guarded by `lock`.
  private var items: [AgentInboxItem] = []
  private let effects = AgentEffectQueue<Effect>()

  override init() {
    super.init()
    items.reserveCapacity(16)
  }

  func receive(_ effect: Effect, from run: AgentTaskNode?) {
    guard let run else { return }
    lock.lock()
    if isClosed {
      lock.unlock()
      return
    }
    items.append(AgentInboxItem(run: run, kind: .effect))
    effects.append(effect)
    let request = requestDrainLocked()
    lock.unlock()
    perform(request)
  }

  func receive(contentsOf newEffects: [Effect], from run: AgentTaskNode?) {
    guard let run, !newEffects.isEmpty else { return }
    lock.lock()
    if isClosed {
      lock.unlock()
      return
    }
    for _ in 0..<newEffects.count { items.append(AgentInboxItem(run: run, kind: .effect)) }
    effects.append(contentsOf: newEffects)
    let request = requestDrainLocked()
    lock.unlock()
    perform(request)
  }

  /// Appends `kind` for `run` and requests a drain unless one is pending.
  /// After the agent is gone, items are discarded.
  func push(_ kind: AgentInboxItem.Kind, for run: AgentTaskNode) {
    lock.lock()
    if isClosed {
      lock.unlock()
      return
    }
    items.append(AgentInboxItem(run: run, kind: kind))
    let request = requestDrainLocked()
    lock.unlock()
    perform(request)
  }

  /// Moves every pending item and effect into the buffers (which must be
  /// empty) and lets the next delivery request a new drain. Runs that
  /// finished forget their task.
  func take(into buffer: inout [AgentInboxItem], effects effectBuffer: AgentEffectQueue<Effect>) {
    lock.lock()
    swap(&items, &buffer)
    if !effects.isEmpty { effects.swapContents(with: effectBuffer) }
    drainPending = false
    for item in buffer {
      if case .finished = item.kind { forgetTaskLocked(item.run.sequence) }
    }
    lock.unlock()
  }

  /// The agent went away: also forget undelivered items (they reference runs,
  /// which reference this inbox).
  override func close() {
    super.close()
    lock.lock()
    var discarded: [AgentInboxItem] = []
    swap(&items, &discarded)
    let discardedEffects = AgentEffectQueue<Effect>(capacity: 1)
    effects.swapContents(with: discardedEffects)
    lock.unlock()
    discarded.removeAll()  // released outside the lock
    discardedEffects.removeAll()
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
