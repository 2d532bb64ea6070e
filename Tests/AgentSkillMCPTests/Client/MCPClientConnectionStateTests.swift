import AgentSkill
import AgentSkillLLM
import Foundation
import Testing

@testable import AgentSkillMCP

/// The connection's state agrees with every error a caller sees: it changes before the error reaches the caller.
///
/// The scripted channel holds back its own end event until the test delivers it, so these tests see the order the
/// client guarantees, whatever the scheduler does (under load, the reader used to run after the caller had the
/// error, and `isConnected` still said `true`).
@Suite("MCP client: connection state before errors", .timeLimit(.minutes(3)))
struct MCPClientConnectionStateTests {
  private func connect(_ channel: ScriptedChannel) async throws -> MCPClient {
    try await MCPClient.connect(
      over: channel, transport: .http(URL(string: "http://127.0.0.1:9/mcp")!), options: MCPClient.Options(era: .legacy))
  }

  /// Starts a ping; its outcome is the error it threw (prefixed with "connected after" when the client still said
  /// it was connected once the error reached it), or "answered".
  private func pingInBackground(_ client: MCPClient) -> LockIsolated<String?> {
    let outcome = LockIsolated<String?>(nil)
    Task {
      do {
        try await client.ping()
        outcome.setValue("answered")
      } catch {
        outcome.setValue(await client.isConnected ? "connected after \(error)" : "\(error)")
      }
    }
    return outcome
  }

  @Test("a session that ended (404) is reported as not connected by the time the call throws")
  func endedSessionBeforeError() async throws {
    let channel = ScriptedChannel()
    let client = try await connect(channel)
    try await client.ping()
    #expect(await client.isConnected)
    let reason = "ended its HTTP session (404 Not Found): the session expired or the server restarted"
    channel.replyToRequests(with: .endChannel(reason: reason))
    do {
      try await client.ping()
      Issue.record("a ping on an ended channel succeeded")
    } catch let error as MCPClientError {
      #expect(error == .disconnected(server: "scripted", reason: reason, log: []))
    }
    // The channel's own end event has not been delivered: the state comes from the failed call alone.
    #expect(await client.isConnected == false)
    await #expect(throws: MCPClientError.disconnected(server: "scripted", reason: reason, log: [])) {
      try await client.ping()
    }
    channel.deliverEnd(reason: "a later, different reason")
    await #expect(throws: MCPClientError.disconnected(server: "scripted", reason: reason, log: [])) {
      try await client.ping()
    }
    await client.close()
  }

  @Test("a pending call failed by the connection's end sees the connection ended")
  func pendingCallsSeeTheEnd() async throws {
    let channel = ScriptedChannel()
    defer { channel.deliverEnd(reason: "the test ended") }
    let client = try await connect(channel)
    channel.replyToRequests(with: .silence)
    let outcome = pingInBackground(client)
    #expect(await eventually("the ping is sent") { channel.methods.last == "ping" })
    channel.replyToRequests(with: .endChannel(reason: "exited with status 3"))
    await #expect(throws: MCPClientError.self) { try await client.listTools() }
    // Bounded without waiting on the call itself: a call that never ends must fail this test, not hang it.
    #expect(await eventually("the pending ping fails", within: .seconds(20)) { outcome.value != nil })
    #expect(
      outcome.value == "\(MCPClientError.disconnected(server: "scripted", reason: "exited with status 3", log: []))")
    await client.close()
  }

  @Test("one failed exchange on an open channel is an invalid response, and the client stays connected")
  func failedExchangeKeepsTheConnection() async throws {
    let channel = ScriptedChannel()
    let client = try await connect(channel)
    channel.replyToRequests(with: .failExchange(reason: "its HTTP response ended without an answer"))
    await #expect(
      throws: MCPClientError.invalidResponse(
        server: "scripted", method: "ping", problem: "its HTTP response ended without an answer")
    ) { try await client.ping() }
    #expect(await client.isConnected)
    channel.replyToRequests(with: .answer)
    try await client.ping()
    await client.close()
  }

  @Test("close ends the connection at once, before the transport has finished closing")
  func closeEndsFirst() async throws {
    let channel = ScriptedChannel(holdsClose: true)
    defer { channel.releaseClose() }
    let client = try await connect(channel)
    channel.replyToRequests(with: .silence)
    let outcome = pingInBackground(client)
    #expect(await eventually("the ping is sent") { channel.methods.last == "ping" })
    let closing = Task { await client.close() }
    // The channel's close is held (a slow DELETE): the pending call already failed, and the state agrees.
    #expect(await eventually("the pending ping fails", within: .seconds(20)) { outcome.value != nil })
    #expect(
      outcome.value
        == "\(MCPClientError.disconnected(server: "scripted", reason: "the connection was closed", log: []))")
    #expect(await client.isConnected == false)
    channel.releaseClose()
    await closing.value
  }
}
