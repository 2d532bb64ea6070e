import AgentSkill
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One HTTP/1.1 request as the server received it.
struct HTTPRequest: Sendable {
  let method: String
  let path: String
  /// Header names lowercased.
  let headers: [String: String]
  let body: [UInt8]
}

/// One accepted HTTP/1.1 connection: reads requests one after another (`Content-Length` bodies only) and
/// writes the answers. Reading happens on a thread of its own; nothing here blocks the concurrency pool
/// except a write to a client that stopped reading.
final class HTTPConnection: Sendable {
  /// The largest request head and body accepted.
  static let maximumHeadLength = 64 << 10
  static let maximumBodyLength = 16 << 20

  private let handle: FileHandle
  private let chunks: AsyncStream<Data>

  private struct State {
    /// Whether the descriptor is still open; only the reading thread closes it, once its read has ended, so
    /// no read ever sees a closed (or reused) descriptor.
    var open = true
    /// Whether answers may still be written.
    var writable = true
    /// Whether ``close()`` has shut the socket down.
    var shut = false
  }

  private let state = LockIsolated(State())

  init(_ handle: FileHandle) {
    self.handle = handle
    let (chunks, continuation) = AsyncStream.makeStream(of: Data.self)
    self.chunks = chunks
    let state = state
    Thread.detachNewThread {
      // `recv` into an array of its own size: `availableData` would stop the process on a reset connection,
      // and `read(upToCount:)` waits for the whole count.
      var buffer = [UInt8](repeating: 0, count: 64 << 10)
      let descriptor = handle.fileDescriptor
      while true {
        let count = recv(descriptor, &buffer, buffer.count, 0)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        continuation.yield(Data(buffer[..<count]))
      }
      continuation.finish()
      state.withValue { state in
        state.open = false
        state.writable = false
        try? handle.close()
      }
    }
  }

  /// Why a request could not be read; answered with `status`, then the connection closes.
  struct Malformed: Error {
    let status: Int
    let message: String
  }

  /// The requests, in order, until the client closes the connection or sends something unreadable.
  func requests() -> AsyncThrowingStream<HTTPRequest, any Error> {
    let chunks = chunks
    return AsyncThrowingStream { continuation in
      let reading = Task {
        var buffer: [UInt8] = []
        var iterator = chunks.makeAsyncIterator()
        func fill() async -> Bool {
          guard let chunk = await iterator.next() else { return false }
          buffer += chunk
          return true
        }
        do {
          while true {
            var headEnd = Self.endOfHead(in: buffer)
            while headEnd == nil {
              guard buffer.count <= Self.maximumHeadLength else {
                throw Malformed(status: 431, message: "The request head is too long.")
              }
              guard await fill() else {
                continuation.finish()
                return
              }
              headEnd = Self.endOfHead(in: buffer)
            }
            guard let headEnd else { return }
            let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
            var lines = head.components(separatedBy: "\r\n")
            let requestLine = lines.removeFirst().split(separator: " ")
            guard requestLine.count == 3 else { throw Malformed(status: 400, message: "Bad request line.") }
            var headers: [String: String] = [:]
            for line in lines where !line.isEmpty {
              guard let colon = line.firstIndex(of: ":") else {
                throw Malformed(status: 400, message: "Bad header line.")
              }
              headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
            }
            if headers["transfer-encoding"] != nil {
              throw Malformed(status: 411, message: "Send the body with Content-Length.")
            }
            let length = Int(headers["content-length"] ?? "0") ?? -1
            guard length >= 0 else { throw Malformed(status: 400, message: "Bad Content-Length.") }
            guard length <= Self.maximumBodyLength else {
              throw Malformed(status: 413, message: "The body is over \(Self.maximumBodyLength) bytes.")
            }
            let bodyStart = headEnd + 4
            while buffer.count < bodyStart + length {
              guard await fill() else {
                continuation.finish()
                return
              }
            }
            let request = HTTPRequest(
              method: String(requestLine[0]), path: String(requestLine[1]), headers: headers,
              body: Array(buffer[bodyStart..<(bodyStart + length)]))
            buffer.removeFirst(bodyStart + length)
            continuation.yield(request)
          }
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in reading.cancel() }
    }
  }

  /// Writes a complete response with a `Content-Length` body.
  func respond(status: Int, headers: [String: String] = [:], body: String = "") {
    var all = headers
    all["Content-Length"] = String(body.utf8.count)
    if !body.isEmpty, all["Content-Type"] == nil { all["Content-Type"] = "application/json" }
    write(Self.head(status: status, headers: all) + Data(body.utf8))
  }

  /// Starts a server-sent event stream; the body ends when the connection closes.
  func startEventStream(headers: [String: String]) {
    var all = headers
    all["Content-Type"] = "text/event-stream"
    all["Cache-Control"] = "no-cache"
    all["Connection"] = "close"
    write(Self.head(status: 200, headers: all))
  }

  /// Writes one event carrying `message`.
  func sendEvent(_ message: Data) {
    let json = message.last == 0x0A ? message.dropLast() : message[...]
    write(Data("event: message\ndata: ".utf8) + json + Data("\n\n".utf8))
  }

  /// Writes bytes; a client that went away is ignored (its reads end the connection).
  private func write(_ data: Data) {
    let handle = handle
    state.withValue { state in
      guard state.open, state.writable else { return }
      do { try handle.write(contentsOf: data) } catch { state.writable = false }
    }
  }

  /// Closes the connection: shuts the socket down, which sends the client the end of the stream and wakes
  /// the reading thread, which then closes the descriptor.
  func close() {
    let handle = handle
    state.withValue { state in
      guard state.open, !state.shut else { return }
      state.shut = true
      state.writable = false
      _ = shutdown(handle.fileDescriptor, Int32(SHUT_RDWR))
    }
  }

  private static func head(status: Int, headers: [String: String]) -> Data {
    var text = "HTTP/1.1 \(status) \(HTTPStatus.reason(status))\r\n"
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
    return Data((text + "\r\n").utf8)
  }

  /// The index of the `\r\n\r\n` ending the head, if it has arrived.
  private static func endOfHead(in buffer: [UInt8]) -> Int? {
    guard buffer.count >= 4 else { return nil }
    var index = 0
    while index + 3 < buffer.count {
      if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
        return index
      }
      index += 1
    }
    return nil
  }
}

/// Reason phrases for the statuses the server sends.
enum HTTPStatus {
  static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 202: "Accepted"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 406: "Not Acceptable"
    case 411: "Length Required"
    case 413: "Content Too Large"
    case 415: "Unsupported Media Type"
    case 431: "Request Header Fields Too Large"
    default: "Status \(status)"
    }
  }
}
