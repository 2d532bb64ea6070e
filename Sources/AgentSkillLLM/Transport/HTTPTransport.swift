/// Sends HTTP requests; the seam where tests and custom networking plug in.
///
/// ``URLSessionTransport`` is the default. A transport only moves bytes:
/// retries, timeouts on the injected clock and error mapping happen in the
/// providers.
///
/// ```swift
/// func events(of request: TransportRequest, via transport: some HTTPTransport) async throws -> [SSEEvent] {
///   let response = try await transport.send(request)
///   var parser = SSEParser()
///   var events: [SSEEvent] = []
///   for try await chunk in response.body { events += parser.feed(chunk) }
///   return events
/// }
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
