import AgentSkill
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One plain-HTTP/1.1 request and its response over a POSIX socket, on a
/// thread of its own that sleeps in `poll` while the server is silent.
///
/// It exists for Linux: FoundationNetworking's event loop spins a core while
/// a response stalls (measured: a 10-second stall costs about 9.5
/// CPU-seconds), which a chat waiting on a local model server (Ollama, vLLM,
/// llama.cpp, LM Studio) does all the time. ``URLSessionTransport`` sends
/// plain `http://` requests to `localhost` or an IPv4 address this way on
/// Linux; everything else — `https://`, host names, IPv6 — goes through
/// `URLSession` as before.
///
/// One request per connection (`Connection: close`); bodies framed by
/// `Content-Length`, chunked, or the end of the connection. Cancelling
/// (the calling task, or the body stream's consumer) shuts the socket down,
/// which wakes the thread at once; the idle timeout bounds each wait for
/// bytes.
final class SocketExchange: Sendable {
  /// Where a request goes: an IPv4 address and port.
  struct Target: Equatable {
    let octets: [UInt8]
    let port: UInt16
    let host: String

    /// The target of `url`, or `nil` when the URL is not plain HTTP to `localhost` or an IPv4 address.
    init?(_ url: URL) {
      guard url.scheme?.lowercased() == "http", let host = url.host?.lowercased() else { return nil }
      let port = url.port ?? 80
      guard (1...65535).contains(port) else { return nil }
      if host == "localhost" {
        octets = [127, 0, 0, 1]
      } else {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { part in part.count <= 3 ? UInt8(part) : nil }
        guard parts.count == 4, numbers.count == 4 else { return nil }
        octets = numbers
      }
      self.port = UInt16(port)
      self.host = host
    }

    /// `http://host:port`, as errors name a server.
    var address: String { "http://\(host):\(port)" }
  }

  private struct State {
    var descriptor: Int32 = -1
    var cancelled = false
  }

  private let state = LockIsolated(State())
  private let request: TransportRequest
  private let target: Target

  private init(request: TransportRequest, target: Target) {
    self.request = request
    self.target = target
  }

