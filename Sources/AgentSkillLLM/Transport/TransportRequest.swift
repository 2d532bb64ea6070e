import Foundation

/// An HTTP request handed to an ``HTTPTransport``.
///
/// ```swift
/// let baseURL = URL(string: "http://localhost:11434/v1")!
/// let payload: JSONValue = ["model": "qwen2.5:7b", "messages": [["role": "user", "content": "你好"]]]
/// let request = TransportRequest(
///   url: baseURL.appending(path: "chat/completions"),
///   headers: ["Content-Type": "application/json"],
///   body: Data(payload.rendered().utf8)
/// )
/// ```
public struct TransportRequest: Sendable, Hashable {
  /// The method, such as `POST`.
  public var method: String
  /// The full URL.
  public var url: URL
  /// The header fields.
  public var headers: HTTPHeaderFields
  /// The body, if any.
  public var body: Data?
  /// How long the connection may stay silent (no bytes received) before the
  /// transport gives up with ``LanguageModelError/timedOut(after:)``.
  public var idleTimeout: Duration

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - method: The method. Defaults to `POST`.
  ///   - url: The full URL.
  ///   - headers: The header fields.
  ///   - body: The body.
  ///   - idleTimeout: The longest silence allowed. Defaults to 120 seconds.
  public init(
    method: String = "POST", url: URL, headers: HTTPHeaderFields = [:], body: Data? = nil,
    idleTimeout: Duration = .seconds(120)
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.idleTimeout = idleTimeout
  }
}
