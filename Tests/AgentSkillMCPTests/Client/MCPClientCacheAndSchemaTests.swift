import AgentSkill
import AgentSkillLLM
import AgentSkillTesting
import Foundation
import Testing

@testable import AgentSkillMCP

/// A forecast whose declared output schema wants an integer `high`; `structured` is what it answers with.
private struct ForecastSkill: ToolSkill {
  typealias Input = EmptyToolInput
  let id: String
  let description = "Today's forecast"
  let structured: JSONValue
  var outputSchema: JSONSchema? { .object(properties: ["high": .integer()], required: ["high"]) }

  func run(_ input: EmptyToolInput, context: SkillContext) async throws -> ToolOutput {
    ToolOutput(summary: "22°C", structuredContent: structured)
  }
}

/// Our client against our own server over loopback HTTP, in the modern era: cache hints on the client's clock, and
/// output schemas checked on arrival.
@Suite("MCP client: tool list cache hints and output schemas", .timeLimit(.minutes(2)))
struct MCPClientCacheAndSchemaTests {
  @MainActor
  private static func registry() throws -> SkillRegistry {
    let registry = SkillRegistry()
    try registry.register(ForecastSkill(id: "good", structured: ["high": 22]))
    try registry.register(ForecastSkill(id: "bad", structured: ["high": "warm"]))
    return registry
  }

  @Test("tools/list is kept for the server's ttlMs on the client's clock; a mismatching structured result fails")
  func cacheAndSchema() async throws {
    let server = MCPServer(
      name: "ours", version: "1.0", registry: try await Self.registry(), toolListLifetime: .seconds(60))
    let http = try MCPHTTPServer(server)
    let clock = TestClock()
    let traced = try await TracedClient.connect(
      .http(http.url), options: MCPClient.Options(requestTimeout: .seconds(30), clock: clock))
    let client = traced.client
    #expect(client.protocolVersion == .revision20260728)
    let tools = try await client.listTools()
    #expect(tools.map(\.name) == ["bad", "good"])
    #expect(tools.first?.outputSchema?["required"] == ["high"])
    _ = try await client.listTools()
    #expect(traced.sentMethods.filter { $0 == "tools/list" }.count == 1)
    await clock.advance(by: .seconds(61))
    _ = try await client.listTools()
    #expect(traced.sentMethods.filter { $0 == "tools/list" }.count == 2)

    let connection = MCPConnection(client)
    let good = try #require(tools.first { $0.name == "good" })
    let output = try await MCPToolSkill(tool: good, prefix: "", connection: connection, server: "ours")
      .run([:], context: SkillContext(skillName: "good"))
    #expect(output.structuredContent == ["high": 22])
    let bad = try #require(tools.first { $0.name == "bad" })
    do {
      _ = try await MCPToolSkill(tool: bad, prefix: "", connection: connection, server: "ours")
        .run([:], context: SkillContext(skillName: "bad"))
      Issue.record("a result that does not match its schema was accepted")
    } catch let error as MCPClientError {
      guard case .invalidStructuredContent(let name, let tool, let violations) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(name == "ours")
      #expect(tool == "bad")
      #expect(violations.first?.hasPrefix("/high") == true)
      #expect(error.description.contains("does not match its declared output schema"))
    }
    await connection.close()
    await http.stop()
  }
}
