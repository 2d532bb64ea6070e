import AgentSkill
import AgentSkillLLM
import Foundation
import Testing

@testable import AgentSkillMCP

/// Our client against servers built with the official Python SDK, in each era: one SDK 2.x server process over
/// Streamable HTTP serves the modern client (server/discover, stateless requests) and a forced-legacy client
/// (initialize); one SDK 1.x server process over stdio (handshake era only) is reached by falling back from the
/// probe. Run with `AGENTSKILL_MCP_TRANSCRIPT=1` to print each exchange.
@Suite("MCP client in both eras against the official Python SDK", .serialized, .timeLimit(.minutes(5)))
struct MCPClientEraTests {
  private static let traceparent = "00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01"

  /// Records each question the server asks and answers with `action`.
  private func elicitation(
    _ action: MCPElicitationAnswer.Action, asked: LockIsolated<[String]>
  ) -> @Sendable (MCPElicitation) async -> MCPElicitationAnswer {
    { question in
      asked.withValue { $0.append(question.message) }
      return MCPElicitationAnswer(action: action, content: action == .accept ? [:] : nil)
    }
  }

  @Test("SDK 2.x server: auto speaks 2026-07-28, forced legacy 2025-11-25; both confirm; structured output, traces")
  func bothErasAgainstOneServer() async throws {
    let server = try await PythonHTTPServer.start()
    defer { server.stop() }

    // Modern: the probe, then requests that each carry the revision and the client in _meta, and no session.
    let asked = LockIsolated<[String]>([])
    let modern = try await TracedClient.connect(
      .http(server.url),
      options: MCPClient.Options(
        initializeTimeout: .seconds(60), requestTimeout: .seconds(60), elicit: elicitation(.accept, asked: asked)))
    let client = modern.client
    #expect(client.protocolVersion == .revision20260728)
    #expect(client.serverVersions.contains(.revision20260728))
    #expect(client.serverInfo.name == "calc-server")
    #expect(client.instructions == "Arithmetic for tests.")
    let sum = try await client.callTool("add", arguments: ["a": 2, "b": 3])
    #expect(sum.structuredContent == ["result": 5])
    let deleted = try await client.callTool("delete_note", arguments: ["name": "a"])
    #expect(deleted.text == "deleted a")
    #expect(asked.value == ["Delete the note a?"])
    #expect(
      try await client.callTool("trace", traceparent: Self.traceparent).text == "0af7651916cd43dd8448eb211c80319c")
    #expect(modern.sentMethods.first == "server/discover")
    #expect(!modern.sentMethods.contains("initialize"))
    for request in modern.sent where request["id"] != nil {
      #expect(request["params"]?["_meta"]?[MCPMeta.protocolVersion] == "2026-07-28")
      #expect(request["params"]?["_meta"]?[MCPMeta.clientCapabilities]?["elicitation"] != nil)
      #expect(request["params"]?["_meta"]?[MCPMeta.clientInfo]?["name"] == "AgentSkill")
    }
    // The confirmation took two calls: the second answers the server's input request and echoes its state.
    let calls = modern.sent.filter { $0["method"] == "tools/call" && $0["params"]?["name"] == "delete_note" }
    #expect(calls.count == 2)
    #expect(calls.last?["params"]?["inputResponses"]?.objectValue?.isEmpty == false)
    #expect(calls.last?["params"]?["requestState"]?.stringValue != nil)
    await eventually("the server logs the calls") { server.requests.contains { $0.contains("method=tools/call") } }
    let posts = server.requests.filter { $0.hasPrefix("POST") }
    #expect(posts.allSatisfy { $0.contains("session=- version=2026-07-28") })
    #expect(!server.requests.contains { $0.hasPrefix("GET") })
    _ = modern.transcript("our client (auto) <-> SDK 2.3.0 server, modern")

