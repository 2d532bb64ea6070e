import AgentSkill
import AgentSkillLLM
import AgentSkillTesting
import Foundation
import Testing

@testable import AgentSkillMCP

/// Our client against a server built with the official Python SDK (Fixtures/calc_server.py).
@Suite("MCP client against the official Python SDK", .serialized, .timeLimit(.minutes(5)))
struct MCPClientTests {
  private func connect(log: @escaping @Sendable (String) -> Void = { _ in }) async throws -> MCPClient {
    let python = try await PythonMCP.require()
    return try await MCPClient.connect(
      .process(executable: python, arguments: [PythonMCP.fixture("calc_server.py")]),
      options: MCPClient.Options(initializeTimeout: .seconds(120), log: log))
  }

  @Test("server/discover finds 2026-07-28, names the server, and passes stderr through as log lines")
  func initialize() async throws {
    let lines = LockIsolated<[String]>([])
    let client = try await connect { line in lines.withValue { $0.append(line) } }
    defer { Task { await client.close() } }
    #expect(client.serverInfo == MCPImplementation(name: "calc-server", version: "1.2.3"))
    #expect(client.protocolVersion == .revision20260728)
    #expect(client.instructions == "Arithmetic for tests.")
    #expect(client.serverCapabilities["tools"] != nil)
    try await client.ping()
    await eventually("the server's stderr line arrives") { lines.value.contains("calc-server: starting") }
  }

  @Test("tools/list returns the tools with their schemas; tools/call returns text and structured content")
  func listAndCall() async throws {
    let client = try await connect()
    defer { Task { await client.close() } }
    let tools = try await client.listTools()
    #expect(tools.map(\.name).starts(with: ["add", "greet", "fail", "count", "slow"]))
    let add = try #require(tools.first { $0.name == "add" })
    #expect(add.description == "Add two integers and return the sum")
    #expect(add.inputSchema["required"] == ["a", "b"])
    let sum = try await client.callTool("add", arguments: ["a": 2, "b": 3])
    #expect(sum.content == [.text("5")])
    #expect(sum.structuredContent == ["result": 5])
    #expect(!sum.isError)
    let greeting = try await client.callTool("greet", arguments: ["name": "世界"])
    #expect(greeting.text == "Hello, 世界!")
    #expect(greeting.structuredContent == nil)
  }

  @Test("a failing tool answers isError; an unknown tool is a JSON-RPC error naming the server")
  func errors() async throws {
    let client = try await connect()
    defer { Task { await client.close() } }
    let failed = try await client.callTool("fail", arguments: ["reason": "nope"])
    #expect(failed.isError)
    #expect(failed.text.contains("the tool failed on purpose: nope"))
    // The SDK answers an unknown tool with an isError result; other servers use the JSON-RPC error -32602.
    do {
      let unknown = try await client.callTool("no_such_tool")
      #expect(unknown.isError)
      #expect(unknown.text.contains("no_such_tool"))
    } catch let error as MCPClientError {
      #expect(error.server == "calc-server")
      #expect(error.description.contains("no_such_tool"))
    }
  }

  @Test("progress notifications reach the caller in order")
  func progress() async throws {
    let client = try await connect()
    defer { Task { await client.close() } }
    let updates = LockIsolated<[MCPProgress]>([])
    let result = try await client.callTool("count", arguments: ["steps": 3]) { update in
      updates.withValue { $0.append(update) }
    }
    #expect(result.text == "counted to 3")
    #expect(updates.value.map(\.progress) == [1, 2, 3])
    #expect(updates.value.last?.fraction == 1)
    #expect(updates.value.first?.message == "step 1")
  }

  @Test("cancelling a call sends notifications/cancelled and the server stops the tool")
  func cancellation() async throws {
    let lines = LockIsolated<[String]>([])
    let client = try await connect { line in lines.withValue { $0.append(line) } }
    defer { Task { await client.close() } }
    let call = Task { try await client.callTool("slow", arguments: ["seconds": 120]) }
    await eventually("the slow tool starts", within: .seconds(60)) { lines.value.contains("slow: started") }
    call.cancel()
    await #expect(throws: CancellationError.self) { try await call.value }
    await eventually("the server cancels the tool", within: .seconds(60)) { lines.value.contains("slow: cancelled") }
    // The connection is still usable.
    #expect(try await client.callTool("add", arguments: ["a": 1, "b": 1]).structuredContent == ["result": 2])
  }

  @Test("a server that exits fails pending and later calls with a typed error naming it and quoting its log")
  func serverExits() async throws {
    let client = try await connect()
    do {
      _ = try await client.callTool("crash")
      Issue.record("the crash call returned")
    } catch let error as MCPClientError {
      guard case .disconnected(let server, let reason, let log) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(server == "calc-server")
      #expect(reason.contains("exited with status 3"))
      #expect(log.contains("crash: exiting now"))
      #expect(error.description.contains("The MCP server \"calc-server\" is not connected"))
    }
    #expect(await client.isConnected == false)
    await #expect(throws: MCPClientError.self) { try await client.ping() }
  }

  @Test("a server that answers neither the probe nor initialize times out with a clear error")
  func initializeTimeout() async throws {
    let clock = TestClock()
    let connecting = Task {
      try await MCPClient.connect(
        .process(executable: "/bin/sh", arguments: ["-c", "cat > /dev/null"]),
        options: MCPClient.Options(initializeTimeout: .seconds(5), clock: clock))
    }
    // The server/discover probe waits 10 seconds, then the fallback initialize 5.
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(10))
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(5))
    do {
      _ = try await connecting.value
      Issue.record("connected to a silent process")
    } catch let error as MCPClientError {
      #expect(error == .initializeTimedOut(server: "/bin/sh -c cat > /dev/null", after: .seconds(5)))
      #expect(error.description.contains("did not answer \"initialize\" within 5.0 seconds"))
    }
  }

  @Test("a missing executable fails to launch with the reason")
  func launchFailure() async throws {
    await #expect(
      throws: MCPClientError.launchFailed(
        server: "no-such-mcp-server-xyz", reason: "no executable named \"no-such-mcp-server-xyz\" was found in PATH")
    ) {
      try await MCPClient.connect(.process(executable: "no-such-mcp-server-xyz"))
    }
  }
}
