import AgentSkill
import AgentSkillLLM
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The state shared by the server's threads.
final class ServerCore: Sendable {
  enum Counter {
    case requests
    case disconnects
  }

  struct State {
    var queue: [ScriptedHTTPResponse] = []
    var handler: (@Sendable (RecordedRequest) -> ScriptedHTTPResponse)?
    var requests: [RecordedRequest] = []
    var clientDisconnects = 0
    var acceptedConnections = 0
    var connections: [Int: WakePipe] = [:]
    var isStopping = false
    var isStopped = false
    var waiters: [(counter: Counter, count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  let state = LockIsolated(State())
  let clock: any Clock<Duration>
  private let listenDescriptor: Int32
  private let acceptWake: WakePipe
  private let threads = DispatchGroup()

  init(listenDescriptor: Int32, acceptWake: WakePipe, clock: any Clock<Duration>) {
    self.listenDescriptor = listenDescriptor
    self.acceptWake = acceptWake
    self.clock = clock
  }

  var isStopping: Bool { state.value.isStopping }

  func startAccepting() {
    threads.enter()
    Thread.detachNewThread { [self] in
      acceptLoop()
      threads.leave()
    }
  }

  private func acceptLoop() {
    while !isStopping {
      let poll = Socket.wait(listenDescriptor, for: Int16(POLLIN), orWake: acceptWake)
      if isStopping { return }
      guard poll.socketReady else {
        if poll.socketHungUp { return }
        continue
      }
      let client = accept(listenDescriptor, nil, nil)
      guard client >= 0 else { continue }
      Socket.configureConnection(client)
      guard let wake = try? WakePipe() else {
        Socket.closeDescriptor(client)
        continue
      }
      let index = state.withValue { state -> Int? in
        guard !state.isStopping else { return nil }
        let index = state.acceptedConnections
        state.acceptedConnections += 1
        state.connections[index] = wake
        return index
      }
      guard let index else {
        Socket.closeDescriptor(client)
        wake.close()
        return
      }
      threads.enter()
      Thread.detachNewThread { [self] in
        ServerConnection(descriptor: client, index: index, wake: wake, core: self).run()
        _ = state.withValue { $0.connections.removeValue(forKey: index) }
        Socket.closeDescriptor(client)
        wake.close()
        threads.leave()
      }
    }
  }

  func record(_ request: RecordedRequest) {
    let ready = state.withValue { state in
      state.requests.append(request)
      return Self.takeSatisfiedWaiters(&state)
    }
    for continuation in ready { continuation.resume() }
  }

  func recordClientDisconnect() {
    let ready = state.withValue { state in
      state.clientDisconnects += 1
      return Self.takeSatisfiedWaiters(&state)
    }
    for continuation in ready { continuation.resume() }
  }

  func nextResponse(for request: RecordedRequest) -> ScriptedHTTPResponse {
    let (queued, handler, number) = state.withValue { state in
      (state.queue.isEmpty ? nil : state.queue.removeFirst(), state.handler, state.requests.count)
    }
    if let queued { return queued }
    if let handler { return handler(request) }
    let message =
      "LoopbackServer has no scripted response for \(request.method) \(request.path) (request #\(number)); enqueue one with server.enqueue(_:) or set server.respond(with:)"
    return .json(["error": ["message": .string(message), "type": "loopback_unscripted"]], status: 501)
  }

  func wait(_ counter: Counter, count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withValue { state -> Bool in
        if state.isStopped || Self.value(of: counter, in: state) >= count { return true }
        state.waiters.append((counter, count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  func stop() {
    let wakes = state.withValue { state -> [WakePipe]? in
      guard !state.isStopping else { return nil }
      state.isStopping = true
      return Array(state.connections.values)
    }
    guard let wakes else { return }
    acceptWake.wake()
    for wake in wakes { wake.wake() }
    _ = threads.wait(timeout: .now() + .seconds(10))
    Socket.closeDescriptor(listenDescriptor)
    acceptWake.close()
    let waiters = state.withValue { state in
      state.isStopped = true
      defer { state.waiters.removeAll() }
      return state.waiters.map(\.continuation)
    }
    for waiter in waiters { waiter.resume() }
  }

  private static func value(of counter: Counter, in state: State) -> Int {
    switch counter {
    case .requests: state.requests.count
    case .disconnects: state.clientDisconnects
    }
  }

  private static func takeSatisfiedWaiters(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
    var ready: [CheckedContinuation<Void, Never>] = []
    var remaining: [(counter: Counter, count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    for waiter in state.waiters {
      if value(of: waiter.counter, in: state) >= waiter.count {
        ready.append(waiter.continuation)
      } else {
        remaining.append(waiter)
      }
    }
    state.waiters = remaining
    return ready
  }
}
