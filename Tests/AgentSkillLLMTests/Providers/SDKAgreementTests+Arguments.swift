import AgentSkillLLMTesting
import Foundation
import Testing

@testable import AgentSkillLLM

/// Tool arguments as both providers deliver them: integers beyond 64 bits keep every digit, and arguments nested
/// past the parser's depth limit are reported as such rather than kept as text without a word.
extension SDKAgreementTests {
  static func openAIToolCallStream(arguments: String) -> String {
    let call: JSONValue = [
      "choices": [
        [
          "index": 0,
          "delta": [
            "tool_calls": [
              [
                "index": 0, "id": "call_a", "type": "function",
                "function": ["name": "get_weather", "arguments": .string(arguments)],
              ]
            ]
          ],
          "finish_reason": nil,
        ]
      ]
    ]
    let finish: JSONValue = ["choices": [["index": 0, "delta": [:], "finish_reason": "tool_calls"]]]
    return "data: \(call.rendered())\n\ndata: \(finish.rendered())\n\ndata: [DONE]\n\n"
  }

  static func anthropicToolCallStream(arguments: String) -> String {
    let delta: JSONValue = [
      "type": "content_block_delta", "index": 0,
      "delta": ["type": "input_json_delta", "partial_json": .string(arguments)],
    ]
    return """
      event: message_start
      data: {"type":"message_start","message":{"id":"m","content":[],"usage":{"input_tokens":5,"output_tokens":1}}}

      event: content_block_start
      data: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_a","name":"get_weather","input":{}}}

      event: content_block_delta
      data: \(delta.rendered())

      event: content_block_stop
      data: {"type":"content_block_stop","index":0}

      event: message_delta
      data: {"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":9}}

      event: message_stop
      data: {"type":"message_stop"}


      """
  }

  /// The one tool call both providers give for `arguments`, streamed and cut at random.
  static func toolCalls(forArguments arguments: String) async throws -> [ToolCall] {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(randomlyCut(openAIToolCallStream(arguments: arguments), seed: 3))
    server.enqueue(randomlyCut(anthropicToolCallStream(arguments: arguments), seed: 3))
    let request = ChatRequest(messages: [.user("x")], tools: [try ProviderFixtures.weather])
    var calls: [ToolCall] = []
    for model in [ProviderFixtures.openAI(server), ProviderFixtures.anthropic(server)] as [any LanguageModel] {
      let response = try #require(ProviderFixtures.completed(in: try await collect(model.stream(request))))
      calls += response.toolCalls
    }
    return calls
  }

  @Test("an integer beyond 64 bits in tool arguments keeps every digit")
  func bigIntegerArgumentsKeepTheirDigits() async throws {
    let calls = try await Self.toolCalls(forArguments: #"{"id": 12345678901234567890, "n": -98765432109876543210}"#)
    #expect(calls.count == 2)
    for call in calls {
      #expect(call.arguments.rendered() == #"{"id":12345678901234567890,"n":-98765432109876543210}"#)
      #expect(call.arguments["id"]?.bigIntegerValue?.description == "12345678901234567890")
    }
  }

  @Test("arguments nested 513 levels deep are reported as too deep; 512 levels are read")
  func argumentsDeeperThanTheLimitAreReported() async throws {
    // An object around 512 arrays: 513 levels, one more than the parser reads.
    let tooDeep = #"{"a":"# + String(repeating: "[", count: 512) + String(repeating: "]", count: 512) + "}"
    for call in try await Self.toolCalls(forArguments: tooDeep) {
      // Kept as text for the agent, which tells the model why it cannot be read.
      #expect(call.arguments == .string(tooDeep))
      let message = ChatTurn.unreadableArguments(tooDeep, tool: call.name)
      #expect(message == ToolCallError.argumentsTooDeep(tool: "get_weather", limit: 512).description)
      #expect(message.contains("more than 512 levels deep"))
    }
    var accumulator = ToolCallAccumulator(ids: .sequential())
    _ = accumulator.append(ToolCallDelta(index: 0, id: "call_a", name: "get_weather", argumentsFragment: tooDeep))
    #expect(accumulator.results() == [.failure(.argumentsTooDeep(tool: "get_weather", limit: 512))])
    #expect(throws: ToolCallError.argumentsTooDeep(tool: "get_weather", limit: 512)) {
      try ToolArguments.parse(tooDeep, tool: "get_weather")
    }

    let deepest = #"{"a":"# + String(repeating: "[", count: 511) + String(repeating: "]", count: 511) + "}"
    for call in try await Self.toolCalls(forArguments: deepest) {
      #expect(call.arguments.objectValue != nil)
      #expect(call.arguments.rendered() == deepest)
    }
  }
}
