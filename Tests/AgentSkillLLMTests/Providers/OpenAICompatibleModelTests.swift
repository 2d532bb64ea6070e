import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation
import Testing

@Suite("OpenAICompatibleModel", .timeLimit(.minutes(5)))
struct OpenAICompatibleModelTests {
  typealias Fixtures = ProviderFixtures

  private func conversation() throws -> ChatRequest {
    ChatRequest(
      messages: [
        .system("You are a bookkeeping assistant."),
        .user("北京天气怎么样？"),
        .assistant("", toolCalls: [ToolCall(id: "call_1", name: "get_weather", arguments: ["city": "北京"])]),
        .tool("北京今天多云，22 度", callID: "call_1", name: "get_weather"),
        .assistant("北京今天多云。"),
        .user("上海呢？"),
      ],
      tools: [try Fixtures.weather, try Fixtures.bills],
      toolChoice: .tool("get_weather"),
      parallelToolCalls: false,
      temperature: 0.2,
      maxTokens: 256
    )
  }

  private static let textResponse: JSONValue = [
    "id": "chatcmpl-1", "object": "chat.completion",
    "choices": [["index": 0, "message": ["role": "assistant", "content": "你好！"], "finish_reason": "stop"]],
    "usage": ["prompt_tokens": 9, "completion_tokens": 3, "total_tokens": 12],
  ]

