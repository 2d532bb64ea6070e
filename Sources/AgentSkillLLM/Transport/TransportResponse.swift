import Foundation

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
