import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation
import Testing

@Suite("OpenAIResponsesModel", .timeLimit(.minutes(5)))
struct OpenAIResponsesModelTests {
  typealias Fixtures = ProviderFixtures
  typealias Events = OpenAIResponsesEvents

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

  /// A reasoning item with two summary parts, then two function calls in parallel.
  private static var parallelCallEvents: [JSONValue] {
    Events.created()
      + Events.reasoning([["**Checking weather**", " and bills."], ["Two lookups."]])
      + Events.call(
        outputIndex: 1, id: "fc_1", callID: "call_a", name: "get_weather", fragments: [#"{"ci"#, #"ty":"北京"}"#])
      + Events.call(outputIndex: 2, id: "fc_2", callID: "call_b", name: "search_bills", fragments: [#"{"date":"上周三"}"#])
      + [Events.completed(output: parallelCallOutput, usage: parallelCallUsage)]
  }

  private static let parallelCallUsage = Events.usage(input: 120, cached: 64, output: 58, reasoning: 32)

  private static var parallelCallOutput: [JSONValue] {
    [
      Events.reasoningItem(summary: ["**Checking weather** and bills.", "Two lookups."]),
      Events.functionCall(
        id: "fc_1", callID: "call_a", name: "get_weather", arguments: #"{"city":"北京"}"#, status: "completed"),
      Events.functionCall(
        id: "fc_2", callID: "call_b", name: "search_bills", arguments: #"{"date":"上周三"}"#, status: "completed"),
    ]
  }

  private static let parallelCallResponse = ChatResponse(
    toolCalls: [
      ToolCall(id: "call_a", name: "get_weather", arguments: ["city": "北京"]),
      ToolCall(id: "call_b", name: "search_bills", arguments: ["date": "上周三"]),
    ],
    finishReason: .toolCalls,
    usage: TokenUsage(inputTokens: 120, outputTokens: 58, cacheReadInputTokens: 64, reasoningTokens: 32),
    thinking: "**Checking weather** and bills.\n\nTwo lookups.")

  // MARK: Requests

  @Test func postsTheDocumentedRequestBodyAndHeaders() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(
      .json(Events.response(status: "completed", output: [Events.message(text: "上海晴。", status: "completed")])))
    let model = Fixtures.openAIResponses(server)
    let response = try await model.respond(to: try conversation())
    #expect(response.text == "上海晴。")
    #expect(response.finishReason == .stop)

    let request = try #require(server.requests.first)
    #expect(request.method == "POST")
    #expect(request.path == "/v1/responses")
    #expect(request.headers["authorization"] == "Bearer \(Fixtures.apiKey)")
    #expect(request.headers["content-type"] == "application/json")
    let expected: JSONValue = [
      "model": "gpt-test",
      "instructions": "You are a bookkeeping assistant.",
      "input": [
        ["role": "user", "content": "北京天气怎么样？"],
        ["type": "function_call", "call_id": "call_1", "name": "get_weather", "arguments": #"{"city":"北京"}"#],
        ["type": "function_call_output", "call_id": "call_1", "output": "北京今天多云，22 度"],
        ["role": "assistant", "content": "北京今天多云。"],
        ["role": "user", "content": "上海呢？"],
      ],
      "store": false,
      "tools": [
        [
          "type": "function", "name": "get_weather", "description": "Current weather for a city",
          "parameters": ["type": "object", "properties": ["city": ["type": "string"]], "required": ["city"]],
          "strict": false,
        ],
        [
          "type": "function", "name": "search_bills", "description": "Bookkeeping entries by date",
          "parameters": ["type": "object", "properties": ["date": ["type": "string"]]], "strict": false,
        ],
      ],
      "tool_choice": ["type": "function", "name": "get_weather"],
      "parallel_tool_calls": false,
      "temperature": 0.2,
      "max_output_tokens": 256,
      "stream": false,
    ]
    #expect(try request.jsonBody() == expected)
  }

  @Test func sendsReasoningPromptCacheKeyAndExtraBody() throws {
    var model = OpenAIResponsesModel(
      apiKey: "k", model: "o4-mini", reasoning: OpenAIReasoningOptions(effort: "low", summary: "auto"),
      promptCacheKey: "assistant-v1")
    model.extraBody = ["service_tier": "flex"]
    let body = try model.requestBody(for: ChatRequest(messages: [.user("x")]), stream: true)
    #expect(body["reasoning"] == ["effort": "low", "summary": "auto"])
    #expect(body["prompt_cache_key"] == "assistant-v1")
    #expect(body["service_tier"] == "flex")
    #expect(body["stream"] == true)
    #expect(body["instructions"] == nil)
    #expect(body["tools"] == nil)
    #expect(model.baseURL.absoluteString == "https://api.openai.com/v1")
    #expect(!model.description.contains("k)"))
  }

  @Test func aToolResultWithoutCallIDIsAnInvalidRequest() throws {
    let model = OpenAIResponsesModel(apiKey: nil, model: "m")
    let request = ChatRequest(messages: [.user("x"), ChatMessage(role: .tool, content: "r")])
    #expect(throws: LanguageModelError.self) { try model.requestBody(for: request, stream: false) }
  }

  // MARK: Answers

  @Test func streamsReasoningSummariesAndParallelCallsLikeTheWholeResponse() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.eventStream(Fixtures.responsesStream(Self.parallelCallEvents), chunkSize: 11))
    server.enqueue(
      .json(Events.response(status: "completed", output: Self.parallelCallOutput, usage: Self.parallelCallUsage)))
    let model = Fixtures.openAIResponses(server)
    let request = ChatRequest(messages: [.user("北京天气和上周三的账")], tools: [try Fixtures.weather, try Fixtures.bills])

    let events = try await collect(model.stream(request))
    let thinking = events.compactMap { event -> String? in
      if case .thinkingDelta(let text) = event { return text }
      return nil
    }
    #expect(thinking == ["**Checking weather**", " and bills.", "\n\nTwo lookups."])
    let started = events.compactMap { event -> String? in
      if case .toolCallStarted(let index, let id, let name) = event { return "\(index) \(id) \(name)" }
      return nil
    }
    #expect(started == ["0 call_a get_weather", "1 call_b search_bills"])
    #expect(Fixtures.text(of: events).isEmpty)
    let streamed = try #require(Fixtures.completed(in: events))
    #expect(streamed == Self.parallelCallResponse)
    #expect(events.contains(.usage(Self.parallelCallResponse.usage ?? TokenUsage(inputTokens: 0, outputTokens: 0))))

    let whole = try await model.respond(to: request)
    #expect(whole == streamed)
    #expect(try server.requests.first?.jsonBody()["stream"] == true)
  }

  @Test func streamsTextWithUsage() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let usage = Events.usage(input: 40, cached: 0, output: 6, reasoning: 0)
    server.enqueue(
      .eventStream(Fixtures.responsesStream(Events.textStream(["北京今天", "多云。"], usage: usage)), chunkSize: 5))
    let events = try await collect(Fixtures.openAIResponses(server).stream(ChatRequest(messages: [.user("北京天气")])))
    #expect(Fixtures.text(of: events) == "北京今天多云。")
    let response = try #require(Fixtures.completed(in: events))
    #expect(
      response
        == ChatResponse(text: "北京今天多云。", finishReason: .stop, usage: TokenUsage(inputTokens: 40, outputTokens: 6)))
  }

  @Test func readsArgumentsLeniently() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    // Double-encoded arguments, a decorated tool name, and arguments that are not JSON at all.
    let output: [JSONValue] = [
      Events.functionCall(
        id: "fc_1", callID: "call_a", name: "functions.get_weather", arguments: #""{\"city\": \"北京\"}""#,
        status: "completed"),
      Events.functionCall(
        id: "fc_2", callID: "call_b", name: "search_bills", arguments: "date=上周三", status: "completed"),
    ]
    server.enqueue(.json(Events.response(status: "completed", output: output)))
    let model = Fixtures.openAIResponses(server)
    let response = try await model.respond(
      to: ChatRequest(messages: [.user("x")], tools: [try Fixtures.weather, try Fixtures.bills]))
    #expect(response.toolCalls.map(\.name) == ["get_weather", "search_bills"])
    #expect(response.toolCalls.first?.arguments == ["city": "北京"])
    #expect(response.toolCalls.last?.arguments == .string("date=上周三"))
    #expect(response.finishReason == .toolCalls)
  }

  @Test func anIncompleteResponseStopsForLength() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(
      .eventStream(
        Fixtures.responsesStream(
          Events.created() + Events.text(["北京"])
            + [
              [
                "type": "response.incomplete",
                "response": Events.response(
                  status: "incomplete", output: [Events.message(text: "北京", status: "incomplete")],
                  usage: Events.usage(input: 10, cached: 0, output: 16, reasoning: 14),
                  incompleteReason: "max_output_tokens"),
              ]
            ])))
    let events = try await collect(Fixtures.openAIResponses(server).stream(ChatRequest(messages: [.user("x")])))
    let response = try #require(Fixtures.completed(in: events))
    #expect(response.finishReason == .length)
    #expect(response.text == "北京")
    #expect(response.usage?.reasoningTokens == 14)
  }

