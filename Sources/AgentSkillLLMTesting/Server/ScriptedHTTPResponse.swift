import AgentSkillLLM
import AgentSkillTesting
import Foundation

/// A response the loopback server plays back: status, headers and a body
/// that can arrive in chunks, pause on a clock or a ``/AgentSkillTesting/Checkpoint``, or stop
/// with an abrupt disconnect.
///
/// ```swift
/// let server = try LoopbackServer()
/// defer { server.stop() }
/// server.enqueue(.json(["choices": []]))
/// server.enqueue(.eventStream("data: {\"x\":1}\n\ndata: [DONE]\n\n", chunkSize: 3))
/// server.enqueue(.eventStream(steps: [.text("data: 1\n\n"), .sleep(.seconds(2)), .disconnect]))
/// server.enqueue(.json(["error": ["message": "slow down"]], status: 429, headers: ["Retry-After": "3"]))
/// ```
public struct ScriptedHTTPResponse: Sendable {
  /// One step of a body.
  public enum Step: Sendable {
    /// Sends bytes (one chunk in a chunked body).
    case send(Data)
    /// Pauses for a duration on the server's clock.
    case sleep(Duration)
    /// Pauses until the checkpoint is released.
    case wait(Checkpoint)
    /// Closes the connection at once, mid-body.
    case disconnect

    /// Sends UTF-8 text.
    ///
    /// - Parameter text: The text.
    /// - Returns: A send step.
    public static func text(_ text: String) -> Step { .send(Data(text.utf8)) }
  }

  /// How the body is framed.
  public enum Body: Sendable {
    /// A complete body with `Content-Length`.
    case bytes(Data)
    /// `Transfer-Encoding: chunked`: each send is one chunk, then the final empty chunk.
    case chunked([Step])
    /// The steps' bytes as they are, with `Content-Length` when given (it may
    /// differ from what is sent, to simulate a short body); without one, the
    /// connection closes after the body.
    case raw(contentLength: Int?, [Step])
  }

  /// The status code.
  public var status: Int
  /// Header fields; framing headers are added unless present.
  public var headers: HTTPHeaderFields
  /// The body.
  public var body: Body
  /// Whether to close the connection after this response (`Connection: close`).
  public var closesConnection: Bool
  /// Steps played before the status line: pauses to hold back the whole
  /// response (for timeout tests), raw bytes, or a disconnect without any response.
  public var beforeHead: [Step]

  /// Creates a response.
  ///
  /// - Parameters:
  ///   - status: The status code. Defaults to 200.
  ///   - headers: Header fields.
  ///   - body: The body. Defaults to empty.
  ///   - closesConnection: Whether to close the connection afterwards. Defaults to `false`.
  ///   - beforeHead: Steps played before the status line. Defaults to none.
  public init(
    status: Int = 200, headers: HTTPHeaderFields = [:], body: Body = .bytes(Data()), closesConnection: Bool = false,
    beforeHead: [Step] = []
  ) {
    self.status = status
    self.headers = headers
    self.body = body
    self.closesConnection = closesConnection
    self.beforeHead = beforeHead
  }

  /// This response, held back by `steps` before its status line is sent.
  ///
  /// ```swift
  /// let server = try LoopbackServer()
  /// defer { server.stop() }
  /// let checkpoint = Checkpoint()
  /// server.enqueue(.json(["ok": true]).delayed(by: [.wait(checkpoint)]))
  /// // a request now waits for the response's status line, until:
  /// checkpoint.release()
  /// ```
  ///
  /// - Parameter steps: Pauses (or raw bytes, or a disconnect) to play first.
  /// - Returns: The delayed response.
  public func delayed(by steps: [Step]) -> Self {
    var copy = self
    copy.beforeHead += steps
    return copy
  }

  /// A JSON body (`application/json`).
  ///
  /// - Parameters:
  ///   - value: The JSON.
  ///   - status: The status code. Defaults to 200.
  ///   - headers: More header fields.
  /// - Returns: The response.
  public static func json(_ value: JSONValue, status: Int = 200, headers: HTTPHeaderFields = [:]) -> Self {
    var all: HTTPHeaderFields = ["Content-Type": "application/json"]
    all.merge(headers)
    return ScriptedHTTPResponse(status: status, headers: all, body: .bytes(Data(value.rendered().utf8)))
  }

  /// A text body.
  ///
  /// - Parameters:
  ///   - text: The body.
  ///   - status: The status code. Defaults to 200.
  ///   - contentType: The content type. Defaults to `text/plain; charset=utf-8`.
  ///   - headers: More header fields.
  /// - Returns: The response.
  public static func text(
    _ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8",
    headers: HTTPHeaderFields = [:]
  ) -> Self {
    var all: HTTPHeaderFields = ["Content-Type": contentType]
    all.merge(headers)
    return ScriptedHTTPResponse(status: status, headers: all, body: .bytes(Data(text.utf8)))
  }

  /// A chunked `text/event-stream` body of `text`, cut into chunks of
  /// `chunkSize` bytes (cutting through lines, CRLF pairs and UTF-8
  /// characters alike), with an optional pause on the server's clock between chunks.
  ///
  /// - Parameters:
  ///   - text: The whole stream.
  ///   - chunkSize: Bytes per chunk; `nil` sends one chunk.
  ///   - pause: A pause between chunks, on the server's clock.
  ///   - headers: More header fields.
  /// - Returns: The response.
  public static func eventStream(
    _ text: String, chunkSize: Int? = nil, pause: Duration? = nil, headers: HTTPHeaderFields = [:]
  ) -> Self {
    let bytes = Array(text.utf8)
    let size = max(1, chunkSize ?? max(1, bytes.count))
    var steps: [Step] = []
    var offset = 0
    while offset < bytes.count {
      let end = min(bytes.count, offset + size)
      if let pause, offset > 0 { steps.append(.sleep(pause)) }
      steps.append(.send(Data(bytes[offset..<end])))
      offset = end
    }
    return eventStream(steps: steps, headers: headers)
  }

  /// A chunked `text/event-stream` body sent as the given chunks.
  ///
  /// - Parameters:
  ///   - chunks: The chunks, in order.
  ///   - headers: More header fields.
  /// - Returns: The response.
  public static func eventStream(chunks: [String], headers: HTTPHeaderFields = [:]) -> Self {
    eventStream(steps: chunks.map { .text($0) }, headers: headers)
  }

  /// A chunked `text/event-stream` body played from `steps`.
  ///
  /// - Parameters:
  ///   - steps: Sends, pauses, checkpoints and disconnects.
  ///   - headers: More header fields.
  /// - Returns: The response.
  public static func eventStream(steps: [Step], headers: HTTPHeaderFields = [:]) -> Self {
    var all: HTTPHeaderFields = ["Content-Type": "text/event-stream", "Cache-Control": "no-cache"]
    all.merge(headers)
    return ScriptedHTTPResponse(status: 200, headers: all, body: .chunked(steps))
  }
}
