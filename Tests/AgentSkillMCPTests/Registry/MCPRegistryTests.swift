import AgentSkill
import AgentSkillLLM
import AgentSkillTesting
import Foundation
import Testing

@testable import AgentSkillMCP

/// Tools of a server built with the official Python SDK, registered as skills.
@Suite("MCP tools as skills", .serialized, .timeLimit(.minutes(5)))
@MainActor
struct MCPRegistryTests {
  private func connect(log: @escaping @Sendable (String) -> Void = { _ in }) async throws -> MCPClient {
    let python = try await PythonMCP.require()
    return try await MCPClient.connect(
      .process(executable: python, arguments: [PythonMCP.fixture("calc_server.py")]),
      options: MCPClient.Options(initializeTimeout: .seconds(120), log: log))
  }

  @Test("each tool becomes a prefixed skill, matched, validated against its inputSchema, and run on the server")
  func registerAndRun() async throws {
    let client = try await connect()
    defer { Task { await client.close() } }
    let registry = SkillRegistry()
    try registry.register(
      ToolSkillOf<EmptyToolInput>(id: "add", description: "A local tool with the same name") { _, _ in .text("local") })
    let ids = try await registry.register(mcp: client, prefix: "calc")
    #expect(ids.starts(with: ["calc_add", "calc_greet", "calc_fail", "calc_count", "calc_slow"]))
    #expect(registry.skill(withID: "add") != nil)
    #expect(registry.skill(withID: "calc_add")?.description == "Add two integers and return the sum")
    #expect(registry.skill(withID: "calc_add")?.keywords.contains("integers") == true)
    let ranked = await registry.match(UserRequest("please greet my friend"))
    #expect(ranked.first?.id == "calc_greet")

    let sum = try await registry.execute(ToolCall(id: "1", name: "calc_add", arguments: ["a": 2, "b": 40]))
    #expect(sum.summary == "42")
    do {
      _ = try await registry.execute(ToolCall(id: "2", name: "calc_add", arguments: ["a": "two", "b": 1]))
      Issue.record("invalid arguments reached the server")
    } catch let error as ToolSkillError {
      guard case .invalidArguments(let id, let violations) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(id == "calc_add")
      #expect(violations.map(\.path) == ["/a"])
    }
    do {
      _ = try await registry.execute(ToolCall(id: "3", name: "calc_fail", arguments: ["reason": "bad"]))
      Issue.record("a failing tool succeeded")
    } catch let error as ToolSkillError {
      #expect(error.description.contains("calc-server"))
      #expect(error.description.contains("the tool failed on purpose: bad"))
    }
  }

  @Test("keywords: the name's words of three letters or more (short verbs match), the description's of four or more")
  func keywords() {
    #expect(
      MCPToolSkill.keywords(name: "add", description: "Add two integers and return the sum")
        == ["add", "integers", "return"])
    #expect(
      MCPToolSkill.keywords(name: "getWeather_now", description: "The sky") == [
        "getweather_now", "get", "weather", "now",
      ])
  }

  @Test("the server's progress becomes the run's progress")
  func progress() async throws {
    let client = try await connect()
    defer { Task { await client.close() } }
    let registry = SkillRegistry()
    try await registry.register(mcp: client, prefix: "calc")
    let skill = try #require(registry.skill(withID: "calc_count"))
    let fractions = LockIsolated<[Double]>([])
    let output = try await skill.run(
      ["steps": 4], context: SkillContext(skillName: "calc_count") { value in fractions.withValue { $0.append(value) } }
    )
    #expect(output.summary == "counted to 4")
    #expect(fractions.value == [0.25, 0.5, 0.75, 1])
  }

  @Test("cancelling the run cancels the call on the server")
  func cancellation() async throws {
    let lines = LockIsolated<[String]>([])
    let client = try await connect { line in lines.withValue { $0.append(line) } }
    defer { Task { await client.close() } }
    let registry = SkillRegistry()
    try await registry.register(mcp: client, prefix: "calc")
    let skill = try #require(registry.skill(withID: "calc_slow"))
    let run = Task { try await skill.run(["seconds": 120], context: SkillContext(skillName: "calc_slow")) }
    await eventually("the slow tool starts", within: .seconds(60)) { lines.value.contains("slow: started") }
    run.cancel()
    await #expect(throws: CancellationError.self) { try await run.value }
    await eventually("the server cancels it", within: .seconds(60)) { lines.value.contains("slow: cancelled") }
  }

  @Test("list_changed re-registers the server's skills")
  func listChanged() async throws {
    let client = try await connect()
    defer { Task { await client.close() } }
    let registry = SkillRegistry()
    try await registry.register(mcp: client, prefix: "calc")
    #expect(registry.skill(withID: "calc_late") == nil)
    _ = try await registry.execute(ToolCall(id: "1", name: "calc_add_late_tool"))
    await eventually("the new tool is registered", within: .seconds(60)) { registry.skill(withID: "calc_late") != nil }
    #expect(try await registry.execute(ToolCall(id: "2", name: "calc_late")).summary == "late")
    #expect(registry.skills.filter { $0.id == "calc_add" }.count == 1)
  }

  @Test("a dead server fails the skill with an error naming it; the next call starts it again")
  func deadServerReconnects() async throws {
    let client = try await connect()
    let registry = SkillRegistry()
    try await registry.register(mcp: client, prefix: "calc")
    do {
      _ = try await registry.execute(ToolCall(id: "1", name: "calc_crash"))
      Issue.record("the crash call returned")
    } catch let error as ToolSkillError {
      #expect(error.description.contains("The MCP server \"calc-server\" is not connected"))
      #expect(error.description.contains("exited with status 3"))
    }
    #expect(await client.isConnected == false)
    let sum = try await registry.execute(ToolCall(id: "2", name: "calc_add", arguments: ["a": 1, "b": 2]))
    #expect(sum.summary == "3")
    if let skill = registry.skill(withID: "calc_add")?.base(as: MCPToolSkill.self) { await skill.connection.close() }
  }
}
