import AgentSkill

/// Follows the device's network path from a ``NetworkPathSource`` and tells
/// conditions, observers and waiters about it.
///
/// Create one per app and share it: each instance monitors its source once.
///
/// ```swift
/// let online: some RunCondition = .online(reachability)
/// for await path in reachability.updates() {
///   print(path)   // online, then offline, …
/// }
/// try await reachability.wait(until: .onWiFi)
/// ```
///
/// Releasing the reachability stops the monitoring and ends its ``updates()``
/// streams.
public final class NetworkReachability: Sendable {
  private struct Waiter {
    let requirement: NetworkRequirement
    let continuation: CheckedContinuation<Bool, Never>
  }

  private struct State {
    var path: NetworkPath?
    var isFinished = false
    var nextKey: UInt64 = 0
    var observers: [UInt64: AsyncStream<NetworkPath>.Continuation] = [:]
    var waiters: [UInt64: Waiter] = [:]
    var cancelledWaiters: Set<UInt64> = []
  }

  private let state: LockIsolated<State>
  private let monitoring: Task<Void, Never>

  /// Starts following `source`.
  ///
  /// On Apple platforms pass `SystemNetworkPathSource`; in tests, a
  /// scripted source.
  ///
  /// - Parameter source: Where the paths come from.
  public init(source: some NetworkPathSource) {
    let state = LockIsolated(State())
    let paths = source.paths()
    self.state = state
    // The task holds the state, never `self`, so releasing the
    // reachability ends the monitoring (deinit cancels the task).
    self.monitoring = Task {
      for await path in paths {
        Self.apply(path, to: state)
      }
      Self.finish(state)
    }
  }

  deinit {
    monitoring.cancel()
    Self.finish(state)
  }

  /// The latest reported path, or `nil` before the source reported one.
  public var path: NetworkPath? { state.value.path }

  /// A stream of paths: the current one when known, then every change.
  ///
  /// The stream ends when the source ends or the reachability is released.
  ///
  /// - Returns: The paths.
  public func updates() -> AsyncStream<NetworkPath> {
    let (stream, continuation) = AsyncStream.makeStream(of: NetworkPath.self)
    // Yielding under the lock keeps each observer's paths in order.
    state.withValue { state in
      if let path = state.path { continuation.yield(path) }
      if state.isFinished {
        continuation.finish()
      } else {
        state.nextKey &+= 1
        state.observers[state.nextKey] = continuation
      }
    }
    return stream
  }

  /// Suspends until the path meets `requirement`; returns at once when it does.
  ///
  /// - Parameter requirement: What the path must offer.
  /// - Throws: `CancellationError` when the calling task is cancelled or the
  ///   source ends before the requirement is met.
  public func wait(until requirement: NetworkRequirement) async throws(CancellationError) {
    let state = self.state
    let key = state.withValue { state -> UInt64 in
      state.nextKey &+= 1
      return state.nextKey
    }
    let met = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let immediate = state.withValue { state -> Bool? in
          if state.cancelledWaiters.remove(key) != nil { return false }
          if let path = state.path, requirement.isMet(by: path) { return true }
          if state.isFinished { return false }
          state.waiters[key] = Waiter(requirement: requirement, continuation: continuation)
          return nil
        }
        if let immediate { continuation.resume(returning: immediate) }
      }
    } onCancel: {
      let waiter = state.withValue { state -> Waiter? in
        if let waiter = state.waiters.removeValue(forKey: key) { return waiter }
        state.cancelledWaiters.insert(key)
        return nil
      }
      waiter?.continuation.resume(returning: false)
    }
    state.withValue { _ = $0.cancelledWaiters.remove(key) }
    guard met else { throw CancellationError() }
  }

  private static func apply(_ path: NetworkPath, to state: LockIsolated<State>) {
    let ready = state.withValue { state -> [CheckedContinuation<Bool, Never>] in
      guard state.path != path else { return [] }
      state.path = path
      // Yielding under the lock keeps each observer's paths in order.
      for observer in state.observers.values { observer.yield(path) }
      var ready: [CheckedContinuation<Bool, Never>] = []
      for (key, waiter) in state.waiters where waiter.requirement.isMet(by: path) {
        state.waiters[key] = nil
        ready.append(waiter.continuation)
      }
      return ready
    }
    for continuation in ready { continuation.resume(returning: true) }
  }

  private static func finish(_ state: LockIsolated<State>) {
    let (observers, waiters) = state.withValue {
      state -> ([AsyncStream<NetworkPath>.Continuation], [Waiter]) in
      state.isFinished = true
      defer {
        state.observers.removeAll()
        state.waiters.removeAll()
      }
      return (Array(state.observers.values), Array(state.waiters.values))
    }
    for observer in observers { observer.finish() }
    for waiter in waiters { waiter.continuation.resume(returning: false) }
  }
}
