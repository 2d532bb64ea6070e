import AgentSkill
import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation
import Testing

/// Extended thinking on the Messages API: the typed `thinking` option, the
/// `thinking` / `redacted_thinking` blocks and their `thinking_delta` /
/// `signature_delta` events, and the blocks sent back before the tool calls.
@Suite("Anthropic extended thinking", .timeLimit(.minutes(5)))
struct AnthropicThinkingTests {
  typealias Fixtures = ProviderFixtures

  static let signature = "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds"
  static let redactedData = "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP"

  private static func model(_ server: LoopbackServer, thinking: AnthropicThinking? = nil) -> AnthropicModel {
    AnthropicModel(
      baseURL: server.baseURL, apiKey: Fixtures.apiKey, model: "claude-test", defaultMaxTokens: 8000,
      retryPolicy: .never, clock: TestClock(), toolCallIDs: .sequential(), thinking: thinking)
  }

  /// A thinking turn as the API streams it: a signed thinking block, a redacted one, text and a tool call.
  static let thinkingStream: [JSONValue] = [
    [
      "type": "message_start",
      "message": [
        "id": "msg_01", "type": "message", "role": "assistant", "content": [], "model": "claude-sonnet-4-5",
        "stop_reason": nil, "stop_sequence": nil, "usage": ["input_tokens": 40, "output_tokens": 1],
      ],
    ],
    [
      "type": "content_block_start", "index": 0,
      "content_block": ["type": "thinking", "thinking": "", "signature": ""],
    ],
    ["type": "content_block_delta", "index": 0, "delta": ["type": "thinking_delta", "thinking": "用户问北京"]],
    ["type": "content_block_delta", "index": 0, "delta": ["type": "thinking_delta", "thinking": "的天气，先查询。"]],
    [
      "type": "content_block_delta", "index": 0, "delta": ["type": "signature_delta", "signature": .string(signature)],
    ],
    ["type": "content_block_stop", "index": 0],
    [
      "type": "content_block_start", "index": 1,
      "content_block": ["type": "redacted_thinking", "data": .string(redactedData)],
    ],
    ["type": "content_block_stop", "index": 1],
    ["type": "content_block_start", "index": 2, "content_block": ["type": "text", "text": ""]],
    ["type": "content_block_delta", "index": 2, "delta": ["type": "text_delta", "text": "我查一下。"]],
    ["type": "content_block_stop", "index": 2],
    [
      "type": "content_block_start", "index": 3,
      "content_block": ["type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": [:]],
    ],
    [
      "type": "content_block_delta", "index": 3,
      "delta": ["type": "input_json_delta", "partial_json": "{\"city\": \"北京\"}"],
    ],
    ["type": "content_block_stop", "index": 3],
    [
      "type": "message_delta", "delta": ["stop_reason": "tool_use", "stop_sequence": nil],
      "usage": ["output_tokens": 90],
    ],
    ["type": "message_stop"],
  ]

  /// The same answer as a whole message.
  static let thinkingMessage: JSONValue = [
    "id": "msg_01", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
    "content": [
      ["type": "thinking", "thinking": "用户问北京的天气，先查询。", "signature": .string(signature)],
      ["type": "redacted_thinking", "data": .string(redactedData)],
      ["type": "text", "text": "我查一下。"],
      ["type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": ["city": "北京"]],
    ],
    "stop_reason": "tool_use", "stop_sequence": nil, "usage": ["input_tokens": 40, "output_tokens": 90],
  ]

  static let expectedBlocks: [ThinkingBlock] = [
    .thinking(text: "用户问北京的天气，先查询。", signature: signature), .redacted(data: redactedData),
  ]

  static let settings: [(AnthropicThinking, JSONValue)] = [
    (.adaptive, ["type": "adaptive"]),
    (.enabled(budgetTokens: 2048), ["type": "enabled", "budget_tokens": 2048]),
    (
      .enabled(budgetTokens: 1024, display: .omitted), ["type": "enabled", "budget_tokens": 1024, "display": "omitted"]
    ),
    (AnthropicThinking(mode: .adaptive, display: .summarized), ["type": "adaptive", "display": "summarized"]),
  ]

