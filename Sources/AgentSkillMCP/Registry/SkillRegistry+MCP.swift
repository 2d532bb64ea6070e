import AgentSkill
import AgentSkillLLM

extension SkillRegistry {
  /// Registers every tool of an MCP server as a skill named `prefix_toolname`.
  ///
  /// ```swift
  /// let client = try await MCPClient.connect(.process(executable: "/usr/bin/python3", arguments: ["server.py"]))
  /// try await registry.register(mcp: client, prefix: "calc")   // calc_add, calc_greet, …
  /// ```
  ///
  /// The skills are matched by the keywords of their names and descriptions and by the tags `prefix` and the
  /// server's name; their arguments are validated against each tool's `inputSchema` before the call. When the
  /// server sends `notifications/tools/list_changed`, the prefix's skills are replaced by the new list. When
  /// the server process has exited, calls fail with ``MCPClientError/disconnected(server:reason:log:)`` naming
  /// it, and the next call starts it again.
  ///
  /// - Parameters:
  ///   - client: A connected client.
  ///   - prefix: Keeps the server's tool names apart from local ones and other servers'.
  /// - Returns: The ids registered.
  /// - Throws: ``MCPClientError`` when the tools cannot be listed; ``/AgentSkillLLM/SkillRegistryError``
  ///   when an id is taken (nothing is registered then).
  @discardableResult
  public func register(mcp client: MCPClient, prefix: String) async throws -> [String] {
    let connection = MCPConnection(client)
    let tools = try await client.listTools()
    let ids = try replaceMCPSkills(tools, prefix: prefix, connection: connection, server: client.serverInfo.name)
    await connection.watchToolChanges { [weak self] client in
      guard let tools = try? await client.listTools() else { return }
      await MainActor.run {
        _ = try? self?.replaceMCPSkills(tools, prefix: prefix, connection: connection, server: client.serverInfo.name)
      }
    }
    return ids
  }

  /// Replaces the skills `connection` registered under `prefix` with `tools`.
  private func replaceMCPSkills(
    _ tools: [MCPTool],
    prefix: String,
    connection: MCPConnection,
    server: String
  ) throws(SkillRegistryError) -> [String] {
    let skills = tools.map { MCPToolSkill(tool: $0, prefix: prefix, connection: connection, server: server) }
    let previous = self.skills.filter { $0.skill.base(as: MCPToolSkill.self)?.connection === connection }.map(\.id)
    var removed: [any ToolSkill] = []
    for id in previous { removed.append(try unregister(id)) }
    do {
      try register(contentsOf: skills)
    } catch {
      try? register(contentsOf: removed)
      throw error
    }
    return skills.map(\.id)
  }
}
