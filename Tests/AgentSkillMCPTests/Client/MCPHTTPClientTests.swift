import AgentSkill
import AgentSkillLLM
import Foundation
import Testing

@testable import AgentSkillMCP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Our client over Streamable HTTP against a server built with the official Python SDK
/// (Fixtures/calc_server.py --http), each test with its own server process, killed at the end.
@Suite("MCP client over Streamable HTTP against the official Python SDK", .serialized, .timeLimit(.minutes(3)))
struct MCPHTTPClientTests {
  /// Every request is bounded by the client's own timeouts, so no test waits on the network forever.
  private func connect(_ server: PythonHTTPServer, era: MCPClient.Era = .auto) async throws -> MCPClient {
    try await MCPClient.connect(
      .http(server.url),
      options: MCPClient.Options(era: era, initializeTimeout: .seconds(60), requestTimeout: .seconds(60)))
  }

  @Test("legacy: initialize returns a session id that every later request carries, with the protocol version")
  func session() async throws {
    let server = try await PythonHTTPServer.start()
    defer { server.stop() }
    let client = try await connect(server, era: .legacy)
    #expect(client.serverInfo == MCPImplementation(name: "calc-server", version: "1.2.3"))
    #expect(client.protocolVersion == .revision20251125)
    #expect(client.instructions == "Arithmetic for tests.")
    try await client.ping()
    // The server logs each request on its stderr, which a thread of ours reads: wait for the lines to arrive.
    await eventually("the server logs three POSTs") { server.requests.filter { $0.hasPrefix("POST") }.count >= 3 }
    let requests = server.requests
    #expect(requests.first == "POST /mcp session=- version=- method=initialize")
    let later = requests.dropFirst().filter { $0.hasPrefix("POST") }
    #expect(later.count >= 2)  // notifications/initialized, ping
    #expect(later.allSatisfy { !$0.contains("session=- ") && $0.contains("version=2025-11-25") })
    try await bounded("close") { await client.close() }
  }

  @Test("tools/list and tools/call return text and structured content over HTTP")
  func listAndCall() async throws {
    let server = try await PythonHTTPServer.start()
    defer { server.stop() }
    let client = try await connect(server)
    let tools = try await client.listTools()
    #expect(tools.map(\.name).starts(with: ["add", "greet", "fail", "count", "slow"]))
    #expect(tools.first { $0.name == "add" }?.inputSchema["required"] == ["a", "b"])
    let sum = try await client.callTool("add", arguments: ["a": 2, "b": 3])
    #expect(sum.content == [.text("5")])
    #expect(sum.structuredContent == ["result": 5])
    #expect(!sum.isError)
    let greeting = try await client.callTool("greet", arguments: ["name": "世界"])
    #expect(greeting.text == "Hello, 世界!")
    try await bounded("close") { await client.close() }
  }

  @Test("a failing tool answers isError over HTTP")
  func toolError() async throws {
    let server = try await PythonHTTPServer.start()
    defer { server.stop() }
    let client = try await connect(server)
    let failed = try await client.callTool("fail", arguments: ["reason": "nope"])
    #expect(failed.isError)
    #expect(failed.text.contains("the tool failed on purpose: nope"))
    try await bounded("close") { await client.close() }
  }

  @Test("progress notifications arrive on the call's event stream, in order")
  func progress() async throws {
    let server = try await PythonHTTPServer.start()
    defer { server.stop() }
    let client = try await connect(server)
    let updates = LockIsolated<[MCPProgress]>([])
    let result = try await client.callTool("count", arguments: ["steps": 3]) { update in
      updates.withValue { $0.append(update) }
    }
    #expect(result.text == "counted to 3")
    #expect(updates.value.map(\.progress) == [1, 2, 3])
    #expect(updates.value.first?.message == "step 1")
    try await bounded("close") { await client.close() }
  }

