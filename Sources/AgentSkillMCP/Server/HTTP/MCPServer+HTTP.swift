import Foundation

extension MCPServer {
  /// Serves any number of clients over Streamable HTTP on 127.0.0.1 until the calling task is cancelled.
  ///
  /// ```swift
  /// func run(_ server: MCPServer) async throws {
  ///   try await server.serveHTTP(port: 8123, bearerToken: "secret") { url in
  ///     print("MCP endpoint:", url)  // http://127.0.0.1:8123/mcp
  ///   }
  /// }
  /// ```
  ///
  /// See ``MCPHTTPServer`` for the protocol details; use it directly to stop serving from elsewhere.
  ///
  /// - Parameters:
  ///   - port: The port; 0 (the default) lets the system pick a free one, passed to `onListening`.
  ///   - bearerToken: When set, every request must carry `Authorization: Bearer <token>` (else 401).
  ///   - onListening: Called once with the endpoint's URL when the server accepts connections.
  /// - Throws: ``MCPHTTPServerError/cannotListen(port:reason:)``.
  public func serveHTTP(
    port: Int = 0,
    bearerToken: String? = nil,
    onListening: @Sendable (URL) -> Void = { _ in }
  ) async throws(MCPHTTPServerError) {
    let http = try MCPHTTPServer(self, port: port, bearerToken: bearerToken)
    onListening(http.url)
    let (cancelled, signal) = AsyncStream.makeStream(of: Void.self)
    await withTaskCancellationHandler {
      for await _ in cancelled {}
    } onCancel: {
      signal.finish()
    }
    await http.stop()
  }
}
