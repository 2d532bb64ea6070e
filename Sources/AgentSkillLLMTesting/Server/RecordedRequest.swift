import AgentSkillLLM
import Foundation

/// A request the loopback server received, for assertions.
///
/// ```swift
/// let server = try LoopbackServer()
/// defer { server.stop() }
/// server.enqueue(.json(["choices": [["message": ["role": "assistant", "content": "你好"], "finish_reason": "stop"]]]))
/// let model = OpenAICompatibleModel(baseURL: server.url("/v1"), apiKey: "test-key", model: "qwen2.5")
/// _ = try await model.respond(to: ChatRequest(messages: [.user("你好")]))
///
/// let request = try #require(server.requests.first)
/// #expect(request.method == "POST")
/// #expect(request.path == "/v1/chat/completions")
/// #expect(request.headers["authorization"] == "Bearer test-key")
/// #expect(try request.jsonBody()["model"] == "qwen2.5")
/// ```
public struct RecordedRequest: Sendable, Hashable {
  /// The method, such as `POST`.
  public let method: String
  /// The request target as sent: path and query.
  public let target: String
  /// The HTTP version, such as `HTTP/1.1`.
  public let version: String
  /// The header fields in order.
  public let headers: HTTPHeaderFields
  /// The body (chunked bodies already decoded).
  public let body: Data
  /// Which connection carried it, counting from 0 in accept order.
  public let connectionIndex: Int

  /// Creates a record.
  ///
  /// - Parameters:
  ///   - method: The method.
  ///   - target: The request target.
  ///   - version: The HTTP version.
  ///   - headers: The header fields.
  ///   - body: The body.
  ///   - connectionIndex: The connection's index.
  public init(
    method: String, target: String, version: String = "HTTP/1.1", headers: HTTPHeaderFields, body: Data,
    connectionIndex: Int = 0
  ) {
    self.method = method
    self.target = target
    self.version = version
    self.headers = headers
    self.body = body
    self.connectionIndex = connectionIndex
  }

  /// The path without the query.
  public var path: String {
    target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? target
  }

  /// The body as UTF-8 text (invalid bytes replaced).
  public var bodyText: String { String(decoding: body, as: UTF8.self) }

  /// The body parsed as JSON.
  ///
  /// - Returns: The parsed value.
  /// - Throws: `JSONParseError` when the body is not JSON.
  public func jsonBody() throws -> JSONValue {
    try JSONValue(parsing: body)
  }
}
