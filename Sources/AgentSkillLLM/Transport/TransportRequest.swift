import Foundation

/// An HTTP request handed to an ``HTTPTransport``.
///
/// ```swift
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

/// An HTTP response whose body arrives as it is received.
///
/// The transport returns it as soon as the status line and headers arrive;
/// iterate ``body`` for the rest. Stopping the iteration early (or cancelling
/// the iterating task) cancels the request and closes the connection.
public struct TransportResponse: Sendable {
  /// The status code, such as `200`.
  public var status: Int
  /// The header fields.
  public var headers: HTTPHeaderFields
  /// The body in the chunks the network delivered.
  public var body: AsyncThrowingStream<Data, any Error>

  /// Creates a response.
  ///
  /// - Parameters:
  ///   - status: The status code.
  ///   - headers: The header fields.
  ///   - body: The body chunks.
  public init(status: Int, headers: HTTPHeaderFields, body: AsyncThrowingStream<Data, any Error>) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// Whether the status is 2xx.
  public var isSuccess: Bool { (200..<300).contains(status) }

  /// Reads the whole body.
  ///
  /// - Parameter limit: The most bytes to accept.
  /// - Returns: The body.
  /// - Throws: ``LanguageModelError/malformedResponse(reason:snippet:)`` when the
  ///   body is larger than `limit`, or the transport's error.
  public func collectBody(limit: Int) async throws -> Data {
    var data = Data()
    for try await chunk in body {
      guard data.count + chunk.count <= limit else {
        throw LanguageModelError.malformedResponse(
          reason: "the response is larger than \(limit) bytes",
          snippet: LanguageModelError.snippet(of: data)
        )
      }
      data.append(chunk)
    }
    return data
  }
}

/// Sends HTTP requests; the seam where tests and custom networking plug in.
///
/// ``URLSessionTransport`` is the default. A transport only moves bytes:
/// retries, timeouts on the injected clock and error mapping happen in the
/// providers.
///
/// ```swift
/// let response = try await transport.send(request)
/// for try await chunk in response.body { parser.feed(chunk) }
/// ```
public protocol HTTPTransport: Sendable {
  /// Sends `request` and returns once the response head has arrived.
  ///
  /// - Parameter request: The request.
  /// - Returns: The status, headers and a stream of body chunks.
  /// - Throws: ``LanguageModelError/connectionFailed(reason:)``,
  ///   ``LanguageModelError/timedOut(after:)``, or `CancellationError` when
  ///   the calling task is cancelled.
  func send(_ request: TransportRequest) async throws -> TransportResponse
}