  @Test func postsTheDocumentedRequestBodyAndHeaders() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.json(Self.textResponse))
    let model = Fixtures.openAI(server, extraHeaders: ["X-Tenant": "acme"])
    _ = try await model.respond(to: try conversation())

    let request = try #require(server.requests.first)
    #expect(request.method == "POST")
    #expect(request.path == "/v1/chat/completions")
    #expect(request.headers["authorization"] == "Bearer \(Fixtures.apiKey)")
    #expect(request.headers["content-type"] == "application/json")
    #expect(request.headers["x-tenant"] == "acme")
    let expected: JSONValue = [
      "model": "test-model",
      "messages": [
        ["role": "system", "content": "You are a bookkeeping assistant."],
        ["role": "user", "content": "北京天气怎么样？"],
        [
          "role": "assistant", "content": nil,
          "tool_calls": [
            [
              "id": "call_1", "type": "function",
              "function": ["name": "get_weather", "arguments": #"{"city":"北京"}"#],
            ]
          ],
        ],
        ["role": "tool", "tool_call_id": "call_1", "content": "北京今天多云，22 度"],
        ["role": "assistant", "content": "北京今天多云。"],
        ["role": "user", "content": "上海呢？"],
      ],
      "tools": [
        [
          "type": "function",
          "function": [
            "name": "get_weather", "description": "Current weather for a city",
            "parameters": [
              "type": "object", "properties": ["city": ["type": "string"]], "required": ["city"],
            ],
          ],
        ],
        [
          "type": "function",
          "function": [
            "name": "search_bills", "description": "Bookkeeping entries by date",
            "parameters": ["type": "object", "properties": ["date": ["type": "string"]]],
          ],
        ],
      ],
      "tool_choice": ["type": "function", "function": ["name": "get_weather"]],
      "parallel_tool_calls": false,
      "temperature": 0.2,
      "max_tokens": 256,
      "stream": false,
    ]
    #expect(try request.jsonBody() == expected)
  }

  @Test func streamingRequestsAskForUsage() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.eventStream(Fixtures.openAIStream([])))
    let model = Fixtures.openAI(server)
    _ = try? await collect(model.stream(ChatRequest(messages: [.user("hi")])))
    let body = try #require(server.requests.first).jsonBody()
    #expect(body["stream"] == true)
    #expect(body["stream_options"] == ["include_usage": true])
    #expect(body["tools"] == nil)
    #expect(server.requests.first?.headers["accept"] == "text/event-stream")
  }

  @Test(arguments: [
    (ToolChoice.auto, JSONValue.string("auto")), (.none, "none"), (.required, "required"),
  ])
  func toolChoiceValues(choice: ToolChoice, expected: JSONValue) throws {
    let model = OpenAICompatibleModel(baseURL: OpenAICompatibleModel.Endpoint.ollama, model: "m")
    let body = try model.requestBody(
      for: ChatRequest(messages: [.user("x")], tools: [try Fixtures.weather], toolChoice: choice), stream: false)
    #expect(body["tool_choice"] == expected)
    #expect(body["parallel_tool_calls"] == nil)
  }

  @Test func extraBodyMembersAreMergedAndPresetsUseTheirParameters() throws {
    var model = OpenAICompatibleModel.openAI(apiKey: "k", model: "gpt-4o-mini")
    model.extraBody = ["seed": 7, "temperature": 0]
    let body = try model.requestBody(
      for: ChatRequest(messages: [.user("x")], temperature: 1, maxTokens: 5), stream: true)
    #expect(body["seed"] == 7)
    #expect(body["temperature"] == 0)
    #expect(body["max_completion_tokens"] == 5)
    #expect(body["max_tokens"] == nil)
    #expect(model.baseURL.absoluteString == "https://api.openai.com/v1")
    #expect(OpenAICompatibleModel.ollama(model: "q").baseURL.absoluteString == "http://localhost:11434/v1")
    #expect(OpenAICompatibleModel.mistral(apiKey: "k").streamIncludesUsage == false)
    #expect(
      OpenAICompatibleModel.qwen(apiKey: "k").baseURL.absoluteString
        == "https://dashscope.aliyuncs.com/compatible-mode/v1")
  }

  @Test func toolResultWithoutCallIDIsRejectedBeforeSending() throws {
    let model = OpenAICompatibleModel(baseURL: OpenAICompatibleModel.Endpoint.ollama, model: "m")
    let request = ChatRequest(messages: [ChatMessage(role: .tool, content: "x")])
    #expect(throws: LanguageModelError.self) { try model.requestBody(for: request, stream: false) }
  }

  @Test func descriptionNeverShowsTheKey() {
    let model = OpenAICompatibleModel.openAI(apiKey: Fixtures.apiKey, model: "gpt-4o-mini")
    #expect(!model.description.contains(Fixtures.apiKey))
    #expect(!String(reflecting: model).contains(Fixtures.apiKey))
  }

  @Test func respondReadsTextUsageAndFinishReason() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.json(Self.textResponse))
    let response = try await Fixtures.openAI(server).respond(to: ChatRequest(messages: [.user("hi")]))
    #expect(
      response == ChatResponse(text: "你好！", finishReason: .stop, usage: TokenUsage(inputTokens: 9, outputTokens: 3)))
  }

  @Test func respondReadsToolCallsAndReportsToolCallsWhenTheServerSaysStop() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(
      .json([
        "choices": [
          [
            "index": 0,
            "message": [
              "role": "assistant", "content": nil,
              "tool_calls": [
                [
                  "id": "call_a", "type": "function",
                  "function": ["name": "get_weather", "arguments": #"{"city":"北京"}"#],
                ],
                // Object arguments (Ollama) and a decorated name.
                [
                  "id": "call_b", "type": "function",
                  "function": ["name": "functions.search_bills", "arguments": ["date": "上周三"]],
                ],
              ],
            ],
            "finish_reason": "stop",
          ]
        ]
      ]))
    let request = ChatRequest(messages: [.user("x")], tools: [try Fixtures.weather, try Fixtures.bills])
    let response = try await Fixtures.openAI(server).respond(to: request)
    #expect(
      response.toolCalls == [
        ToolCall(id: "call_a", name: "get_weather", arguments: ["city": "北京"]),
        ToolCall(id: "call_b", name: "search_bills", arguments: ["date": "上周三"]),
      ])
    #expect(response.finishReason == .toolCalls)
    #expect(response.text == nil)
  }

  @Test func malformedArgumentsAreKeptAsRawTextForTheAgent() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(
      .json([
        "choices": [
          [
            "message": ["tool_calls": [["id": "c", "function": ["name": "get_weather", "arguments": "{city: 北京"]]]],
            "finish_reason": "tool_calls",
          ]
        ]
      ]))
    let request = ChatRequest(messages: [.user("x")], tools: [try Fixtures.weather])
    let response = try await Fixtures.openAI(server).respond(to: request)
    #expect(response.toolCalls == [ToolCall(id: "c", name: "get_weather", arguments: .string("{city: 北京"))])
  }

  @Test func hermesToolCallsInContentAreExtracted() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let content = "我来查一下。\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"北京\"}}\n</tool_call>"
    server.enqueue(
      .json(["choices": [["message": ["role": "assistant", "content": .string(content)], "finish_reason": "stop"]]]))
    let request = ChatRequest(messages: [.user("x")], tools: [try Fixtures.weather])
    let response = try await Fixtures.openAI(server).respond(to: request)
    #expect(response.text == "我来查一下。")
    #expect(response.toolCalls == [ToolCall(id: "call_0", name: "get_weather", arguments: ["city": "北京"])])
    #expect(response.finishReason == .toolCalls)
  }

  @Test func mistralToolCallsInContentAreExtracted() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let content = #"[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "上海"}}]"#
    server.enqueue(.json(["choices": [["message": ["content": .string(content)], "finish_reason": "stop"]]]))
    let request = ChatRequest(messages: [.user("x")], tools: [try Fixtures.weather])
    let response = try await Fixtures.openAI(server).respond(to: request)
    #expect(response.toolCalls.map(\.name) == ["get_weather"])
    #expect(response.toolCalls.first?.arguments == ["city": "上海"])
    #expect(response.text == nil)
  }

  @Test(arguments: [1, 2, 5, 13, 1000])
  func streamsTextDeltasUsageAndCompletion(chunkSize: Int) async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let stream = Fixtures.openAIStream([
      ["choices": [["index": 0, "delta": ["role": "assistant", "content": ""], "finish_reason": nil]]],
      ["choices": [["index": 0, "delta": ["content": "北京"], "finish_reason": nil]]],
      ["choices": [["index": 0, "delta": ["content": "今天多云"], "finish_reason": nil]]],
      ["choices": [["index": 0, "delta": [:], "finish_reason": "stop"]]],
      ["choices": [], "usage": ["prompt_tokens": 20, "completion_tokens": 4, "total_tokens": 24]],
    ])
    server.enqueue(.eventStream(stream.replacingOccurrences(of: "\n", with: "\r\n"), chunkSize: chunkSize))
    let events = try await collect(Fixtures.openAI(server).stream(ChatRequest(messages: [.user("x")])))
    #expect(Fixtures.text(of: events) == "北京今天多云")
    #expect(events.contains(.usage(TokenUsage(inputTokens: 20, outputTokens: 4))))
    #expect(
      Fixtures.completed(in: events)
        == ChatResponse(text: "北京今天多云", finishReason: .stop, usage: TokenUsage(inputTokens: 20, outputTokens: 4)))
  }

  @Test func usageDetailsGiveCachedAndReasoningTokens() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let chunk: JSONObject = [
      "id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1_733_000_000, "model": "o4-mini",
    ]
    func merged(_ members: JSONObject) -> JSONValue {
      var object = chunk
      for (key, value) in members { object[key] = value }
      return .object(object)
    }
    let stream = Fixtures.openAIStream([
      merged(["choices": [["index": 0, "delta": ["role": "assistant", "content": "好"], "finish_reason": nil]]]),
      merged(["choices": [["index": 0, "delta": [:], "finish_reason": "stop"]], "usage": nil]),
      merged([
        "choices": [],
        "usage": [
          "prompt_tokens": 2006, "completion_tokens": 300, "total_tokens": 2306,
          "prompt_tokens_details": ["cached_tokens": 1920, "audio_tokens": 0],
          "completion_tokens_details": [
            "reasoning_tokens": 128, "audio_tokens": 0, "accepted_prediction_tokens": 0,
            "rejected_prediction_tokens": 0,
          ],
        ],
      ]),
    ])
    server.enqueue(.eventStream(stream, chunkSize: 9))
    let events = try await collect(Fixtures.openAI(server).stream(ChatRequest(messages: [.user("x")])))
    let expected = TokenUsage(inputTokens: 2006, outputTokens: 300, cacheReadInputTokens: 1920, reasoningTokens: 128)
    #expect(events.contains(.usage(expected)))
    #expect(Fixtures.completed(in: events)?.usage == expected)
  }

  private static let parallelToolStream = Fixtures.openAIStream([
    [
      "choices": [
        [
          "index": 0,
          "delta": [
            "role": "assistant", "content": nil,
            "tool_calls": [
              ["index": 0, "id": "call_a", "type": "function", "function": ["name": "get_weather", "arguments": ""]]
            ],
          ],
        ]
      ]
    ],
    ["choices": [["index": 0, "delta": ["tool_calls": [["index": 0, "function": ["arguments": "{\"ci"]]]]]]],
    ["choices": [["index": 0, "delta": ["tool_calls": [["index": 0, "function": ["arguments": "ty\": \"北京\"}"]]]]]]],
    [
      "choices": [
        [
          "index": 0,
          "delta": [
            "tool_calls": [
              [
                "index": 1, "id": "call_b", "type": "function",
                "function": ["name": "search_bills", "arguments": "{\"date\""],
              ]
            ]
          ],
        ]
      ]
    ],
    ["choices": [["index": 0, "delta": ["tool_calls": [["index": 1, "function": ["arguments": ": \"上周三\"}"]]]]]]],
    ["choices": [["index": 0, "delta": [:], "finish_reason": "tool_calls"]]],
    ["choices": [], "usage": ["prompt_tokens": 30, "completion_tokens": 20]],
  ])

  @Test(arguments: [1, 3, 7, 64, 100_000])
  func streamsParallelToolCallDeltasWithAnySplit(chunkSize: Int) async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.eventStream(Self.parallelToolStream, chunkSize: chunkSize))
    let request = ChatRequest(messages: [.user("x")], tools: [try Fixtures.weather, try Fixtures.bills])
    let events = try await collect(Fixtures.openAI(server).stream(request))
    let started = events.compactMap { event -> String? in
      if case .toolCallStarted(let index, let id, let name) = event { return "\(index):\(id):\(name)" }
      return nil
    }
    #expect(started == ["0:call_a:get_weather", "1:call_b:search_bills"])
    let arguments = events.compactMap { event -> (Int, String)? in
      if case .toolCallArgumentsDelta(let index, let fragment) = event { return (index, fragment) }
      return nil
    }
    #expect(arguments.filter { $0.0 == 0 }.map(\.1).joined() == "{\"city\": \"北京\"}")
    #expect(arguments.filter { $0.0 == 1 }.map(\.1).joined() == "{\"date\": \"上周三\"}")
    let response = try #require(Fixtures.completed(in: events))
    #expect(
      response.toolCalls == [
        ToolCall(id: "call_a", name: "get_weather", arguments: ["city": "北京"]),
        ToolCall(id: "call_b", name: "search_bills", arguments: ["date": "上周三"]),
      ])
    #expect(response.finishReason == .toolCalls)
    #expect(response.usage == TokenUsage(inputTokens: 30, outputTokens: 20))
  }

  @Test func streamedHermesMarkupIsHeldBackFromTextDeltas() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let pieces = [
      "我来", "查一下。<tool", "_call>{\"name\": \"get_weather\", ", "\"arguments\": {\"city\": \"北京\"}}</tool_call>",
    ]
    let stream = Fixtures.openAIStream(
      pieces.map { ["choices": [["index": 0, "delta": ["content": .string($0)]]]] }
        + [["choices": [["index": 0, "delta": [:], "finish_reason": "stop"]]]])
    server.enqueue(.eventStream(stream, chunkSize: 9))
    let request = ChatRequest(messages: [.user("x")], tools: [try Fixtures.weather])
    let events = try await collect(Fixtures.openAI(server).stream(request))
    #expect(Fixtures.text(of: events) == "我来查一下。")
    #expect(events.contains(.toolCallStarted(index: 0, id: "call_0", name: "get_weather")))
    let response = try #require(Fixtures.completed(in: events))
    #expect(response.text == "我来查一下。")
    #expect(response.toolCalls == [ToolCall(id: "call_0", name: "get_weather", arguments: ["city": "北京"])])
  }

  @Test func textThatOnlyLooksLikeAMarkerIsStreamedInFull() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let pieces = ["a <", "tool", " b [TOOL", "S] c"]
    let stream = Fixtures.openAIStream(
      pieces.map { ["choices": [["index": 0, "delta": ["content": .string($0)]]]] }
        + [["choices": [["index": 0, "delta": [:], "finish_reason": "stop"]]]])
    server.enqueue(.eventStream(stream))
    let request = ChatRequest(messages: [.user("x")], tools: [try Fixtures.weather])
    let events = try await collect(Fixtures.openAI(server).stream(request))
    #expect(Fixtures.text(of: events) == "a <tool b [TOOLS] c")
    #expect(Fixtures.completed(in: events)?.text == "a <tool b [TOOLS] c")
  }

  @Test func errorObjectInsideAStreamIsAProviderError() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let stream = Fixtures.openAIStream(
      [
        ["choices": [["index": 0, "delta": ["content": "Hi"]]]],
        ["error": ["message": "The server had an error while processing your request.", "type": "server_error"]],
      ], done: false)
    server.enqueue(.eventStream(stream))
    let error = await caughtError {
      _ = try await collect(Fixtures.openAI(server).stream(ChatRequest(messages: [.user("x")])))
    }
    #expect(
      error as? LanguageModelError
        == .providerError(type: "server_error", message: "The server had an error while processing your request."))
  }
}