  /// Sends `request` to `target` and returns the response once its head arrived.
  ///
  /// - Throws: ``LanguageModelError`` (``LanguageModelError/serverNotRunning(address:)``,
  ///   ``LanguageModelError/timedOut(after:)``, …), or `CancellationError` when the calling task is cancelled.
  static func send(_ request: TransportRequest, to target: Target) async throws -> TransportResponse {
    try Task.checkCancellation()
    let exchange = SocketExchange(request: request, target: target)
    let (body, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
    continuation.onTermination = { _ in exchange.cancel() }
    do {
      let head = try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (head: CheckedContinuation<HTTPResponseHead, any Error>) in
          let thread = Thread { exchange.run(head: head, body: continuation) }
          thread.name = "AgentSkill HTTP"
          thread.start()
        }
      } onCancel: {
        exchange.cancel()
      }
      return TransportResponse(status: head.status, headers: head.headers, body: body)
    } catch {
      if Task.isCancelled { throw CancellationError() }
      throw error
    }
  }

  /// Stops the exchange from any thread: the socket is shut down, which wakes its thread.
  func cancel() {
    state.withValue { state in
      state.cancelled = true
      if state.descriptor >= 0 { _ = shutdown(state.descriptor, Int32(SHUT_RDWR)) }
    }
  }

  private var isCancelled: Bool { state.value.cancelled }

  // MARK: - The exchange's thread

  private func run(
    head: CheckedContinuation<HTTPResponseHead, any Error>, body: AsyncThrowingStream<Data, any Error>.Continuation
  ) {
    let outcome = Outcome(head: head, body: body)
    let fail = outcome.fail
    #if canImport(Darwin)
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #else
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #endif
    guard descriptor >= 0 else {
      fail(.connectionFailed(reason: "no socket could be opened (errno \(errno))"))
      return
    }
    let registered = state.withValue { state -> Bool in
      guard !state.cancelled else { return false }
      state.descriptor = descriptor
      return true
    }
    defer {
      state.withValue { $0.descriptor = -1 }
      _ = close(descriptor)
    }
    guard registered else { return fail(.cancelled) }
    #if canImport(Darwin)
      var noSIGPIPE: Int32 = 1
      _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &noSIGPIPE, socklen_t(MemoryLayout<Int32>.size))
    #endif

    // sockaddr_in's bytes in a plain sockaddr: the port (big-endian), then the address, then zeros.
    var address = sockaddr()
    #if canImport(Darwin)
      address.sa_len = UInt8(MemoryLayout<sockaddr>.size)
    #endif
    address.sa_family = sa_family_t(AF_INET)
    let octets = target.octets
    address.sa_data = (
      CChar(bitPattern: UInt8(target.port >> 8)), CChar(bitPattern: UInt8(target.port & 0xFF)),
      CChar(bitPattern: octets[0]), CChar(bitPattern: octets[1]), CChar(bitPattern: octets[2]),
      CChar(bitPattern: octets[3]), 0, 0, 0, 0, 0, 0, 0, 0
    )
    while connect(descriptor, &address, socklen_t(MemoryLayout<sockaddr>.size)) != 0 {
      let code = errno
      if code == EINTR, !isCancelled { continue }
      if isCancelled { return fail(.cancelled) }
      if code == ECONNREFUSED { return fail(.serverNotRunning(address: target.address)) }
      return fail(.connectionFailed(reason: "\(target.address) could not be reached (errno \(code))"))
    }
    guard sendRequest(on: descriptor) else {
      return fail(
        isCancelled ? .cancelled : .connectionFailed(reason: "the request could not be sent (errno \(errno))"))
    }
    receive(on: descriptor, outcome: outcome)
  }

  /// Writes the request line, headers and body; returns whether all of it was sent.
  private func sendRequest(on descriptor: Int32) -> Bool {
    let url = request.url
    let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    var path = components?.percentEncodedPath ?? "/"
    if path.isEmpty { path = "/" }
    if let query = components?.percentEncodedQuery { path += "?" + query }
    let body = request.body ?? Data()
    var head = "\(request.method) \(path) HTTP/1.1\r\nHost: \(target.host):\(target.port)\r\nConnection: close\r\n"
    for field in request.headers {
      let name = field.name.lowercased()
      guard name != "host", name != "connection", name != "content-length", name != "transfer-encoding" else {
        continue
      }
      // A header value cannot carry a line break into the request.
      let value = field.value.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
      head += "\(field.name): \(value)\r\n"
    }
    if !body.isEmpty || request.method != "GET" { head += "Content-Length: \(body.count)\r\n" }
    head += "\r\n"
    var bytes = [UInt8](head.utf8)
    bytes.append(contentsOf: body)
    var sent = 0
    while sent < bytes.count {
      #if canImport(Darwin)
        let count = Foundation.send(descriptor, Array(bytes[sent...]), bytes.count - sent, 0)
      #else
        let count = Foundation.send(descriptor, Array(bytes[sent...]), bytes.count - sent, Int32(MSG_NOSIGNAL))
      #endif
      if count < 0, errno == EINTR, !isCancelled { continue }
      guard count > 0, !isCancelled else { return false }
      sent += count
    }
    return true
  }

  /// Reads the response: its head, then its body, as the server sends it.
  private func receive(on descriptor: Int32, outcome: Outcome) {
    let body = outcome.body
    let fail = outcome.fail
    let timeout = request.idleTimeout
    let milliseconds = timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
    let pollTimeout = Int32(clamping: max(1, milliseconds))
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    var pending: [UInt8] = []
    var framing: HTTPResponseHead.Framing?
    var chunks = ChunkedDecoder()
    var remaining = 0

    /// Hands body bytes on; returns whether the body is complete.
    func deliver(_ bytes: ArraySlice<UInt8>) throws(ChunkedDecoder.Malformed) -> Bool {
      switch framing {
      case .chunked:
        let decoded = try chunks.feed(bytes)
        if !decoded.isEmpty { body.yield(Data(decoded)) }
        return chunks.isDone
      case .length:
        let take = min(bytes.count, remaining)
        if take > 0 { body.yield(Data(bytes.prefix(take))) }
        remaining -= take
        return remaining == 0
      case .untilClose, nil:
        if !bytes.isEmpty { body.yield(Data(bytes)) }
        return false
      }
    }

    while true {
      var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
      let ready = poll(&descriptors, 1, pollTimeout)
      if isCancelled { return fail(.cancelled) }
      if ready < 0 {
        if errno == EINTR { continue }
        return fail(.connectionFailed(reason: "waiting for the response failed (errno \(errno))"))
      }
      if ready == 0 { return fail(.timedOut(after: timeout)) }
      let count = recv(descriptor, &buffer, buffer.count, 0)
      if isCancelled { return fail(.cancelled) }
      if count < 0 {
        if errno == EINTR { continue }
        return fail(.connectionFailed(reason: "the connection was lost (errno \(errno))"))
      }
      if count == 0 {
        guard framing != nil else {
          return fail(.malformedResponse(reason: "the server closed the connection without a response", snippet: ""))
        }
        if framing == .untilClose { return body.finish() }
        return fail(.connectionFailed(reason: "the connection was lost before the response ended"))
      }
      do throws(ChunkedDecoder.Malformed) {
        if framing != nil {
          if try deliver(buffer[..<count]) { return body.finish() }
          continue
        }
        pending.append(contentsOf: buffer[..<count])
        let parsed: (head: HTTPResponseHead, bodyStart: Int)?
        do {
          parsed = try HTTPResponseHead.parse(pending)
        } catch {
          return fail(error)
        }
        guard let parsed else { continue }
        if (100..<200).contains(parsed.head.status) {
          pending.removeSubrange(..<parsed.bodyStart)  // an interim response: the real one follows
          continue
        }
        let noBody = request.method == "HEAD" || parsed.head.status == 204 || parsed.head.status == 304
        framing = noBody ? .length(0) : parsed.head.framing
        if case .length(let length) = framing { remaining = length }
        outcome.deliver(parsed.head)
        if try deliver(pending[parsed.bodyStart...]) || framing == .length(0) { return body.finish() }
        pending = []
      } catch {
        return fail(.malformedResponse(reason: "the response body is malformed: \(error.reason)", snippet: ""))
      }
    }
  }

  /// Where the exchange's thread reports: the head once, then the body's end. Used on that thread only.
  private final class Outcome {
    let head: CheckedContinuation<HTTPResponseHead, any Error>
    let body: AsyncThrowingStream<Data, any Error>.Continuation
    private var headDelivered = false

    init(
      head: CheckedContinuation<HTTPResponseHead, any Error>, body: AsyncThrowingStream<Data, any Error>.Continuation
    ) {
      self.head = head
      self.body = body
    }

    func deliver(_ response: HTTPResponseHead) {
      guard !headDelivered else { return }
      headDelivered = true
      head.resume(returning: response)
    }

    func fail(_ error: LanguageModelError) {
      if headDelivered {
        body.finish(throwing: error)
      } else {
        headDelivered = true
        head.resume(throwing: error)
        body.finish(throwing: error)
      }
    }
  }
}