    // Through the skill: the output schema and structured content reach the output; the run's id is the trace id.
    let tools = try await client.listTools()
    let add = try #require(tools.first { $0.name == "add" })
    #expect(add.outputSchema?["properties"]?["result"] != nil)
    let connection = MCPConnection(client)
    let skill = MCPToolSkill(tool: add, prefix: "calc", connection: connection, server: "calc-server")
    #expect(skill.outputSchema != nil)
    let output = try await skill.run(["a": 2, "b": 3], context: SkillContext(skillName: skill.id))
    #expect(output.structuredContent == ["result": 5])
    #expect(output.summary == "5")
    let traceTool = try #require(tools.first { $0.name == "trace" })
    let runID = SkillRunID()
    let traced = try await MCPToolSkill(tool: traceTool, prefix: "calc", connection: connection, server: "calc-server")
      .run([:], context: SkillContext(skillName: "calc_trace", runID: runID))
    #expect(traced.summary == runID.rawValue.uuidString.replacingOccurrences(of: "-", with: "").lowercased())
    try await bounded("close") { await connection.close() }

    // Legacy, forced, on the same server: initialize, then a session; elicitation arrives as a request.
    let declined = LockIsolated<[String]>([])
    let legacy = try await TracedClient.connect(
      .http(server.url),
      options: MCPClient.Options(
        era: .legacy, initializeTimeout: .seconds(60), requestTimeout: .seconds(60),
        elicit: elicitation(.decline, asked: declined)))
    #expect(legacy.client.protocolVersion == .revision20251125)
    #expect(Array(legacy.sentMethods.prefix(2)) == ["initialize", "notifications/initialized"])
    #expect(try await legacy.client.callTool("delete_note", arguments: ["name": "b"]).text == "kept b (decline)")
    #expect(declined.value == ["Delete the note b?"])
    #expect(
      try await legacy.client.callTool("trace", traceparent: Self.traceparent).text
        == "0af7651916cd43dd8448eb211c80319c")
    #expect(legacy.sent.allSatisfy { $0["params"]?["_meta"]?[MCPMeta.protocolVersion] == nil })
    _ = legacy.transcript("our client (legacy) <-> SDK 2.3.0 server, handshake")
    try await bounded("close") { await legacy.client.close() }
  }

  @Test("SDK 1.x server (handshake era only): the probe is refused, the client falls back to initialize over stdio")
  func fallbackToLegacyServer() async throws {
    let python = try await LegacyPythonMCP.require()
    let asked = LockIsolated<[String]>([])
    let traced = try await TracedClient.connect(
      .process(executable: python, arguments: [PythonMCP.fixture("legacy_server.py")]),
      options: MCPClient.Options(
        initializeTimeout: .seconds(120), requestTimeout: .seconds(60), elicit: elicitation(.accept, asked: asked)))
    let client = traced.client
    #expect(client.protocolVersion == .revision20251125)
    #expect(client.serverInfo.name == "legacy-calc")
    #expect(Array(traced.sentMethods.prefix(3)) == ["server/discover", "initialize", "notifications/initialized"])
    #expect(try await client.callTool("add", arguments: ["a": 20, "b": 22]).text == "42")
    #expect(try await client.callTool("delete_note", arguments: ["name": "c"]).text == "deleted c")
    #expect(asked.value == ["Delete the note c?"])
    try await client.ping()
    _ = traced.transcript("our client (auto) <-> SDK 1.30.0 server, fallback to handshake")
    await client.close()
  }

  @Test("forcing the modern era against a handshake-only server fails with the revisions each side speaks")
  func modernOnlyAgainstLegacyServer() async throws {
    let python = try await LegacyPythonMCP.require()
    do {
      _ = try await MCPClient.connect(
        .process(executable: python, arguments: [PythonMCP.fixture("legacy_server.py")]),
        options: MCPClient.Options(era: .modern, initializeTimeout: .seconds(120)))
      Issue.record("connected in the modern era to a handshake-only server")
    } catch let error as MCPClientError {
      guard case .unsupportedProtocolVersion = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(error.description.contains("2026-07-28"))
      #expect(error.description.contains(".auto"))
    }
  }
}
