/// Where ``MCPOAuthClient`` keeps its sessions (client credentials and tokens), one per MCP server.
///
/// ``MCPOAuthMemoryTokenStore`` forgets on exit; on Apple platforms `MCPOAuthKeychainTokenStore` keeps them in
/// the Keychain. Implementations must keep the tokens out of logs.
///
/// ```swift
/// let store: any MCPOAuthTokenStore = MCPOAuthMemoryTokenStore()
/// let saved = try await store.session(for: "https://mcp.example.com/mcp")
/// ```
public protocol MCPOAuthTokenStore: Sendable {
  /// The session stored for `server`, or `nil`.
  ///
  /// - Parameter server: The MCP server's URL.
  /// - Returns: The session.
  /// - Throws: ``MCPOAuthError/storeFailed(reason:)``.
  func session(for server: String) async throws(MCPOAuthError) -> MCPOAuthSession?

  /// Stores `session` for `server`, replacing any; `nil` removes it.
  ///
  /// - Parameters:
  ///   - session: The session, or `nil`.
  ///   - server: The MCP server's URL.
  /// - Throws: ``MCPOAuthError/storeFailed(reason:)``.
  func setSession(_ session: MCPOAuthSession?, for server: String) async throws(MCPOAuthError)
}