  @Test("cancelling a call posts notifications/cancelled, the server stops the tool, the session goes on")
  func cancellation() async throws {
    let server = try await PythonHTTPServer.start()
    defer { server.stop() }
    let client = try await connect(server)
    let call = Task { try await client.callTool("slow", arguments: ["seconds": 120]) }
    await eventually("the slow tool starts", within: .seconds(60)) { server.log.value.contains("slow: started") }
    call.cancel()
    _ = try await bounded("the cancelled call") {
      await #expect(throws: CancellationError.self) { try await call.value }
    }
    await eventually("the server cancels the tool", within: .seconds(60)) {
      server.log.value.contains("slow: cancelled")
    }
    #expect(try await client.callTool("add", arguments: ["a": 1, "b": 1]).structuredContent == ["result": 2])
    try await bounded("close") { await client.close() }
  }

  @Test("legacy: the server's own notifications arrive on the GET stream: list_changed")
  func serverStream() async throws {
    let server = try await PythonHTTPServer.start()
    defer { server.stop() }
    let client = try await connect(server, era: .legacy)
    await eventually("the client opens the GET stream") { server.requests.contains { $0.hasPrefix("GET /mcp") } }
    let changes = client.toolListChanges
    let changed = Task { await changes.first { _ in true } != nil }
    #expect(try await client.callTool("add_late_tool").text == "added")
    #expect(try await bounded("list_changed") { await changed.value })
    #expect(try await client.listTools().contains { $0.name == "late" })
    try await bounded("close") { await client.close() }
  }

  @Test("legacy: close ends the session with a DELETE carrying the session id")
  func closeDeletes() async throws {
    let server = try await PythonHTTPServer.start()
    defer { server.stop() }
    let client = try await connect(server, era: .legacy)
    try await client.ping()
    try await bounded("close") { await client.close() }
    #expect(await client.isConnected == false)
    // The DELETE was answered; its log line reaches us through the server's stderr, read by another thread.
    await eventually("the server logs the DELETE") { server.requests.contains { $0.hasPrefix("DELETE /mcp") } }
    let deletes = server.requests.filter { $0.hasPrefix("DELETE /mcp session=") }
    #expect(deletes.count == 1)
    #expect(deletes.first.map { !$0.contains("session=- ") } == true)
    await #expect(throws: MCPClientError.self) { try await client.ping() }
  }

  @Test("legacy: a session the server no longer knows (404) fails with a typed error naming the server")
  func expiredSession() async throws {
    let server = try await PythonHTTPServer.start()
    defer { server.stop() }
    let client = try await connect(server, era: .legacy)
    try await client.ping()
    await eventually("the server logs the ping's POST") { server.requests.filter { $0.hasPrefix("POST") }.count >= 3 }
    let line = try #require(server.requests.last { $0.hasPrefix("POST") })
    let sessionID = try #require(
      line.split(separator: " ").first { $0.hasPrefix("session=") }.map { String($0.dropFirst(8)) })
    // End the session behind the client's back.
    var delete = URLRequest(url: server.url)
    delete.httpMethod = "DELETE"
    delete.setValue(sessionID, forHTTPHeaderField: "Mcp-Session-Id")
    delete.setValue("2025-11-25", forHTTPHeaderField: "MCP-Protocol-Version")
    delete.timeoutInterval = 30
    let request = delete
    let (_, response) = try await bounded("the DELETE") { try await URLSession.shared.data(for: request) }
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
    do {
      try await client.ping()
      Issue.record("a ping on a deleted session succeeded")
    } catch let error as MCPClientError {
      guard case .disconnected(let name, let reason, _) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(name == "calc-server")
      #expect(reason.contains("404"))
      #expect(error.description.contains("Connect again"))
    }
    #expect(await client.isConnected == false)
    try await bounded("close") { await client.close() }
  }

  @Test("an address nobody listens on fails to connect with a typed error naming it")
  func unreachable() async throws {
    let url = try #require(URL(string: "http://127.0.0.1:1/mcp"))
    do {
      _ = try await bounded("connect") {
        try await MCPClient.connect(.http(url), options: MCPClient.Options(initializeTimeout: .seconds(30)))
      }
      Issue.record("connected to a closed port")
    } catch let error as MCPClientError {
      #expect(error.server == "http://127.0.0.1:1/mcp")
      #expect(error.description.contains("could not be reached at http://127.0.0.1:1/mcp"))
    }
  }
}
