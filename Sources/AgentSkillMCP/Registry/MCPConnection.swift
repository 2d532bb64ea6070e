import AgentSkillLLM

/// The client behind a server's registered skills: connects again when the server has gone away, and
/// re-registers the skills when the server's tool list changes.
actor MCPConnection {
  private var current: MCPClient
  private var reconnecting: Task<MCPClient, any Error>?
  private var watcher: Task<Void, Never>?
  private var onToolsChanged: (@Sendable (MCPClient) async -> Void)?

  init(_ client: MCPClient) {
    self.current = client
  }

  /// The connected client, connecting again first when the last one is disconnected.
  func client() async throws -> MCPClient {
    if await current.isConnected { return current }
    if let reconnecting { return try await reconnecting.value }
    let old = current
    let task = Task { try await MCPClient.connect(old.transport, options: old.options) }
    reconnecting = task
    defer { reconnecting = nil }
    let fresh = try await task.value
    current = fresh
    watch()
    return fresh
  }

  /// Notes that a call found `client` disconnected, so the next call connects again.
  func markDisconnected(_ client: MCPClient) async {
    if client === current { await client.close() }
  }

  /// Calls `handler` after each `notifications/tools/list_changed`, from this client and the ones after it.
  func watchToolChanges(_ handler: @escaping @Sendable (MCPClient) async -> Void) {
    onToolsChanged = handler
    watch()
  }

  /// Stops watching and closes the client.
  func close() async {
    watcher?.cancel()
    await current.close()
  }

  private func watch() {
    watcher?.cancel()
    guard let handler = onToolsChanged else { return }
    let client = current
    watcher = Task {
      for await _ in client.toolListChanges {
        guard !Task.isCancelled else { return }
        await handler(client)
      }
    }
  }
}
