/// What an agent does for its settlement bookkeeping, whatever its types.
@MainActor
protocol AgentDrainTarget: AnyObject, Sendable {
  /// Applies what the agent's runs delivered.
  func drain()
  /// Cancels `run` and its follow-ups, for its ``AgentTask``.
  func cancelTree(of run: AgentRunNode)
  /// The agent's context as it is now.
  func currentContextValue() -> any Sendable
}

/// The part of an agent's mailbox that does not depend on the agent's types:
/// who drains deliveries and when, which runs have settled, who waits for
/// them, and the tasks of the runs in flight.
///
/// Deliveries themselves are typed and stay in ``AgentMailbox``; after adding
/// one, the mailbox calls ``requestDrain()``, and before taking them a drain
/// calls ``beginDrain()``. Kept free of generic parameters because every
/// round trip goes through it: the compiler then lays out its state once,
/// instead of looking up the agent's generic metadata at each access.
///
/// ## Waiters that drain
/// A task that awaits ``AgentTask/finish(isolation:)`` on the main actor
/// waits as a *drainer*: a delivery that needs a drain resumes it instead of
/// starting a drain task, and the drainer applies the batch itself before it
/// checks whether its intent has settled. `await agent.send(intent).finish()`
/// then costs one main-actor hop for the effects, the run's end and the
/// waiter together.
///
/// All mutable state sits in one ``LockIsolated`` box; the type itself holds
/// only constants, so the compiler checks that it is `Sendable`. It references
/// the agent weakly: tasks that hold it never keep the agent alive.
final class AgentSettlement: Sendable {
  /// What a delivery does to get itself drained.
  private enum DrainRequest {
    /// Nothing: a drain is already pending.
    case none
    /// Resume this waiting drainer: it drains on the main actor.
    case resume(CheckedContinuation<Void, Never>)
    /// Start a drain task: nobody else will drain.
    case schedule
  }

  private struct Waiter {
    let id: UInt64
    let continuation: CheckedContinuation<Void, Never>
    /// Whether the waiter is on the main actor and drains when resumed.
    let drains: Bool
  }

  private struct State {
    /// The agent to drain into.
    weak var target: (any AgentDrainTarget)?
    /// Whether a drain will run without another request: a drain task is
    /// scheduled, a drainer was resumed, or a check is armed. Cleared when a
    /// drain begins.
    var drainPending = false
    /// Whether a main-actor check is enqueued behind the current main-actor
    /// job (``armCheck()``): it drains if a drain is pending when it runs.
    var checkArmed = false
    var isClosed = false
    /// The tasks of the runs in flight, by run sequence, for cancellation.
    var tasks: [UInt64: Task<Void, Never>] = [:]
    /// The runs whose intent tree has not settled.
    var unsettled: Set<UInt64> = []
    /// Who waits for which run to settle.
    var waiters: [UInt64: [Waiter]] = [:]
    /// The waiting drainers, as (run, waiter id), most recent last.
    var drainers: [(run: UInt64, id: UInt64)] = []
    /// Drainers running on the main actor (or resumed to run there): each
    /// drains pending deliveries before it parks or leaves, so a delivery
    /// needs no other drain while one is active.
    var activeDrainers = 0
    /// How many drain tasks deliveries started (for tests: a main-actor
    /// waiter should make them unnecessary).
    var scheduledDrains = 0
    var nextWaiterID: UInt64 = 0
  }

  private let state = LockIsolated(State())

  /// Connects the settlement to its agent; called once, from the agent's initializer.
  func connect(_ target: any AgentDrainTarget) {
    state.withValue { $0.target = target }
  }

  /// The agent, if it is still alive.
  var target: (any AgentDrainTarget)? {
    state.withValue { $0.target }
  }

  /// Whether the agent went away.
  var isClosed: Bool { state.withValue { $0.isClosed } }

  // MARK: - Drains

  /// Makes sure a drain will apply a delivery just added: resumes a waiting
  /// drainer, or starts a drain task when nobody else will drain.
  func requestDrain() {
    let request = state.withValue { state -> DrainRequest in
      guard !state.isClosed else { return .none }
      return Self.requestDrain(&state)
    }
    switch request {
    case .resume(let drainer): drainer.resume()
    case .schedule: Task { @MainActor [self] in self.target?.drain() }
    case .none: break
    }
  }

  private static func requestDrain(_ state: inout State) -> DrainRequest {
    guard !state.drainPending else { return .none }
    state.drainPending = true
    // An active drainer drains before it parks or leaves (`park`, `leaveDrainer`).
    guard state.activeDrainers == 0 else { return .none }
    while let drainer = state.drainers.popLast() {
      if let waiter = removeWaiter(drainer.id, of: drainer.run, from: &state) {
        state.activeDrainers += 1
        return .resume(waiter.continuation)
      }
    }
    guard !state.checkArmed else { return .none }
    state.scheduledDrains += 1
    return .schedule
  }

  /// Notes that a drain takes the deliveries now: the next delivery asks for
  /// a new drain. Called before the deliveries are taken.
  func beginDrain() {
    state.withValue { $0.drainPending = false }
  }

  /// Drains now, on the main actor, if the agent is alive.
  @MainActor func drain() {
    target?.drain()
  }

