import AgentSkill
import AgentSkillLLM
import AgentSkillTesting
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Serves one accepted connection on its own thread: reads requests,
/// records them and plays the scripted responses.
final class ServerConnection {
  private enum Outcome {
    case completed
    /// The client closed the connection (or reset it) before the response ended.
    case peerGone
    /// The script closed the connection, or the server is stopping.
    case closed
  }

  private let descriptor: Int32
  private let index: Int
  private let wake: WakePipe
  private let core: ServerCore
  private var input: [UInt8] = []

  init(descriptor: Int32, index: Int, wake: WakePipe, core: ServerCore) {
    self.descriptor = descriptor
    self.index = index
    self.wake = wake
    self.core = core
  }

  func run() {
    while !core.isStopping {
      guard let (request, keepAlive) = readRequest() else { return }
      core.record(request)
      let response = core.nextResponse(for: request)
      switch play(response, keepAlive: keepAlive) {
      case .completed:
        if !keepAlive || response.closesConnection || !response.hasFraming { return }
      case .peerGone:
        core.recordClientDisconnect()
        return
      case .closed:
        return
      }
    }
  }

  // MARK: Reading

  private func readRequest() -> (RecordedRequest, Bool)? {
    var sentContinue = false
    while true {
      switch HTTPRequestParser.parseHead(input) {
      case .invalid(let status, let reason):
        sendError(status: status, reason: reason)
        return nil
      case .incomplete:
        guard fill() else { return nil }
      case .complete(let head, let headLength):
        switch HTTPRequestParser.parseBody(input, from: headLength, framing: head.framing) {
        case .invalid(let status, let reason):
          sendError(status: status, reason: reason)
          return nil
        case .incomplete:
          if head.expectsContinue, !sentContinue {
            sentContinue = true
            guard send(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) == .completed else { return nil }
          }
          guard fill() else { return nil }
        case .complete(let body, let end):
          input.removeFirst(end)
          let request = RecordedRequest(
            method: head.method, target: head.target, version: head.version, headers: head.headers, body: body,
            connectionIndex: index
          )
          return (request, head.keepAlive)
        }
      }
    }
  }

  /// Reads more bytes into `input`; `false` when the peer closed, an error
  /// occurred or the server is stopping.
  private func fill() -> Bool {
    while true {
      if core.isStopping { return false }
      let poll = Socket.wait(descriptor, for: Int16(POLLIN), orWake: wake)
      if poll.woken, core.isStopping { return false }
      guard poll.socketReady || poll.socketHungUp else { continue }
      switch receive() {
      case .some(true): return true
      case .some(false): return false
      case .none: continue
      }
    }
  }

  /// One non-blocking read: `true` when bytes arrived, `false` on close or
  /// error, `nil` when nothing was ready.
  private func receive() -> Bool? {
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
    if count > 0 {
      input.append(contentsOf: buffer[0..<count])
      return true
    }
    if count == 0 { return false }
    return Socket.isWouldBlock(errno) ? nil : false
  }

  // MARK: Writing

  private func play(_ response: ScriptedHTTPResponse, keepAlive: Bool) -> Outcome {
    let before = run(response.beforeHead, chunked: false)
    guard before == .completed else { return before }
    var head = "HTTP/1.1 \(response.status) \(Self.reason(for: response.status))\r\n"
    var headers = response.headers
    let steps: [ScriptedHTTPResponse.Step]
    let chunked: Bool
    switch response.body {
    case .bytes(let data):
      if headers["content-length"] == nil { headers["Content-Length"] = String(data.count) }
      steps = data.isEmpty ? [] : [.send(data)]
      chunked = false
    case .chunked(let body):
      headers["Transfer-Encoding"] = "chunked"
      headers["Content-Length"] = nil
      steps = body
      chunked = true
    case .raw(let contentLength, let body):
      if let contentLength, headers["content-length"] == nil { headers["Content-Length"] = String(contentLength) }
      steps = body
      chunked = false
    }
    if !keepAlive || response.closesConnection || !response.hasFraming { headers["Connection"] = "close" }
    for field in headers { head += "\(field.name): \(field.value)\r\n" }
    head += "\r\n"
    let sentHead = send(Array(head.utf8))
    guard sentHead == .completed else { return sentHead }
    let body = run(steps, chunked: chunked)
    guard body == .completed else { return body }
    if chunked { return send(Array("0\r\n\r\n".utf8)) }
    return .completed
  }

