import AgentSkill

/// A token store in memory: sessions last as long as the process (for tests, and apps that sign in each launch).
///
/// ```swift
/// let store = MCPOAuthMemoryTokenStore()
/// try await store.setSession(MCPOAuthSession(issuer: "https://auth.example.com"), for: "https://mcp.example.com/mcp")
/// ```
public final class MCPOAuthMemoryTokenStore: MCPOAuthTokenStore {
  private let sessions = LockIsolated<[String: MCPOAuthSession]>([:])

  /// An empty store.
  public init() {}

  /// The session stored for `server`.
  public func session(for server: String) async throws(MCPOAuthError) -> MCPOAuthSession? {
    sessions.value[server]
  }

  /// Stores or removes the session for `server`.
  public func setSession(_ session: MCPOAuthSession?, for server: String) async throws(MCPOAuthError) {
    sessions.withValue { $0[server] = session }
  }
}
