/// Where an agent's runs deliver what they produce, for the agent to apply on
/// the main actor.
///
/// Runs deliver from any task or thread. The first delivery after a drain
/// asks for exactly one main-actor drain, so a burst of effects — and the
/// end of a run that finishes right after emitting them — is applied in one
/// main-actor turn. Who drains, and who waits for which run, is the
/// ``settlement``'s business: it does not depend on the agent's types.
///
/// The deliveries sit in one ``LockIsolated`` box (`nil` once the agent went
/// away); the mailbox itself holds only constants, so the compiler checks
/// that it is `Sendable`.
final class AgentMailbox<Context: Sendable, Intent: Sendable, Effect: Sendable>: Sendable {
  typealias Run = AgentRun<Context, Intent, Effect>

  /// Something a run delivers, or asks of the agent.
  enum Delivery {
    /// An effect the run's skill emitted.
    case effect(Effect, from: Run)
    /// Effects the run's skill emitted at once.
    case effects([Effect], from: Run)
    /// The run's task ended; `outcome` says how.
    case ended(Run, AgentRunOutcome)
    /// A handle asked from off the main actor to cancel the run and its follow-ups.
    case cancelRequested(Run)
  }

  /// Drains, waiters, settlement and run tasks.
  let settlement = AgentSettlement()
  /// What was delivered since the last drain; `nil` after the agent went away.
  private let deliveries = LockIsolated<[Delivery]?>([])

  /// Delivers `delivery` and makes sure a drain will apply it. After the
  /// agent is gone, deliveries are dropped.
  func deliver(_ delivery: Delivery) {
    let accepted = deliveries.withValue { deliveries in
      guard deliveries != nil else { return false }
      deliveries?.append(delivery)
      return true
    }
    if accepted { settlement.requestDrain() }
  }

  /// Takes every delivery for a drain; the next delivery asks for a new drain.
  func takeDeliveries() -> [Delivery] {
    settlement.beginDrain()
    return deliveries.withValue { deliveries in
      guard let taken = deliveries, !taken.isEmpty else { return [] }
      deliveries?.removeAll(keepingCapacity: true)
      return taken
    }
  }

  /// The agent went away: cancel every run, drop what was not applied, and
  /// release every waiter.
  func close() {
    let dropped = deliveries.withValue { deliveries in
      defer { deliveries = nil }
      return deliveries
    }
    _ = dropped  // released here, outside the lock
    settlement.close()
  }
}
