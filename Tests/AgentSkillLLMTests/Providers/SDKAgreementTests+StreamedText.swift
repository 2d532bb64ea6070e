import AgentSkillLLM
import AgentSkillLLMTesting
import Foundation
import Testing

/// The streamed text deltas add up to the final text, on both providers, whatever the lenient extractor decides
/// about tool calls written into the text. Each stream is held as its exact bytes and sent over HTTP whole, a byte
/// at a time and cut at random byte positions (inside UTF-8 characters, inside escapes).
extension SDKAgreementTests {
  struct StreamedTextCase: Sendable, CustomTestStringConvertible {
    var name: String
    var openAI: String
    var anthropic: String
    /// The final text both providers must give, and the text deltas must add up to.
    var text: String?
    /// The calls, as `name arguments`.
    var calls: [String]
    var testDescription: String { name }
  }

  static let streamedTextCases: [StreamedTextCase] = [
    StreamedTextCase(
      name: "a marker that is not a call, then a native call",
      openAI: #"""
        data: {"choices":[{"index":0,"delta":{"role":"assistant","content":"See <tool"},"finish_reason":null}]}

        data: {"choices":[{"index":0,"delta":{"content":"_call> bel"},"finish_reason":null}]}

        data: {"choices":[{"index":0,"delta":{"content":"ow"},"finish_reason":null}]}

        data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_a","type":"function","function":{"name":"get_weather","arguments":"{\"city\":"}}]},"finish_reason":null}]}

        data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":" \"北京\"}"}}]},"finish_reason":null}]}

        data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

        data: [DONE]


        """#,
      anthropic: #"""
        event: message_start
        data: {"type":"message_start","message":{"id":"m","content":[],"usage":{"input_tokens":5,"output_tokens":1}}}

        event: content_block_start
        data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}

        event: content_block_delta
        data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"See <tool"}}

        event: content_block_delta
        data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"_call> bel"}}

        event: content_block_delta
        data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"ow"}}

        event: content_block_stop
        data: {"type":"content_block_stop","index":0}

        event: content_block_start
        data: {"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_a","name":"get_weather","input":{}}}

        event: content_block_delta
        data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"city\":"}}

        event: content_block_delta
        data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":" \"北京\"}"}}

        event: content_block_stop
        data: {"type":"content_block_stop","index":1}

        event: message_delta
        data: {"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":9}}

        event: message_stop
        data: {"type":"message_stop"}


        """#,
      text: "See <tool_call> below", calls: [#"get_weather {"city":"北京"}"#]),
    StreamedTextCase(
      name: "a Hermes call between two sentences",
      openAI: #"""
        data: {"choices":[{"index":0,"delta":{"role":"assistant","content":"Before <tool_"},"finish_reason":null}]}

        data: {"choices":[{"index":0,"delta":{"content":"call>{\"name\": \"get_weather\", "},"finish_reason":null}]}

        data: {"choices":[{"index":0,"delta":{"content":"\"arguments\": {\"city\": \"北京\"}}</tool_call>"},"finish_reason":null}]}

        data: {"choices":[{"index":0,"delta":{"content":" after"},"finish_reason":null}]}

        data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}

        data: [DONE]


        """#,
      anthropic: #"""
        event: message_start
        data: {"type":"message_start","message":{"id":"m","content":[],"usage":{"input_tokens":5,"output_tokens":1}}}

        event: content_block_start
        data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}

        event: content_block_delta
        data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Before <tool_"}}

        event: content_block_delta
        data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"call>{\"name\": \"get_weather\", "}}

        event: content_block_delta
        data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"\"arguments\": {\"city\": \"北京\"}}</tool_call>"}}

        event: content_block_delta
        data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":" after"}}

        event: content_block_stop
        data: {"type":"content_block_stop","index":0}

        event: message_delta
        data: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":9}}

        event: message_stop
        data: {"type":"message_stop"}


        """#,
      text: "Before  after", calls: [#"get_weather {"city":"北京"}"#]),
    StreamedTextCase(
      name: "a bare JSON call as the whole content",
      openAI: #"""
        data: {"choices":[{"index":0,"delta":{"role":"assistant","content":" {\"name\": \"get_"},"finish_reason":null}]}

        data: {"choices":[{"index":0,"delta":{"content":"weather\", \"arguments\": {\"city\": \"北"},"finish_reason":null}]}

        data: {"choices":[{"index":0,"delta":{"content":"京\"}}\n"},"finish_reason":null}]}

        data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}

        data: [DONE]


        """#,
      anthropic: #"""
        event: message_start
        data: {"type":"message_start","message":{"id":"m","content":[],"usage":{"input_tokens":5,"output_tokens":1}}}

        event: content_block_start
        data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":" {\"name\": \"get_"}}

        event: content_block_delta
        data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"weather\", \"arguments\": {\"city\": \"北"}}

        event: content_block_delta
        data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"京\"}}\n"}}

        event: content_block_stop
        data: {"type":"content_block_stop","index":0}

        event: message_delta
        data: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":9}}

        event: message_stop
        data: {"type":"message_stop"}


        """#,
      text: nil, calls: [#"get_weather {"city":"北京"}"#]),
    StreamedTextCase(
      name: "JSON that is not a call stays text",
      openAI: #"""
        data: {"choices":[{"index":0,"delta":{"role":"assistant","content":"{\"name\": \"get_"},"finish_reason":null}]}

        data: {"choices":[{"index":0,"delta":{"content":"weather\", \"city\": \"北京\"} "},"finish_reason":null}]}

        data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}

        data: [DONE]


        """#,
      anthropic: #"""
        event: message_start
        data: {"type":"message_start","message":{"id":"m","content":[],"usage":{"input_tokens":5,"output_tokens":1}}}

        event: content_block_start
        data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":"{\"name\": \"get_"}}

        event: content_block_delta
        data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"weather\", \"city\": \"北京\"} "}}

        event: content_block_stop
        data: {"type":"content_block_stop","index":0}

        event: message_delta
        data: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":9}}

        event: message_stop
        data: {"type":"message_stop"}


        """#,
      text: #"{"name": "get_weather", "city": "北京"} "#, calls: []),
  ]

  /// `stream` as chunks cut at random byte positions.
  static func randomlyCut(_ stream: String, seed: UInt64) -> ScriptedHTTPResponse {
    var random = SplitMix64(seed: seed)
    let bytes = Array(stream.utf8)
    var steps: [ScriptedHTTPResponse.Step] = []
    var offset = 0
    while offset < bytes.count {
      let end = min(bytes.count, offset + Int.random(in: 1...16, using: &random))
      steps.append(.send(Data(bytes[offset..<end])))
      offset = end
    }
    return .eventStream(steps: steps)
  }

  /// The same stream whole, a byte at a time and cut at random in four ways.
  static func cuttings(of stream: String) -> [ScriptedHTTPResponse] {
    [.eventStream(stream), .eventStream(stream, chunkSize: 1)] + (1...4).map { randomlyCut(stream, seed: $0) }
  }

  static func check(_ events: [ChatStreamEvent], against expected: StreamedTextCase) throws {
    let response = try #require(ProviderFixtures.completed(in: events))
    #expect(response.text == expected.text)
    #expect(ProviderFixtures.text(of: events) == (response.text ?? ""))
    #expect(response.toolCalls.map { "\($0.name) \($0.arguments.rendered())" } == expected.calls)
  }

  @Test("OpenAI: the text deltas add up to the final text", arguments: streamedTextCases)
  func openAITextDeltasAddUp(_ expected: StreamedTextCase) async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let streams = Self.cuttings(of: expected.openAI)
    for response in streams { server.enqueue(response) }
    let model = ProviderFixtures.openAI(server)
    let request = ChatRequest(messages: [.user("x")], tools: [try ProviderFixtures.weather])
    for _ in streams { try Self.check(try await collect(model.stream(request)), against: expected) }
  }

  @Test("Anthropic: the text deltas add up to the final text", arguments: streamedTextCases)
  func anthropicTextDeltasAddUp(_ expected: StreamedTextCase) async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let streams = Self.cuttings(of: expected.anthropic)
    for response in streams { server.enqueue(response) }
    let model = ProviderFixtures.anthropic(server)
    let request = ChatRequest(messages: [.user("x")], tools: [try ProviderFixtures.weather])
    for _ in streams { try Self.check(try await collect(model.stream(request)), against: expected) }
  }

  @Test("without tools no text is read as a call, and the deltas are the text")
  func withoutToolsTextStaysText() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let bare = try #require(Self.streamedTextCases.first { $0.text == nil })
    server.enqueue(Self.randomlyCut(bare.openAI, seed: 7))
    server.enqueue(Self.randomlyCut(bare.anthropic, seed: 7))
    let request = ChatRequest(messages: [.user("x")])
    let text = #" {"name": "get_weather", "arguments": {"city": "北京"}}"# + "\n"
    for events in [
      try await collect(ProviderFixtures.openAI(server).stream(request)),
      try await collect(ProviderFixtures.anthropic(server).stream(request)),
    ] {
      let response = try #require(ProviderFixtures.completed(in: events))
      #expect(response.text == text)
      #expect(response.toolCalls.isEmpty)
      #expect(ProviderFixtures.text(of: events) == text)
    }
  }
}
