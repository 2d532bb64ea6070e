import AgentSkill
import AgentSkillLLM
import AgentSkillTesting
import Foundation
import Testing

@testable import AgentSkillMCP

@Suite("MCP server: malformed input and disconnects", .timeLimit(.minutes(5)))
@MainActor
struct MCPServerRobustnessTests {
  @Test("garbage, wrong versions, bad ids, batches and unknown methods get JSON-RPC errors; the server keeps serving")
  func garbage() async throws {
    let channel = MemoryChannel()
    let server = MCPServer(name: "t", version: "1", registry: try makeServedRegistry())
    let serving = Task { await server.serve(channel) { _ in } }
    channel.feed("this is not json\n")
    channel.feed(#"{"jsonrpc":"1.0","id":1,"method":"ping"}"# + "\n")
    channel.feed(#"{"jsonrpc":"2.0","id":[1],"method":"ping"}"# + "\n")
    channel.feed(
      #"[{"jsonrpc":"2.0","id":2,"method":"ping"},{"jsonrpc":"2.0","id":3,"method":"resources/list"}]"# + "\n")
    channel.feed(
      #"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"echo","arguments":{"text":7}}}"# + "\n")
    channel.feed(#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"arguments":{}}}"# + "\n")
    channel.feed(
      #"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"hidden","arguments":{"text":"x"}}}"# + "\n")
    channel.feed(#"{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{"cursor":"zz"}}"# + "\n")
    channel.feed(
      #"{"jsonrpc":"2.0","id":8,"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#
        + "\n")
    await eventually("every request is answered") { channel.answer(to: 8) != nil && channel.answer(to: 6) != nil }
    let sent = channel.sent
    #expect(sent.contains { $0["error"]?["code"] == -32700 && $0["id"] == .null })
    #expect(channel.answer(to: 1)?["error"]?["code"] == -32600)
    #expect(
      sent.contains {
        $0["error"]?["code"] == -32600 && $0["error"]?["message"]?.stringValue?.contains("\"id\"") == true
      })
    #expect(channel.answer(to: 2)?["result"] == [:])
    #expect(channel.answer(to: 3)?["error"]?["code"] == -32601)
    #expect(channel.answer(to: 4)?["result"]?["isError"] == true)
    #expect(channel.answer(to: 4)?["result"]?["content"]?[0]?["text"]?.stringValue?.contains("/text") == true)
    #expect(channel.answer(to: 5)?["error"]?["code"] == -32602)
    #expect(channel.answer(to: 6)?["error"]?["code"] == -32602)
    #expect(channel.answer(to: 7)?["error"]?["code"] == -32602)
    #expect(channel.answer(to: 8)?["result"]?["protocolVersion"] == "2024-11-05")
    channel.disconnect()
    await serving.value
  }

  @Test("tools/list pages with nextCursor")
  func pagination() async throws {
    let channel = MemoryChannel()
    let server = MCPServer(
      name: "t", version: "1", registry: try makeServedRegistry(), environment: SkillEnvironment(), instructions: nil,
      pageSize: 2)
    let serving = Task { await server.serve(channel) { _ in } }
    channel.feed(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"# + "\n")
    await eventually("page 1") { channel.answer(to: 1) != nil }
    let first = try #require(channel.answer(to: 1)?["result"])
    #expect(first["tools"]?.arrayValue?.count == 2)
    let cursor = try #require(first["nextCursor"]?.stringValue)
    channel.feed(#"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":"\#(cursor)"}}"# + "\n")
    await eventually("page 2") { channel.answer(to: 2) != nil }
    // Sorted by id: echo, reminder_create | weather.
    #expect(channel.answer(to: 2)?["result"]?["tools"]?[0]?["name"] == "weather")
    #expect(channel.answer(to: 2)?["result"]?["nextCursor"] == nil)
    channel.disconnect()
    await serving.value
  }

  @Test("a client that disconnects mid-call cancels the call and ends only that connection")
  func disconnectMidCall() async throws {
    let (server, started, cancelled) = try serverWithWaitingSkill()
    let channel = MemoryChannel()
    let serving = Task { await server.serve(channel) { _ in } }
    channel.feed(
      #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"wait","arguments":{"text":"x"}}}"# + "\n")
    await eventually("the skill starts") { started.value }
    channel.disconnect()
    await serving.value
    await eventually("the skill is cancelled") { cancelled.value }
    // The same server serves the next client.
    let next = MemoryChannel()
    let servingNext = Task { await server.serve(next) { _ in } }
    next.feed(
      #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"ok"}}}"# + "\n")
    await eventually("the next client is answered") { next.answer(to: 1) != nil }
    #expect(next.answer(to: 1)?["result"]?["content"]?[0]?["text"] == "ok")
    next.disconnect()
    await servingNext.value
  }

  @Test("notifications/cancelled stops the call and no answer is sent")
  func cancelledByClient() async throws {
    let (server, started, cancelled) = try serverWithWaitingSkill()
    let channel = MemoryChannel()
    let serving = Task { await server.serve(channel) { _ in } }
    channel.feed(
      #"{"jsonrpc":"2.0","id":"w","method":"tools/call","params":{"name":"wait","arguments":{"text":"x"}}}"# + "\n")
    await eventually("the skill starts") { started.value }
    channel.feed(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"w"}}"# + "\n")
    await eventually("the skill is cancelled") { cancelled.value }
    channel.feed(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"# + "\n")
    await eventually("the ping is answered") { channel.answer(to: 2) != nil }
    #expect(channel.answer(to: "w") == nil)
    channel.disconnect()
    await serving.value
  }

  /// A server whose registry adds `wait`: a skill that sleeps on a test clock nobody advances, so it returns only
  /// by cancellation; `started` and `cancelled` say how far it got.
  private func serverWithWaitingSkill() throws -> (
    MCPServer, started: LockIsolated<Bool>, cancelled: LockIsolated<Bool>
  ) {
    let registry = try makeServedRegistry()
    let started = LockIsolated(false)
    let cancelled = LockIsolated(false)
    try registry.register(
      ToolSkillOf<EchoInput>(
        id: "wait", description: "Waits until cancelled",
        inputSchema: .object(properties: ["text": .string()], required: ["text"])
      ) { _, context in
        started.setValue(true)
        do {
          try await context.sleep(for: .seconds(3600))
        } catch {
          cancelled.setValue(true)
          throw error
        }
        return .text("never")
      })
    let server = MCPServer(
      name: "t", version: "1", registry: registry, environment: SkillEnvironment(clock: TestClock()))
    return (server, started, cancelled)
  }
}
