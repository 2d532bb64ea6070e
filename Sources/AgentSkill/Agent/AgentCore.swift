import Foundation

/// Cancels runs on behalf of an ``AgentTask``; implemented by ``Agent``.
@MainActor
protocol AgentNodeCanceling: AnyObject {
  /// Cancels `node`'s run and the runs of its follow-ups.
  func cancelNode(_ node: AgentTaskNode)
}

/// The state an agent shares with its runs and handles, guarded by one lock:
/// settlement waiters, the tasks to cancel when the agent goes away, whether
/// a drain is pending, and whether the agent has gone away.
///
/// ## Waiters that drain
/// A task awaiting ``AgentTask/finish(isolation:)`` on the main actor parks
/// as a *drainer*: when a run delivers something while no drain is pending,
/// the producer resumes a parked drainer instead of scheduling a drain task,
/// and the drainer applies the batch itself before checking whether its
/// intent has settled. The common `await agent.send(intent).finish()` then
/// costs one main-actor hop for the effects, the completion and the waiter
/// together, where a separate drain would cost a hop for the drain and two
/// for resuming the waiter (a continuation resumes on the global executor).
///
/// It never references the agent strongly, so tasks that hold it never keep
/// the agent alive.
class AgentCore: @unchecked Sendable {
  typealias Waiter = (id: UInt64, continuation: UnsafeContinuation<Void, Never>)

  let lock = NSLock()
  /// Cancels nodes; read and written on the main actor only.
  weak var owner: (any AgentNodeCanceling)?

  // Guarded by `lock`.
  /// The nodes with waiters (their waiters are stored on the node).
  private var waitingNodes: [UInt64: AgentTaskNode] = [:]
  /// Parked main-actor waiters that drain when resumed, most recent last.
  private var drainers: [(node: AgentTaskNode, id: UInt64)] = []
  private var nextWaiterID: UInt64 = 0
  private var tasks: [UInt64: Task<Void, Never>] = [:]
  private(set) var isClosed = false
  /// Whether a drain will run on the main actor without another request: a
  /// drain task is scheduled, a drainer was resumed, or a check is armed.
  /// Cleared when a drain takes the pending items.
  var drainPending = false
  /// Whether a main-actor check is enqueued behind the current main-actor
  /// job (``armCheck()``): it drains if a drain is pending when it runs.
  private var checkArmed = false

  /// Remembers `task` as the run of node `sequence`, for cancellation.
  func register(_ task: Task<Void, Never>, for sequence: UInt64) {
    lock.lock()
    if isClosed {
      lock.unlock()
      task.cancel()
      return
    }
    tasks[sequence] = task
    lock.unlock()
  }

  /// Cancels the task of node `sequence`, if it is still registered.
  func cancelTask(for sequence: UInt64) {
    lock.lock()
    let task = tasks[sequence]
    lock.unlock()
    task?.cancel()
  }

  /// Forgets the task of node `sequence`; the caller holds `lock`.
  func forgetTaskLocked(_ sequence: UInt64) {
    tasks.removeValue(forKey: sequence)
  }