  /// Enqueues, unless one is already enqueued, a main-actor check that runs
  /// after the current main-actor job and drains if a drain is pending then.
  ///
  /// Called when a run starts: a run that delivers before its sender waits
  /// (or before the main actor finishes its job) is then drained without a
  /// request from the run's thread — enqueuing on the main actor from the
  /// main actor wakes no thread.
  @MainActor func armCheck() {
    let arm = state.withValue { state in
      defer { state.checkArmed = true }
      return !state.checkArmed && !state.isClosed
    }
    guard arm else { return }
    Task { @MainActor [self] in
      let pending = self.state.withValue { state in
        state.checkArmed = false
        return state.drainPending
      }
      if pending { self.drain() }
    }
  }

  /// The number of drain tasks deliveries started so far (for tests).
  var scheduledDrainCount: Int { state.withValue { $0.scheduledDrains } }

  // MARK: - Run tasks

  /// Remembers `task` as the task of run `sequence`, for cancellation; after
  /// the agent is gone, cancels it at once.
  func register(_ task: Task<Void, Never>, for sequence: UInt64) {
    let closed = state.withValue { state in
      if !state.isClosed { state.tasks[sequence] = task }
      return state.isClosed
    }
    if closed { task.cancel() }
  }

  /// Forgets the task of run `sequence`: it ended.
  func forgetTask(of sequence: UInt64) {
    state.withValue { _ = $0.tasks.removeValue(forKey: sequence) }
  }

  /// Cancels the task of run `sequence`, if it is still in flight.
  func cancelTask(of sequence: UInt64) {
    state.withValue { $0.tasks[sequence] }?.cancel()
  }

  /// The number of run tasks in flight (for tests).
  var taskCount: Int { state.withValue { $0.tasks.count } }

  // MARK: - Settlement

  /// Notes that run `sequence` exists and has not settled.
  func open(_ sequence: UInt64) {
    state.withValue { _ = $0.unsettled.insert(sequence) }
  }

  /// Marks run `sequence` settled and resumes whoever waits for it.
  func settle(_ sequence: UInt64) {
    let resumed = state.withValue { state -> [Waiter] in
      state.unsettled.remove(sequence)
      guard let waiters = state.waiters.removeValue(forKey: sequence) else { return [] }
      let drainers = waiters.count(where: \.drains)
      if drainers > 0 {
        state.drainers.removeAll { $0.run == sequence }
        state.activeDrainers += drainers
      }
      return waiters
    }
    for waiter in resumed { waiter.continuation.resume() }
  }

  /// Whether run `sequence` has settled (or the agent is gone).
  func isSettled(_ sequence: UInt64) -> Bool {
    state.withValue { $0.isClosed || !$0.unsettled.contains(sequence) }
  }

  /// The number of waiting drainers (for tests).
  var drainerCount: Int { state.withValue { $0.drainers.count } }

  /// Registers `continuation` to be resumed when run `sequence` settles or
  /// the agent goes away, and — for a drainer (`drains`, a waiter on the main
  /// actor) — when a delivery needs a drain. Returns `false`, without keeping
  /// the continuation, when the waiter should go on at once: the run has
  /// settled, or it is a drainer and a drain is pending.
  func park(_ continuation: CheckedContinuation<Void, Never>, until sequence: UInt64, drains: Bool) -> Bool {
    state.withValue { state in
      if state.isClosed || !state.unsettled.contains(sequence) { return false }
      if drains && state.drainPending { return false }
      state.nextWaiterID &+= 1
      let waiter = Waiter(id: state.nextWaiterID, continuation: continuation, drains: drains)
      state.waiters[sequence, default: []].append(waiter)
      if drains {
        state.drainers.append((sequence, waiter.id))
        state.activeDrainers -= 1
      }
      return true
    }
  }

  /// Notes that a drainer starts waiting on the main actor: until it parks
  /// or leaves, deliveries count on it to drain them.
  func enterDrainer() {
    state.withValue { $0.activeDrainers += 1 }
  }

  /// Notes that a drainer stops waiting; if it was the last active one and a
  /// drain is pending that nobody else will do, drains on the way out.
  @MainActor func leaveDrainer() {
    let drainsNow = state.withValue { state in
      state.activeDrainers -= 1
      return !state.isClosed && state.activeDrainers == 0 && state.drainPending
    }
    if drainsNow { drain() }
  }

  private static func removeWaiter(_ id: UInt64, of sequence: UInt64, from state: inout State) -> Waiter? {
    guard var waiters = state.waiters[sequence], let index = waiters.firstIndex(where: { $0.id == id }) else {
      return nil
    }
    let waiter = waiters.remove(at: index)
    state.waiters[sequence] = waiters.isEmpty ? nil : waiters
    return waiter
  }

  // MARK: - Cancellation

  /// Cancels `run` and its follow-ups on the main actor, if the agent is alive.
  @MainActor func cancelTree(of run: AgentRunNode) {
    target?.cancelTree(of: run)
  }

  // MARK: - Closing

  /// The agent went away: cancel every run and release every waiter.
  func close() {
    let (tasks, waiters) = state.withValue { state in
      state.isClosed = true
      let tasks = Array(state.tasks.values)
      let waiters = state.waiters.values.flatMap { $0 }
      state.activeDrainers += state.drainers.count
      state.tasks.removeAll()
      state.waiters.removeAll()
      state.drainers.removeAll()
      state.unsettled.removeAll()
      return (tasks, waiters)
    }
    for task in tasks { task.cancel() }
    for waiter in waiters { waiter.continuation.resume() }
  }
}
