import AgentSkill
import AgentSkillLLM
import AgentSkillTesting
import Foundation
import Testing

@testable import AgentSkillMCP

/// Inputs FuzzMCPFraming (`Fuzz/run.sh`) found or checks, kept with their exact bytes.
@Suite("MCP fuzz findings", .timeLimit(.minutes(5)))
@MainActor
struct MCPFuzzFindingsTests {
  private func frame(_ bytes: [UInt8], limit: Int = 1 << 20) -> [LineFramer.Event] {
    var framer = LineFramer(maximumLineLength: limit)
    return framer.feed(bytes) + framer.finish()
  }

  @Test("a line of carriage returns is blank, not a parse error")
  func carriageReturnOnlyLines() {
    #expect(frame(Array("\r\r\n\r\n\r \r\t\n".utf8)).isEmpty)
    #expect(frame(Array("\r\r\n{\"a\":1}\r\r\n".utf8)) == [.line(Array(#"{"a":1}"#.utf8))])
  }

  @Test("the last line loses its trailing carriage return as every other line does")
  func trailingCarriageReturnAtEnd() {
    let line = Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8)
    #expect(frame(line + [0x0D]) == [.line(line)])
    #expect(frame(line + [0x0D]) == frame(line + [0x0D, 0x0A]))
    #expect(frame([0x0D]).isEmpty)
  }

  @Test("a line at the limit still fits with CRLF; one byte more is dropped")
  func limitWithCarriageReturn() {
    let line = Array(repeating: UInt8(ascii: "x"), count: 8)
    #expect(frame(line + [0x0D, 0x0A], limit: 8) == [.line(line)])
    #expect(frame(line + [0x78, 0x0D, 0x0A], limit: 8) == [.oversized(bytes: 10)])
  }

  @Test("a line over the limit is answered with invalid request and a null id")
  func oversizedLineAnswered() async throws {
    let channel = MemoryChannel()
    let server = MCPServer(name: "t", version: "1", registry: try makeServedRegistry())
    let serving = Task { await server.serve(channel) { _ in } }
    channel.deliver(.oversized(bytes: 40 << 20))
    channel.feed(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"# + "\n")
    await eventually("both answers") { channel.sent.count == 2 }
    #expect(channel.sent.first?["id"] == .null)
    #expect(channel.sent.first?["error"]?["code"] == -32600)
    #expect(channel.sent.first?["error"]?["message"]?.stringValue?.contains("41943040 bytes") == true)
    #expect(channel.answer(to: 1)?["result"] == [:])
    channel.disconnect()
    await serving.value
  }

  @Test("a request reusing the id of one in progress gets invalid request; the first is still answered")
  func reusedInProgressID() async throws {
    let clock = TestClock()
    let registry = try makeServedRegistry()
    try registry.register(
      ToolSkillOf<EchoInput>(
        id: "slow", description: "Answers after a second on the clock",
        inputSchema: .object(properties: ["text": .string()], required: ["text"])
      ) { input, context in
        try await context.sleep(for: .seconds(1))
        return .text(input.text)
      })
    let server = MCPServer(name: "t", version: "1", registry: registry, environment: SkillEnvironment(clock: clock))
    let channel = MemoryChannel()
    let serving = Task { await server.serve(channel) { _ in } }
    // The reproducer: one batch, two requests with id 1, the first still running when the second arrives.
    channel.feed(
      #"[{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"slow","arguments":{"text":"a"}}},"#
        + #"{"jsonrpc":"2.0","id":1,"method":"ping"}]"# + "\n")
    await clock.waitForSleepers(1)
    await eventually("the reused id is refused") { !channel.sent.isEmpty }
    #expect(channel.sent.first?["id"] == 1)
    #expect(channel.sent.first?["error"]?["code"] == -32600)
    #expect(channel.sent.first?["error"]?["message"]?.stringValue?.contains("in progress") == true)
    await clock.advance(by: .seconds(1))
    await eventually("the first request is answered") { channel.sent.count == 2 }
    #expect(channel.sent.last?["result"]?["content"]?[0]?["text"] == "a")
    // Once answered, the id may be used again.
    channel.feed(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"# + "\n")
    await eventually("the id is free again") { channel.sent.count == 3 }
    #expect(channel.sent.last?["result"] == [:])
    channel.disconnect()
    await serving.value
  }

  @Test("serving lets go of the connection once the client disconnects")
  func connectionReleased() async throws {
    let server = MCPServer(name: "t", version: "1", registry: try makeServedRegistry())
    weak var released: MemoryChannel?
    do {
      let channel = MemoryChannel()
      released = channel
      let serving = Task { await server.serve(channel) { _ in } }
      channel.feed(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"# + "\n")
      await eventually("the answer") { channel.answer(to: 1) != nil }
      channel.disconnect()
      await serving.value
    }
    await eventually("the channel is released") { released == nil }
  }
}