  private func run(_ steps: [ScriptedHTTPResponse.Step], chunked: Bool) -> Outcome {
    for step in steps {
      let outcome: Outcome
      switch step {
      case .send(let data):
        guard !data.isEmpty else { continue }
        if chunked {
          var frame = Array((String(data.count, radix: 16) + "\r\n").utf8)
          frame.append(contentsOf: data)
          frame.append(contentsOf: [0x0D, 0x0A])
          outcome = send(frame)
        } else {
          outcome = send(Array(data))
        }
      case .sleep(let duration):
        outcome = pause(for: duration)
      case .wait(let checkpoint):
        outcome = pause(until: checkpoint)
      case .disconnect:
        return .closed
      }
      guard outcome == .completed else { return outcome }
    }
    return .completed
  }

  private func send(_ bytes: [UInt8]) -> Outcome {
    var offset = 0
    while offset < bytes.count {
      if core.isStopping { return .closed }
      let sent = bytes.withUnsafeBytes { buffer in
        systemSend(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset, Socket.sendFlags)
      }
      if sent > 0 {
        offset += sent
        continue
      }
      let code = errno
      guard sent < 0, Socket.isWouldBlock(code) else { return .peerGone }
      let poll = Socket.wait(descriptor, for: Int16(POLLOUT), orWake: wake)
      if poll.socketHungUp, !poll.socketReady { return .peerGone }
    }
    return .completed
  }

  private func sendError(status: Int, reason: String) {
    let body = "{\"error\":{\"message\":\"LoopbackServer: \(reason)\"}}"
    let text =
      "HTTP/1.1 \(status) \(Self.reason(for: status))\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
    _ = send(Array(text.utf8))
    lingeringClose()
  }

  /// Stops sending and discards what the client still sends for a moment,
  /// so closing with unread input does not reset the connection before the
  /// client has read the error response.
  private func lingeringClose() {
    #if canImport(Darwin)
      _ = shutdown(descriptor, SHUT_WR)
    #else
      _ = shutdown(descriptor, Int32(SHUT_WR))
    #endif
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    for _ in 0..<40 {
      var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
      guard poll(&descriptors, 1, 50) > 0 else { return }
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count == 0 || (count < 0 && !Socket.isWouldBlock(errno)) { return }
    }
  }

  // MARK: Pauses

  private func pause(for duration: Duration) -> Outcome {
    let elapsed = LockIsolated(false)
    let clock = core.clock
    let wake = self.wake
    let timer = Task {
      do {
        try await sleepOnClock(clock, for: duration)
        elapsed.setValue(true)
      } catch {}
      wake.wake()
    }
    defer { timer.cancel() }
    return pause { elapsed.value }
  }

  private func pause(until checkpoint: Checkpoint) -> Outcome {
    let released = LockIsolated(false)
    let wake = self.wake
    guard
      let token = checkpoint.arrive(onRelease: {
        released.setValue(true)
        wake.wake()
      })
    else { return .completed }
    defer { checkpoint.cancelArrival(token) }
    return pause { released.value }
  }

  /// Waits until `isDone`, watching the socket so a client that goes away is noticed at once.
  private func pause(until isDone: () -> Bool) -> Outcome {
    while true {
      if isDone() { return .completed }
      if core.isStopping { return .closed }
      let poll = Socket.wait(descriptor, for: Int16(POLLIN), orWake: wake)
      if poll.socketReady || poll.socketHungUp {
        // Bytes from a pipelining client are kept for the next request; EOF means it left.
        if receive() == false { return .peerGone }
      }
    }
  }

  static func reason(for status: Int) -> String {
    switch status {
    case 100: "Continue"
    case 200: "OK"
    case 201: "Created"
    case 204: "No Content"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 408: "Request Timeout"
    case 413: "Content Too Large"
    case 422: "Unprocessable Content"
    case 429: "Too Many Requests"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 501: "Not Implemented"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    case 504: "Gateway Timeout"
    case 505: "HTTP Version Not Supported"
    case 529: "Overloaded"
    default: "Status"
    }
  }
}

/// `send` is shadowed by ``ServerConnection``'s own method.
private func systemSend(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
  send(descriptor, buffer, count, flags)
}

/// Sleeps on an existential clock by opening it.
func sleepOnClock<C: Clock>(_ clock: C, for duration: Duration) async throws where C.Duration == Duration {
  try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: nil)
}

extension ScriptedHTTPResponse {
  /// Whether the client can tell where the body ends without the connection closing.
  var hasFraming: Bool {
    switch body {
    case .bytes, .chunked: true
    case .raw(let contentLength, _): contentLength != nil || headers["content-length"] != nil
    }
  }
}
