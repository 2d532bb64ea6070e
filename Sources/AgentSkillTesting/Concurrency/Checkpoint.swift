import AgentSkill

/// A point where code under test stops until the test lets it go — for
/// tests that must act "in the middle" (cancel a stream after the first
/// chunk, disconnect mid-body) without sleeping.
///
/// The code under test *arrives* and waits; the test awaits the arrival,
/// acts, then ``release()``s it. Once released, a checkpoint stays open.
///
/// ```swift
/// let firstChunkSent = Checkpoint()
/// let model = ScriptedLanguageModel([  // AgentSkillLLMTesting; its loopback server takes checkpoints too
///   .events([.event(.textDelta("北京")), .wait(firstChunkSent), .event(.textDelta("今天多云"))])
/// ])
/// let task = Task {
///   for try await event in model.stream(ChatRequest(messages: [.user("北京天气怎么样？")])) { print(event) }
/// }
/// await firstChunkSent.waitForArrival()  // the first chunk is out, the second held back
/// task.cancel()                          // cancel mid-stream, without sleeping
/// ```
public final class Checkpoint: Sendable {
  private struct State {
    var arrivals = 0
    var isReleased = false
    var nextToken: UInt64 = 0
    var arrivalWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    var releaseWaiters: [UInt64: CheckedContinuation<Void, any Error>] = [:]
    var releaseCallbacks: [UInt64: @Sendable () -> Void] = [:]
    var cancelledTokens: Set<UInt64> = []
  }

  private let state = LockIsolated(State())

  /// Creates a closed checkpoint.
  public init() {}

  /// How many times code has arrived here.
  public var arrivals: Int { state.value.arrivals }

  /// Whether ``release()`` was called.
  public var isReleased: Bool { state.value.isReleased }

  /// Opens the checkpoint: everything waiting here continues, and later arrivals pass straight through.
  public func release() {
    let (waiters, callbacks) = state.withValue { state in
      state.isReleased = true
      let waiters = Array(state.releaseWaiters.values)
      let callbacks = Array(state.releaseCallbacks.values)
      state.releaseWaiters.removeAll()
      state.releaseCallbacks.removeAll()
      return (waiters, callbacks)
    }
    for waiter in waiters { waiter.resume() }
    for callback in callbacks { callback() }
  }

  /// Suspends until code has arrived here at least `count` times in total.
  ///
  /// - Parameter count: The arrivals to wait for. Defaults to 1.
  public func waitForArrival(_ count: Int = 1) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withValue { state -> Bool in
        if state.arrivals >= count { return true }
        state.arrivalWaiters.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// Arrives and suspends until the checkpoint is released (code-under-test side).
  ///
  /// - Throws: `CancellationError` when the waiting task is cancelled first.
  public func arriveAndWait() async throws {
    try Task.checkCancellation()
    let token = state.withValue { state -> UInt64 in
      state.nextToken += 1
      return state.nextToken
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let (outcome, ready) = state.withValue {
          state -> (Result<Void, any Error>?, [CheckedContinuation<Void, Never>]) in
          if state.cancelledTokens.remove(token) != nil { return (.failure(CancellationError()), []) }
          let ready = Self.recordArrival(&state)
          if state.isReleased { return (.success(()), ready) }
          state.releaseWaiters[token] = continuation
          return (nil, ready)
        }
        for waiter in ready { waiter.resume() }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let waiter = state.withValue { state -> CheckedContinuation<Void, any Error>? in
        if let waiter = state.releaseWaiters.removeValue(forKey: token) { return waiter }
        if !state.isReleased { state.cancelledTokens.insert(token) }
        return nil
      }
      waiter?.resume(throwing: CancellationError())
    }
  }

  /// Records an arrival without waiting for the release — for code that
  /// only reports that it got here (a consumer that received its first event).
  public func markArrival() {
    let ready = state.withValue { Self.recordArrival(&$0) }
    for waiter in ready { waiter.resume() }
  }

  /// Arrives without suspending (for threads): `onRelease` runs once when the
  /// checkpoint opens, unless it is already open (then the result is `nil`)
  /// or the token is cancelled with ``cancelArrival(_:)``.
  ///
  /// - Parameter onRelease: Called on the releasing thread.
  /// - Returns: A token to cancel the callback, or `nil` when already released.
  package func arrive(onRelease: @escaping @Sendable () -> Void) -> UInt64? {
    let (token, ready) = state.withValue { state -> (UInt64?, [CheckedContinuation<Void, Never>]) in
      let ready = Self.recordArrival(&state)
      if state.isReleased { return (nil, ready) }
      state.nextToken += 1
      state.releaseCallbacks[state.nextToken] = onRelease
      return (state.nextToken, ready)
    }
    for waiter in ready { waiter.resume() }
    return token
  }

  /// Forgets the callback registered by ``arrive(onRelease:)``.
  package func cancelArrival(_ token: UInt64) {
    _ = state.withValue { $0.releaseCallbacks.removeValue(forKey: token) }
  }

  /// Counts an arrival and returns the arrival waiters it satisfies (to resume outside the lock).
  private static func recordArrival(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
    state.arrivals += 1
    var ready: [CheckedContinuation<Void, Never>] = []
    var remaining: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    for waiter in state.arrivalWaiters {
      if waiter.count <= state.arrivals { ready.append(waiter.continuation) } else { remaining.append(waiter) }
    }
    state.arrivalWaiters = remaining
    return ready
  }
}