  // MARK: Typed generation

  struct Reminder: Codable, Sendable, Equatable {
    let title: String
    let minutes: Int
  }

  @Test func typedGenerationSendsTextFormatAndReadsTheAnswer() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(
      .json(
        Events.response(
          status: "completed",
          output: [Events.message(text: #"{"title":"call mum","minutes":30}"#, status: "completed")])))
    let model = Fixtures.openAIResponses(server)
    let reminder = try await model.generate(Reminder.self, prompt: "Remind me to call mum in 30 minutes")
    #expect(reminder == Reminder(title: "call mum", minutes: 30))
    let body = try #require(server.requests.first).jsonBody()
    let format = try #require(body["text"]?["format"])
    #expect(format["type"] == "json_schema")
    #expect(format["strict"] == false)
    #expect(format["schema"]?["properties"]?["minutes"] != nil)
    #expect(format["name"]?.stringValue?.isEmpty == false)
  }

  // MARK: Stored responses

  @Test func storedResponsesAreContinuedWithPreviousResponseID() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.eventStream(Fixtures.responsesStream(Self.parallelCallEvents)))
    server.enqueue(
      .eventStream(
        Fixtures.responsesStream(
          Events.textStream(
            ["都查到了。"], id: "resp_2", usage: Events.usage(input: 200, cached: 120, output: 5, reasoning: 0)))))
    let model = Fixtures.openAIResponses(server, storesResponses: true)
    let tools = [try Fixtures.weather, try Fixtures.bills]
    var messages: [ChatMessage] = [.system("Be brief."), .user("北京天气和上周三的账")]
    let first = try #require(
      Fixtures.completed(in: try await collect(model.stream(ChatRequest(messages: messages, tools: tools)))))
    messages.append(.assistant(first.text ?? "", toolCalls: first.toolCalls))
    messages.append(.tool("多云", callID: "call_a", name: "get_weather"))
    messages.append(.tool("5 笔", callID: "call_b", name: "search_bills"))
    let second = try #require(
      Fixtures.completed(in: try await collect(model.stream(ChatRequest(messages: messages, tools: tools)))))
    #expect(second.text == "都查到了。")
    #expect(second.usage?.cacheReadInputTokens == 120)

    let firstBody = try #require(server.requests.first).jsonBody()
    #expect(firstBody["store"] == true)
    #expect(firstBody["previous_response_id"] == nil)
    let secondBody = try #require(server.requests.last).jsonBody()
    #expect(secondBody["store"] == true)
    #expect(secondBody["previous_response_id"] == "resp_1")
    #expect(secondBody["instructions"] == "Be brief.")
    #expect(
      secondBody["input"] == [
        ["type": "function_call_output", "call_id": "call_a", "output": "多云"],
        ["type": "function_call_output", "call_id": "call_b", "output": "5 笔"],
      ])
  }

  @Test(arguments: [false, true])
  func aForgottenPreviousResponseIsSentAgainWhole(streaming: Bool) async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let usage = Events.usage(input: 10, cached: 0, output: 2, reasoning: 0)
    if streaming {
      server.enqueue(.eventStream(Fixtures.responsesStream(Events.textStream(["你好"], usage: usage))))
    } else {
      server.enqueue(
        .json(Events.response(status: "completed", output: [Events.message(text: "你好", status: "completed")])))
    }
    server.enqueue(
      .json(
        [
          "error": [
            "message": "Previous response with id 'resp_1' not found.", "type": "invalid_request_error",
            "param": "previous_response_id", "code": "previous_response_not_found",
          ]
        ], status: 400))
    if streaming {
      server.enqueue(.eventStream(Fixtures.responsesStream(Events.textStream(["好的"], id: "resp_3", usage: usage))))
    } else {
      server.enqueue(
        .json(
          Events.response(id: "resp_3", status: "completed", output: [Events.message(text: "好的", status: "completed")]))
      )
    }
    let model = Fixtures.openAIResponses(server, storesResponses: true)
    func ask(_ messages: [ChatMessage]) async throws -> ChatResponse {
      let request = ChatRequest(messages: messages)
      if streaming { return try #require(Fixtures.completed(in: try await collect(model.stream(request)))) }
      return try await model.respond(to: request)
    }
    _ = try await ask([.user("你好")])
    let answer = try await ask([.user("你好"), .assistant("你好"), .user("再见")])
    #expect(answer.text == "好的")
    #expect(server.requests.count == 3)
    let chained = try server.requests[1].jsonBody()
    #expect(chained["previous_response_id"] == "resp_1")
    #expect(chained["input"] == [["role": "user", "content": "再见"]])
    let whole = try server.requests[2].jsonBody()
    #expect(whole["previous_response_id"] == nil)
    #expect(
      whole["input"] == [
        ["role": "user", "content": "你好"], ["role": "assistant", "content": "你好"], ["role": "user", "content": "再见"],
      ])
  }

  @Test func withoutStoringEveryRequestCarriesTheWholeConversation() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    for text in ["你好", "好的"] {
      server.enqueue(
        .json(Events.response(status: "completed", output: [Events.message(text: text, status: "completed")])))
    }
    let model = Fixtures.openAIResponses(server)
    _ = try await model.respond(to: ChatRequest(messages: [.user("你好")]))
    _ = try await model.respond(to: ChatRequest(messages: [.user("你好"), .assistant("你好"), .user("再见")]))
    let body = try server.requests[1].jsonBody()
    #expect(body["previous_response_id"] == nil)
    #expect(body["store"] == false)
    #expect(body["input"]?.arrayValue?.count == 3)
  }

  // MARK: Errors

  @Test func aFailedResponseIsAProviderError() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(
      .eventStream(
        Fixtures.responsesStream(
          Events.created()
            + [
              [
                "type": "response.failed",
                "response": Events.response(
                  status: "failed", error: ["code": "server_error", "message": "The model had a problem."]),
              ]
            ])))
    let error = await caughtError {
      _ = try await collect(Fixtures.openAIResponses(server).stream(ChatRequest(messages: [.user("x")])))
    }
    #expect(error as? LanguageModelError == .providerError(type: "server_error", message: "The model had a problem."))
  }

  @Test func anErrorEventIsAProviderError() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(
      .eventStream(
        Fixtures.responsesStream(
          Events.created() + [["type": "error", "code": "rate_limit_exceeded", "message": "Slow down.", "param": nil]]))
    )
    let error = await caughtError {
      _ = try await collect(Fixtures.openAIResponses(server).stream(ChatRequest(messages: [.user("x")])))
    }
    #expect(error as? LanguageModelError == .providerError(type: "rate_limit_exceeded", message: "Slow down."))
  }

  @Test func aStreamCutBeforeCompletionEndedEarly() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.eventStream(Fixtures.responsesStream(Events.created() + Events.text(["北京"]))))
    let error = await caughtError {
      _ = try await collect(Fixtures.openAIResponses(server).stream(ChatRequest(messages: [.user("x")])))
    }
    guard case .streamEndedEarly(let reason)? = error as? LanguageModelError else {
      Issue.record("expected streamEndedEarly, got \(String(describing: error))")
      return
    }
    #expect(reason.contains("response.completed"))
  }

  @Test func anErrorStatusIsTypedWithTheVendorMessageAndNoKey() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(
      .json(
        [
          "error": [
            "message": .string("Incorrect API key provided: \(Fixtures.apiKey)."), "type": "invalid_request_error",
          ]
        ], status: 401))
    let error = await caughtError {
      _ = try await Fixtures.openAIResponses(server).respond(to: ChatRequest(messages: [.user("x")]))
    }
    guard case .httpStatus(401, let message?)? = error as? LanguageModelError else {
      Issue.record("expected HTTP 401, got \(String(describing: error))")
      return
    }
    #expect(message.contains("Incorrect API key"))
    #expect(!message.contains(Fixtures.apiKey))
  }
}
