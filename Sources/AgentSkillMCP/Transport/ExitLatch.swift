import AgentSkill
import Foundation

/// Opens once, when a child process has exited; tasks wait for it with a time limit.
final class ExitLatch: Sendable {
  private struct State {
    var isOpen = false
    var waiters: [UUID: CheckedContinuation<Void, Never>] = [:]
  }

  private let state = LockIsolated(State())

  /// Whether the process has exited.
  var isOpen: Bool { state.value.isOpen }

  /// Marks the process exited and resumes every waiter.
  func open() {
    let waiters = state.withValue { state in
      state.isOpen = true
      defer { state.waiters.removeAll() }
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Waits until the latch opens or `limit` passes on `clock`.
  ///
  /// - Returns: Whether the latch is open.
  func wait(atMost limit: Duration, on clock: any Clock<Duration>) async -> Bool {
    if isOpen { return true }
    return await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        await self.wait()
        return self.isOpen
      }
      group.addTask {
        do {
          try await clock.sleep(for: limit)
        } catch {
          // Cancelled: the latch opened first.
        }
        return self.isOpen
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first || isOpen
    }
  }

  /// Waits until the latch opens or the task is cancelled.
  private func wait() async {
    let id = UUID()
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resumeNow = state.withValue { state -> Bool in
          if state.isOpen || Task.isCancelled { return true }
          state.waiters[id] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      state.withValue { $0.waiters.removeValue(forKey: id) }?.resume()
    }
  }
}