  @Test(arguments: settings)
  func theTypedOptionIsTheThinkingMember(thinking: AnthropicThinking, expected: JSONValue) async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.json(Self.thinkingMessage))
    _ = try await Self.model(server, thinking: thinking).respond(to: ChatRequest(messages: [.user("hi")]))
    let body = try #require(server.requests.first).jsonBody()
    #expect(body["thinking"] == expected)
    #expect(body["max_tokens"] == 8000)
  }

  @Test func thinkingIsOffByDefault() throws {
    let model = AnthropicModel(apiKey: "k", model: "m")
    #expect(model.thinking == nil)
    #expect(try model.requestBody(for: ChatRequest(messages: [.user("hi")]), stream: true)["thinking"] == nil)
  }

  @Test func aBudgetBelowTheMinimumIsATypedErrorBeforeAnyRequest() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let model = Self.model(server, thinking: .enabled(budgetTokens: 500))
    await #expect {
      _ = try await model.respond(to: ChatRequest(messages: [.user("hi")]))
    } throws: { error in
      guard case .invalidRequest(let reason) = error as? LanguageModelError else { return false }
      return reason.contains("1024") && reason.contains("500")
    }
    let events = model.stream(ChatRequest(messages: [.user("hi")]))
    await #expect(throws: LanguageModelError.self) { _ = try await collect(events) }
    #expect(server.requests.isEmpty)
  }

  @Test func anExtraBodyThinkingMemberStillWins() throws {
    var model = AnthropicModel(apiKey: "k", model: "m", thinking: .adaptive)
    model.extraBody = ["thinking": ["type": "disabled"]]
    #expect(
      try model.requestBody(for: ChatRequest(messages: [.user("hi")]), stream: false)["thinking"] == [
        "type": "disabled"
      ])
  }

  @Test func streamedThinkingArrivesAsThinkingDeltasAndSignedBlocks() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.eventStream(Fixtures.anthropicStream(Self.thinkingStream), chunkSize: 9))
    let request = ChatRequest(messages: [.user("北京天气")], tools: [try Fixtures.weather])
    let events = try await collect(Self.model(server, thinking: .adaptive).stream(request))

    let thinking = events.compactMap { event -> String? in
      if case .thinkingDelta(let text) = event { return text }
      return nil
    }
    #expect(thinking == ["用户问北京", "的天气，先查询。"])
    // Thinking comes before the answer's text and is never part of it.
    let firstThinking = try #require(events.firstIndex { if case .thinkingDelta = $0 { true } else { false } })
    let firstText = try #require(events.firstIndex { if case .textDelta = $0 { true } else { false } })
    #expect(firstThinking < firstText)
    #expect(Fixtures.text(of: events) == "我查一下。")
    let response = try #require(Fixtures.completed(in: events))
    #expect(response.thinking == "用户问北京的天气，先查询。")
    #expect(response.thinkingBlocks == Self.expectedBlocks)
    #expect(response.text == "我查一下。")
    #expect(response.toolCalls == [ToolCall(id: "toolu_01", name: "get_weather", arguments: ["city": "北京"])])
  }

  @Test func aWholeMessageReadsLikeItsStream() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.json(Self.thinkingMessage), .eventStream(Fixtures.anthropicStream(Self.thinkingStream)))
    let request = ChatRequest(messages: [.user("北京天气")], tools: [try Fixtures.weather])
    let model = Self.model(server, thinking: .adaptive)
    let whole = try await model.respond(to: request)
    let streamed = try #require(Fixtures.completed(in: try await collect(model.stream(request))))
    #expect(whole == streamed)
    #expect(whole.thinkingBlocks == Self.expectedBlocks)
  }

  @Test func thinkingBlocksOfSeveralPartsAreShownABlankLineApart() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(
      .eventStream(
        Fixtures.anthropicStream([
          ["type": "message_start", "message": ["usage": ["input_tokens": 5, "output_tokens": 1]]],
          ["type": "content_block_start", "index": 0, "content_block": ["type": "thinking", "thinking": ""]],
          ["type": "content_block_delta", "index": 0, "delta": ["type": "thinking_delta", "thinking": "第一步"]],
          ["type": "content_block_delta", "index": 0, "delta": ["type": "signature_delta", "signature": "sig-a"]],
          ["type": "content_block_stop", "index": 0],
          ["type": "content_block_start", "index": 1, "content_block": ["type": "thinking", "thinking": ""]],
          ["type": "content_block_delta", "index": 1, "delta": ["type": "thinking_delta", "thinking": "第二步"]],
          ["type": "content_block_delta", "index": 1, "delta": ["type": "signature_delta", "signature": "sig-b"]],
          ["type": "content_block_stop", "index": 1],
          ["type": "content_block_start", "index": 2, "content_block": ["type": "text", "text": ""]],
          ["type": "content_block_delta", "index": 2, "delta": ["type": "text_delta", "text": "好"]],
          ["type": "content_block_stop", "index": 2],
          ["type": "message_delta", "delta": ["stop_reason": "end_turn"], "usage": ["output_tokens": 9]],
          ["type": "message_stop"],
        ])))
    let events = try await collect(Self.model(server, thinking: .adaptive).stream(ChatRequest(messages: [.user("hi")])))
    let deltas = events.compactMap { event -> String? in
      if case .thinkingDelta(let text) = event { return text }
      return nil
    }
    let response = try #require(Fixtures.completed(in: events))
    #expect(deltas.joined() == response.thinking)
    #expect(response.thinking == "第一步\n\n第二步")
    #expect(
      response.thinkingBlocks == [
        .thinking(text: "第一步", signature: "sig-a"), .thinking(text: "第二步", signature: "sig-b"),
      ])
  }

  @Test func theBlocksGoBackUnchangedBeforeTheToolUseBlocks() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.json(Self.thinkingMessage))
    server.enqueue(
      .json([
        "id": "msg_02", "type": "message", "role": "assistant", "content": [["type": "text", "text": "北京多云。"]],
        "stop_reason": "end_turn", "usage": ["input_tokens": 80, "output_tokens": 5],
      ]))
    let model = Self.model(server, thinking: .enabled(budgetTokens: 2048))
    let request = ChatRequest(messages: [.user("北京天气")], tools: [try Fixtures.weather])
    let first = try await model.respond(to: request)
    let call = try #require(first.toolCalls.first)
    let next = ChatRequest(
      messages: request.messages + [
        .assistant(first.text ?? "", toolCalls: first.toolCalls, thinking: first.thinkingBlocks),
        .tool("北京多云 22°C", callID: call.id, name: call.name),
      ], tools: request.tools)
    _ = try await model.respond(to: next)

    let body = try #require(server.requests.last).jsonBody()
    let assistant = try #require(body["messages"]?[1])
    #expect(assistant["role"] == "assistant")
    // Exactly the blocks the API returned, in its order: thinking (signed), redacted thinking verbatim, text, tool_use.
    #expect(
      assistant["content"]
        == [
          ["type": "thinking", "thinking": "用户问北京的天气，先查询。", "signature": .string(Self.signature)],
          ["type": "redacted_thinking", "data": .string(Self.redactedData)],
          ["type": "text", "text": "我查一下。"],
          ["type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": ["city": "北京"]],
        ])
    #expect(body["thinking"] == ["type": "enabled", "budget_tokens": 2048])
  }

  @Test func otherProvidersLeaveThinkingBlocksOut() throws {
    let messages: [ChatMessage] = [
      .user("北京天气"),
      .assistant(
        "", toolCalls: [ToolCall(id: "call_1", name: "get_weather", arguments: ["city": "北京"])],
        thinking: Self.expectedBlocks),
      .tool("多云", callID: "call_1", name: "get_weather"),
    ]
    let chat = try OpenAICompatibleModel(baseURL: URL(fileURLWithPath: "/"), apiKey: "k", model: "m").requestBody(
      for: ChatRequest(messages: messages), stream: false)
    #expect(!chat.rendered().contains("thinking"))
    let responses = try OpenAIResponsesModel(apiKey: "k", model: "m").requestBody(
      for: ChatRequest(messages: messages), stream: false)
    #expect(!responses.rendered().contains("redacted"))
  }
}
