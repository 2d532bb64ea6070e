import Foundation

/// Cancels runs on behalf of an ``AgentTask``; implemented by ``Agent``.
@MainActor
protocol AgentNodeCanceling: AnyObject {
  /// Cancels `node`'s run and the runs of its follow-ups.
  func cancelNode(_ node: AgentTaskNode)
}

/// The state an agent shares with its runs and handles, guarded by one lock:
/// settlement waiters, the tasks to cancel when the agent goes away, and
/// whether it has gone away.
///
/// It never references the agent strongly, so tasks that hold it never keep
/// the agent alive.
class AgentCore: @unchecked Sendable {
  let lock = NSLock()
  /// Cancels nodes; read and written on the main actor only.
  weak var owner: (any AgentNodeCanceling)?

  // Guarded by `lock`.
  private var waiters: [UInt64: [(id: UInt64, continuation: CheckedContinuation<Void, Never>)]] = [:]
  private var nextWaiterID: UInt64 = 0
  private var tasks: [UInt64: Task<Void, Never>] = [:]
  private(set) var isClosed = false

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

  /// Marks `node` settled and resumes whoever waits for it.
  func settle(_ node: AgentTaskNode) {
    lock.lock()
    node.settledFlag = true
    let resumed = waiters.removeValue(forKey: node.sequence)
    lock.unlock()
    if let resumed {
      for waiter in resumed { waiter.continuation.resume() }
    }
  }

  /// Whether `node` has settled (or the agent is gone).
  func isSettled(_ node: AgentTaskNode) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return node.settledFlag || isClosed
  }

  /// Suspends until `node` settles, the agent goes away, or the waiting task
  /// is cancelled.
  func waitUntilSettled(_ node: AgentTaskNode, isolation: isolated (any Actor)?) async {
    guard let id = reserveWaiterID(for: node) else { return }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        lock.lock()
        if node.settledFlag || isClosed || Task.isCancelled {
          lock.unlock()
          continuation.resume()
          return
        }
        waiters[node.sequence, default: []].append((id, continuation))
        lock.unlock()
      }
    } onCancel: {
      lock.lock()
      var resumed: CheckedContinuation<Void, Never>?
      if var list = waiters[node.sequence], let index = list.firstIndex(where: { $0.id == id }) {
        resumed = list.remove(at: index).continuation
        waiters[node.sequence] = list.isEmpty ? nil : list
      }
      lock.unlock()
      resumed?.resume()
    }
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
    let allWaiters = waiters
    waiters.removeAll()
    lock.unlock()
    for task in liveTasks.values { task.cancel() }
    for list in allWaiters.values {
      for waiter in list { waiter.continuation.resume() }
    }
  }
}

/// The non-generic part of a run: what an ``AgentTask`` needs.
class AgentTaskNode: @unchecked Sendable {
  /// The intent's sequence number within its agent.
  let sequence: UInt64
  let core: AgentCore
  /// Guarded by `core.lock`.
  var settledFlag = false

  init(sequence: UInt64, core: AgentCore) {
    self.sequence = sequence
    self.core = core
  }

  var isSettled: Bool { core.isSettled(self) }

  func waitUntilSettled(isolation: isolated (any Actor)?) async {
    await core.waitUntilSettled(self, isolation: isolation)
  }

  func requestCancel(isolation: isolated (any Actor)?) {
    if let isolation, isolation === MainActor.shared {
      MainActor.assumeIsolated {
        core.owner?.cancelNode(self)
      }
    } else {
      core.cancelTask(for: sequence)
      Task { @MainActor [self] in
        self.core.owner?.cancelNode(self)
      }
    }
  }
}
