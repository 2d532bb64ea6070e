extension MCPClient {
  /// Which era of the protocol a client speaks: see ``MCPProtocolVersion``.
  ///
  /// ```swift
  /// let options = MCPClient.Options(era: .legacy)   // skip the server/discover probe
  /// ```
  public enum Era: Sendable, Hashable {
    /// Probe with `server/discover`; speak the modern revision when the server does, otherwise fall back to
    /// the `initialize` handshake. The default.
    case auto
    /// Only the `initialize` handshake (revisions 2025-11-25 back to 2024-11-05).
    case legacy
    /// Only the modern revisions; a server that speaks none fails to connect with
    /// ``MCPClientError/unsupportedProtocolVersion(server:version:)``.
    case modern
  }
}