  /// The number of registered run tasks (for diagnostics and tests).
  var registeredTaskCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return tasks.count
  }

  /// The number of parked drainers (for tests).
  var parkedDrainerCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return drainers.count
  }

  /// What a producer does to get its delivery drained.
  enum DrainRequest {
    /// Nothing: a drain is already pending.
    case none
    /// Resume this parked drainer: it drains on the main actor.
    case resume(UnsafeContinuation<Void, Never>)
    /// Schedule a drain task: nothing else will drain.
    case schedule
  }

  /// Requests a drain; the caller holds `lock` and acts on the answer after
  /// unlocking.
  func requestDrainLocked() -> DrainRequest {
    guard !drainPending else { return .none }
    drainPending = true
    if let drainer = drainers.popLast(), let continuation = removeWaiterLocked(drainer.node, id: drainer.id) {
      return .resume(continuation)
    }
    return checkArmed ? .none : .schedule
  }

  /// Enqueues, unless one is already enqueued, a main-actor check that runs
  /// after the current main-actor job and drains if a drain is pending then.
  ///
  /// Called when a run starts: a run that delivers before the main actor
  /// waits (or finishes its job) is then drained without a cross-thread
  /// request — enqueuing on the main actor from the main actor wakes no thread.
  @MainActor func armCheck() {
    lock.lock()
    let arm = !checkArmed && !isClosed
    checkArmed = true
    lock.unlock()
    guard arm else { return }
    Task { @MainActor [self] in self.runCheck() }
  }

  /// The check ``armCheck()`` enqueued.
  @MainActor private func runCheck() {
    lock.lock()
    checkArmed = false
    let pending = drainPending
    lock.unlock()
    if pending { drainNow() }
  }

  /// Applies what the runs delivered, on the main actor; ``AgentInbox`` overrides it.
  @MainActor func drainNow() {}

  /// Marks `node` settled and resumes whoever waits for it.
  func settle(_ node: AgentTaskNode) {
    lock.lock()
    node.settledFlag = true
    guard waitingNodes.removeValue(forKey: node.sequence) != nil else {
      lock.unlock()
      return
    }
    let first = node.firstWaiter
    let others = node.otherWaiters
    node.firstWaiter = nil
    node.otherWaiters = []
    if !drainers.isEmpty { drainers.removeAll { $0.node === node } }
    lock.unlock()
    first?.continuation.resume()
    for waiter in others { waiter.continuation.resume() }
  }

  /// Whether `node` has settled (or the agent is gone).
  func isSettled(_ node: AgentTaskNode) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return node.settledFlag || isClosed
  }

  /// Suspends until `node` settles, the agent goes away, or the waiting task
  /// is cancelled. On the main actor the waiter parks as a drainer (see the
  /// type's documentation) and applies batches while it waits.
  func waitUntilSettled(_ node: AgentTaskNode, isolation: isolated (any Actor)?) async {
    let drains = isolation.map { $0 === MainActor.shared } ?? false
    while let id = reserveWaiterID(for: node) {
      await withTaskCancellationHandler {
        // Capturing `isolation` keeps this closure on the caller's actor: no hop off it to wait.
        _ = isolation
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
          lock.lock()
          // A drainer does not park while a drain is pending: it drains at once.
          if node.settledFlag || isClosed || Task.isCancelled || (drains && drainPending) {
            lock.unlock()
            continuation.resume()
            return
          }
          addWaiterLocked(node, (id, continuation))
          if drains { drainers.append((node, id)) }
          lock.unlock()
        }
      } onCancel: {
        lock.lock()
        let resumed = removeWaiterLocked(node, id: id)
        lock.unlock()
        resumed?.resume()
      }
      guard drains else { return }
      // Resumed to drain, or because the node settled: a drainer that was
      // resumed must drain, or no later delivery would request one. The
      // waiter runs on the main actor already: this call does not hop.
      await drainNow()
      if Task.isCancelled { return }
    }
  }

  /// Adds a waiter to `node`; the caller holds `lock`.
  private func addWaiterLocked(_ node: AgentTaskNode, _ waiter: Waiter) {
    if node.firstWaiter == nil, node.otherWaiters.isEmpty {
      node.firstWaiter = waiter
      waitingNodes[node.sequence] = node
    } else {
      node.otherWaiters.append(waiter)
    }
  }

  /// Removes waiter `id` from `node` and returns its continuation; the caller holds `lock`.
  private func removeWaiterLocked(_ node: AgentTaskNode, id: UInt64) -> UnsafeContinuation<Void, Never>? {
    let continuation: UnsafeContinuation<Void, Never>
    if let first = node.firstWaiter, first.id == id {
      continuation = first.continuation
      node.firstWaiter = node.otherWaiters.isEmpty ? nil : node.otherWaiters.removeFirst()
    } else if let index = node.otherWaiters.firstIndex(where: { $0.id == id }) {
      continuation = node.otherWaiters.remove(at: index).continuation
    } else {
      return nil
    }
    if node.firstWaiter == nil { waitingNodes.removeValue(forKey: node.sequence) }
    if let drainer = drainers.lastIndex(where: { $0.id == id }) { drainers.remove(at: drainer) }
    return continuation
  }

  /// A new waiter id, or `nil` when `node` has already settled.
  private func reserveWaiterID(for node: AgentTaskNode) -> UInt64? {
    lock.lock()
    defer { lock.unlock() }
    if node.settledFlag || isClosed { return nil }
    nextWaiterID &+= 1
    return nextWaiterID
  }

  /// The agent went away: cancel every run and release every waiter.
  func close() {
    lock.lock()
    isClosed = true
    let liveTasks = tasks
    tasks.removeAll()
    var resumed: [Waiter] = []
    for node in waitingNodes.values {
      if let first = node.firstWaiter { resumed.append(first) }
      resumed.append(contentsOf: node.otherWaiters)
      node.firstWaiter = nil
      node.otherWaiters = []
    }
    waitingNodes.removeAll()
    drainers.removeAll()
    lock.unlock()
    for task in liveTasks.values { task.cancel() }
    for waiter in resumed { waiter.continuation.resume() }
  }
}
