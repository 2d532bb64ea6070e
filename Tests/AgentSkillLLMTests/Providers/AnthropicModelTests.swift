import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation
import Testing

@Suite("AnthropicModel", .timeLimit(.minutes(5)))
struct AnthropicModelTests {
  typealias Fixtures = ProviderFixtures

  private static let textMessage: JSONValue = [
    "id": "msg_1", "type": "message", "role": "assistant",
    "content": [["type": "text", "text": "你好！"]],
    "stop_reason": "end_turn",
    "usage": ["input_tokens": 10, "output_tokens": 3, "cache_read_input_tokens": 5],
  ]

  @Test func postsTheDocumentedRequestBodyAndHeaders() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.json(Self.textMessage))
    let request = ChatRequest(
      messages: [
        .system("You are a bookkeeping assistant."),
        .user("北京和上海天气怎么样？"),
        .assistant(
          "我查一下。",
          toolCalls: [
            ToolCall(id: "toolu_1", name: "get_weather", arguments: ["city": "北京"]),
            ToolCall(id: "toolu_2", name: "get_weather", arguments: ["city": "上海"]),
          ]),
        .tool("北京多云", callID: "toolu_1", name: "get_weather"),
        .tool("上海小雨", callID: "toolu_2", name: "get_weather"),
        .system("Answer in one sentence."),
      ],
      tools: [try Fixtures.weather],
      toolChoice: .required,
      parallelToolCalls: false,
      temperature: 0.5
    )
    let model = Fixtures.anthropic(server, extraHeaders: ["anthropic-beta": "tools-2024"])
    _ = try await model.respond(to: request)

    let recorded = try #require(server.requests.first)
    #expect(recorded.path == "/v1/messages")
    #expect(recorded.headers["x-api-key"] == Fixtures.apiKey)
    #expect(recorded.headers["anthropic-version"] == "2023-06-01")
    #expect(recorded.headers["anthropic-beta"] == "tools-2024")
    #expect(recorded.headers["authorization"] == nil)
    let expected: JSONValue = [
      "model": "claude-test",
      "max_tokens": 4096,
      "system": "You are a bookkeeping assistant.\n\nAnswer in one sentence.",
      "messages": [
        ["role": "user", "content": "北京和上海天气怎么样？"],
        [
          "role": "assistant",
          "content": [
            ["type": "text", "text": "我查一下。"],
            ["type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": ["city": "北京"]],
            ["type": "tool_use", "id": "toolu_2", "name": "get_weather", "input": ["city": "上海"]],
          ],
        ],
        [
          "role": "user",
          "content": [
            ["type": "tool_result", "tool_use_id": "toolu_1", "content": "北京多云"],
            ["type": "tool_result", "tool_use_id": "toolu_2", "content": "上海小雨"],
          ],
        ],
      ],
      "tools": [
        [
          "name": "get_weather", "description": "Current weather for a city",
          "input_schema": ["type": "object", "properties": ["city": ["type": "string"]], "required": ["city"]],
        ]
      ],
      "tool_choice": ["type": "any", "disable_parallel_tool_use": true],
      "stream": false,
    ]
    #expect(try recorded.jsonBody() == expected)
  }

  @Test(arguments: [
    (ToolChoice?.some(.auto), Bool?.none, JSONValue?.some(["type": "auto"])),
    (.some(.none), nil, .some(["type": "none"])),
    (.some(.tool("get_weather")), nil, .some(["type": "tool", "name": "get_weather"])),
    (nil, false, .some(["type": "auto", "disable_parallel_tool_use": true])),
    (nil, true, nil),
    (nil, nil, nil),
  ])
  func toolChoiceValues(choice: ToolChoice?, parallel: Bool?, expected: JSONValue?) throws {
    let model = AnthropicModel(apiKey: "k", model: "m")
    let body = try model.requestBody(
      for: ChatRequest(
        messages: [.user("x")], tools: [try Fixtures.weather], toolChoice: choice, parallelToolCalls: parallel),
      stream: true)
    #expect(body["tool_choice"] == expected)
    #expect(body["stream"] == true)
  }

  @Test func userTextAfterToolResultsJoinsTheSameTurnAndMaxTokensComesFromTheRequest() throws {
    let model = AnthropicModel(apiKey: "k", model: "m", defaultMaxTokens: 1000)
    let request = ChatRequest(
      messages: [
        .user("a"),
        .assistant("", toolCalls: [ToolCall(id: "t", name: "get_weather", arguments: .string("{'city': '北京'}"))]),
        .tool("r", callID: "t", name: "get_weather"),
        .user("b"),
      ],
      maxTokens: 50)
    let body = try model.requestBody(for: request, stream: false)
    #expect(body["max_tokens"] == 50)
    #expect(body["system"] == nil)
    #expect(
      body["messages"] == [
        ["role": "user", "content": "a"],
        [
          "role": "assistant",
          "content": [["type": "tool_use", "id": "t", "name": "get_weather", "input": ["city": "北京"]]],
        ],
        [
          "role": "user",
          "content": [["type": "tool_result", "tool_use_id": "t", "content": "r"], ["type": "text", "text": "b"]],
        ],
      ])
  }

  @Test func defaultsAndDescription() {
    let model = AnthropicModel(apiKey: Fixtures.apiKey, model: "claude-sonnet-4-5")
    #expect(model.baseURL.absoluteString == "https://api.anthropic.com")
    #expect(!model.description.contains(Fixtures.apiKey))
    var dumped = ""
    dump(model, to: &dumped)
    #expect(!dumped.contains(Fixtures.apiKey))
  }

  @Test func respondReadsTextToolUseStopReasonAndUsage() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(
      .json([
        "content": [
          ["type": "thinking", "thinking": "…", "signature": "x"],
          ["type": "text", "text": "我查一下。"],
          ["type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": ["city": "北京"]],
        ],
        "stop_reason": "tool_use",
        "usage": ["input_tokens": 100, "output_tokens": 20, "cache_creation_input_tokens": 7],
      ]))
    let request = ChatRequest(messages: [.user("x")], tools: [try Fixtures.weather])
    let response = try await Fixtures.anthropic(server).respond(to: request)
    #expect(
      response
        == ChatResponse(
          text: "我查一下。", toolCalls: [ToolCall(id: "toolu_1", name: "get_weather", arguments: ["city": "北京"])],
          finishReason: .toolCalls, usage: TokenUsage(inputTokens: 107, outputTokens: 20, cacheWriteInputTokens: 7),
          thinking: "…", thinkingBlocks: [.thinking(text: "…", signature: "x")]))
  }

  @Test(arguments: [
    ("end_turn", FinishReason.stop), ("max_tokens", .length), ("refusal", .contentFilter),
    ("pause_turn", .other("pause_turn")),
  ])
  func stopReasons(reason: String, expected: FinishReason) async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.json(["content": [["type": "text", "text": "x"]], "stop_reason": .string(reason)]))
    let response = try await Fixtures.anthropic(server).respond(to: ChatRequest(messages: [.user("x")]))
    #expect(response.finishReason == expected)
  }

  static let toolStream = Fixtures.anthropicStream([
    [
      "type": "message_start",
      "message": [
        "id": "msg_1", "type": "message", "role": "assistant", "content": [],
        "usage": ["input_tokens": 25, "output_tokens": 1],
      ],
    ],
    ["type": "content_block_start", "index": 0, "content_block": ["type": "text", "text": ""]],
    ["type": "ping"],
    ["type": "content_block_delta", "index": 0, "delta": ["type": "text_delta", "text": "我查"]],
    ["type": "content_block_delta", "index": 0, "delta": ["type": "text_delta", "text": "一下。"]],
    ["type": "content_block_stop", "index": 0],
    [
      "type": "content_block_start", "index": 1,
      "content_block": ["type": "tool_use", "id": "toolu_a", "name": "get_weather", "input": [:]],
    ],
    ["type": "content_block_delta", "index": 1, "delta": ["type": "input_json_delta", "partial_json": ""]],
    [
      "type": "content_block_delta", "index": 1,
      "delta": ["type": "input_json_delta", "partial_json": "{\"city\": \"北"],
    ],
    ["type": "content_block_delta", "index": 1, "delta": ["type": "input_json_delta", "partial_json": "京\"}"]],
    ["type": "content_block_stop", "index": 1],
    [
      "type": "content_block_start", "index": 2,
      "content_block": ["type": "tool_use", "id": "toolu_b", "name": "search_bills", "input": [:]],
    ],
    ["type": "content_block_stop", "index": 2],
    ["type": "future_event_type", "detail": "ignored"],
    [
      "type": "message_delta", "delta": ["stop_reason": "tool_use", "stop_sequence": nil],
      "usage": ["output_tokens": 42],
    ],
    ["type": "message_stop"],
  ])

  @Test(arguments: [1, 4, 11, 100_000])
  func streamsTextAndToolUseBlocksWithAnySplit(chunkSize: Int) async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.eventStream(Self.toolStream, chunkSize: chunkSize))
    let request = ChatRequest(messages: [.user("x")], tools: [try Fixtures.weather, try Fixtures.bills])
    let events = try await collect(Fixtures.anthropic(server).stream(request))
    #expect(Fixtures.text(of: events) == "我查一下。")
    #expect(events.contains(.toolCallStarted(index: 0, id: "toolu_a", name: "get_weather")))
    #expect(events.contains(.toolCallStarted(index: 1, id: "toolu_b", name: "search_bills")))
    #expect(events.contains(.usage(TokenUsage(inputTokens: 25, outputTokens: 42))))
    #expect(
      Fixtures.completed(in: events)
        == ChatResponse(
          text: "我查一下。",
          toolCalls: [
            ToolCall(id: "toolu_a", name: "get_weather", arguments: ["city": "北京"]),
            ToolCall(id: "toolu_b", name: "search_bills", arguments: [:]),
          ],
          finishReason: .toolCalls, usage: TokenUsage(inputTokens: 25, outputTokens: 42)))
  }

  @Test func errorEventIsATypedProviderError() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let stream = Fixtures.anthropicStream([
      ["type": "message_start", "message": ["usage": ["input_tokens": 1, "output_tokens": 1]]],
      ["type": "error", "error": ["type": "overloaded_error", "message": "Overloaded"]],
    ])
    server.enqueue(.eventStream(stream))
    let error = await caughtError {
      _ = try await collect(Fixtures.anthropic(server).stream(ChatRequest(messages: [.user("x")])))
    }
    #expect(error as? LanguageModelError == .providerError(type: "overloaded_error", message: "Overloaded"))
    #expect((error as? LanguageModelError)?.isRetryable == true)
  }
}
