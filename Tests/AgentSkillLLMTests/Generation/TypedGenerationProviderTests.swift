import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation
import Testing

@Suite("Typed generation over the providers' wire formats", .timeLimit(.minutes(5)))
struct TypedGenerationProviderTests {
  typealias Fixtures = ProviderFixtures

  static let reminderJSON = #"{"title":"Call mum","due":"2025-03-01T09:00:00Z","priority":"high"}"#
  static let reminder = ReminderSample(
    title: "Call mum", due: Date(timeIntervalSince1970: 1_740_819_600), priority: .high)

  static func openAIAnswer(_ content: String) -> JSONValue {
    [
      "id": "chatcmpl-1", "object": "chat.completion", "model": "test-model",
      "choices": [
        ["index": 0, "message": ["role": "assistant", "content": .string(content)], "finish_reason": "stop"]
      ],
    ]
  }

  @Test("OpenAI-compatible: response_format json_schema with name, schema and strict")
  func openAIJSONSchema() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.json(Self.openAIAnswer(Self.reminderJSON)))
    let model = Fixtures.openAI(server)
    let reminder = try await model.generate(
      ReminderSample.self, prompt: "Remind me to call mum on 1 March at 9", instructions: "Extract reminders.")
    #expect(reminder == Self.reminder)
    let body = try #require(server.requests.first).jsonBody()
    let schema = try JSONSchema.derived(from: ReminderSample.self)
    #expect(
      body["response_format"]
        == ["type": "json_schema", "json_schema": ["name": "ReminderSample", "schema": schema.json, "strict": false]])
    #expect(
      body["messages"]
        == [
          ["role": "system", "content": "Extract reminders."],
          ["role": "user", "content": "Remind me to call mum on 1 March at 9"],
        ])
  }

  @Test("OpenAI-compatible: strict sends the strict form (all members required, optional ones nullable, no extras)")
  func openAIStrict() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.json(Self.openAIAnswer(Self.reminderJSON)))
    let schema = try JSONSchema.derived(from: OptionalsSample.self)
    let request = ChatRequest(messages: [.user("x")], responseFormat: .json(name: "opts", schema: schema, strict: true))
    _ = try await Fixtures.openAI(server).respond(to: request)
    let body = try #require(server.requests.first).jsonBody()
    #expect(
      body["response_format"]?["json_schema"]?["schema"]
        == [
          "type": "object",
          "properties": [
            "note": ["type": ["string", "null"]], "count": ["type": ["integer", "null"]], "flag": ["type": "boolean"],
          ],
          "required": ["note", "count", "flag"],
          "additionalProperties": false,
        ])
    #expect(body["response_format"]?["json_schema"]?["strict"] == true)
  }

  @Test(
    "a server that rejects json_schema with 400 gets json_object and the schema in the prompt, remembered per model")
  func openAIFallback() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let rejection: JSONValue = [
      "error": [
        "message": "Invalid value for 'response_format.type': json_schema is not supported by this model",
        "type": "invalid_request_error",
      ]
    ]
    server.enqueue(
      .json(rejection, status: 400), .json(Self.openAIAnswer("```json\n" + Self.reminderJSON + "\n```")),
      .json(Self.openAIAnswer(Self.reminderJSON)))
    let model = Fixtures.openAI(server)
    #expect(try await model.generate(ReminderSample.self, prompt: "Remind me") == Self.reminder)
    #expect(try await model.generate(ReminderSample.self, prompt: "Remind me again") == Self.reminder)
    let bodies = try server.requests.map { try $0.jsonBody() }
    #expect(bodies.count == 3)
    #expect(bodies[0]["response_format"]?["type"] == "json_schema")
    #expect(bodies[1]["response_format"] == ["type": "json_object"])
    let schema = try JSONSchema.derived(from: ReminderSample.self)
    #expect(
      bodies[1]["messages"]?[0]
        == [
          "role": "system",
          "content": .string(
            "Answer with one JSON value, and nothing else, that matches this JSON Schema:\n" + schema.json.rendered()),
        ])
    // Remembered: the next request goes straight to JSON mode.
    #expect(bodies[2]["response_format"] == ["type": "json_object"])
  }

  /// How a server that does not take `output_config.format` answers it.
  static let outputFormatRejected = ScriptedHTTPResponse.json(
    [
      "type": "error",
      "error": ["type": "invalid_request_error", "message": "output_config.format: Extra inputs are not permitted"],
    ], status: 400)

  @Test("Anthropic: the schema goes out as output_config.format and the text is the answer")
  func anthropicNativeFormat() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let answer: JSONValue = [
      "id": "msg_1", "type": "message", "role": "assistant",
      "content": [["type": "text", "text": .string(Self.reminderJSON)]], "stop_reason": "end_turn",
    ]
    server.enqueue(.json(answer), .json(answer))
    let model = AnthropicModel(
      baseURL: server.baseURL, apiKey: Fixtures.apiKey, model: "claude-test",
      extraBody: ["output_config": ["effort": "low"]],
      retryPolicy: .never, clock: TestClock())
    #expect(try await model.generate(ReminderSample.self, prompt: "Remind me") == Self.reminder)
    let body = try #require(server.requests.first).jsonBody()
    let schema = try JSONSchema.derived(from: ReminderSample.self)
    let format = try #require(body["output_config"]?["format"])
    #expect(format["type"] == "json_schema")
    #expect(format["schema"]?["properties"] == schema.json["properties"])
    #expect(schema.json["additionalProperties"] == nil)
    #expect(format["schema"]?["additionalProperties"] == false)  // closed, as constrained decoding requires
    #expect(body["output_config"]?["effort"] == "low")  // extraBody's output_config joins the format
    #expect(body["tools"] == nil)
    #expect(body["tool_choice"] == nil)
    // A list of objects: sent unwrapped, nested objects closed too.
    let list = try JSONSchema.derived(from: [LineItem].self)
    let request = ChatRequest(messages: [.user("x")], responseFormat: .json(name: "items", schema: list))
    let listSchema = try model.requestBody(for: request, stream: false)["output_config"]?["format"]?["schema"]
    #expect(listSchema?["type"] == "array")
    #expect(listSchema?["items"]?["additionalProperties"] == false)
  }

  @Test("Anthropic: a 400 about output_config.format is retried with the forced tool, remembered for that format")
  func anthropicFallsBackToTheForcedTool() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let toolAnswer: JSONValue = [
      "id": "msg_1", "type": "message", "role": "assistant",
      "content": [
        [
          "type": "tool_use", "id": "toolu_1", "name": "ReminderSample",
          "input": ["title": "Call mum", "due": "2025-03-01T09:00:00Z", "priority": "high"],
        ]
      ],
      "stop_reason": "tool_use",
    ]
    server.enqueue(Self.outputFormatRejected, .json(toolAnswer), .json(toolAnswer))
    let model = Fixtures.anthropic(server)
    #expect(try await model.generate(ReminderSample.self, prompt: "Remind me") == Self.reminder)
    #expect(try await model.generate(ReminderSample.self, prompt: "Remind me") == Self.reminder)
    let bodies = try server.requests.map { try $0.jsonBody() }
    #expect(bodies.count == 3)
    #expect(bodies[0]["output_config"] != nil)
    #expect(bodies[1]["output_config"] == nil)
    #expect(bodies[1]["tool_choice"] == ["type": "tool", "name": "ReminderSample"])
    #expect(bodies[2]["tool_choice"] == ["type": "tool", "name": "ReminderSample"])  // no second 400
    // Another 400 is not about the format: it fails as it is.
    server.enqueue(
      .json(
        ["type": "error", "error": ["type": "invalid_request_error", "message": "max_tokens: too large"]], status: 400))
    let other = ChatRequest(
      messages: [.user("x")], responseFormat: .json(name: "other", schema: try JSONSchema.derived(from: LineItem.self)))
    let error = await caughtError { _ = try await model.respond(to: other) }
    #expect(error as? LanguageModelError == .httpStatus(code: 400, message: "max_tokens: too large"))
    #expect(server.requests.count == 4)
  }

  @Test("Anthropic streaming: with output_config.format the text deltas are partial values")
  func anthropicNativeStreaming() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let fragments = [#"{"title": "Ca"#, #"ll mum", "due": "2025-03-01T09:00:00Z""#, #", "priority": "high"}"#]
    var events: [JSONValue] = [
      [
        "type": "message_start",
        "message": ["id": "msg_1", "content": [], "usage": ["input_tokens": 5, "output_tokens": 1]],
      ],
      ["type": "content_block_start", "index": 0, "content_block": ["type": "text", "text": ""]],
    ]
    events += fragments.map {
      ["type": "content_block_delta", "index": 0, "delta": ["type": "text_delta", "text": .string($0)]]
    }
    events += [
      ["type": "content_block_stop", "index": 0],
      ["type": "message_delta", "delta": ["stop_reason": "end_turn"], "usage": ["output_tokens": 20]],
      ["type": "message_stop"],
    ]
    server.enqueue(.eventStream(chunks: [Fixtures.anthropicStream(events)]))
    var partials: [PartialJSONValue] = []
    var final: ReminderSample?
    for try await update in Fixtures.anthropic(server).generateStream(ReminderSample.self, prompt: "Remind me") {
      switch update {
      case .partial(let partial): partials.append(partial)
      case .completed(let value): final = value
      }
    }
    #expect(final == Self.reminder)
    #expect(partials.first == PartialJSONValue(value: ["title": "Ca"], isComplete: false))
    #expect(server.requests.count == 1)
    #expect(try server.requests.first?.jsonBody()["output_config"]?["format"]?["type"] == "json_schema")
  }

  @Test("Anthropic fallback: a forced tool call whose input is the answer")
  func anthropicForcedTool() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(Self.outputFormatRejected)
    server.enqueue(
      .json([
        "id": "msg_1", "type": "message", "role": "assistant",
        "content": [
          [
            "type": "tool_use", "id": "toolu_1", "name": "ReminderSample",
            "input": ["title": "Call mum", "due": "2025-03-01T09:00:00Z", "priority": "high"],
          ]
        ],
        "stop_reason": "tool_use", "usage": ["input_tokens": 10, "output_tokens": 3],
      ]))
    let model = Fixtures.anthropic(server)
    #expect(try await model.generate(ReminderSample.self, prompt: "Remind me") == Self.reminder)
    let body = try #require(server.requests.last).jsonBody()
    let schema = try JSONSchema.derived(from: ReminderSample.self)
    #expect(
      body["tools"]
        == [
          [
            "name": "ReminderSample",
            "description": "Answer by calling this tool: its input is the answer, matching this schema.",
            "input_schema": schema.json,
          ]
        ])
    #expect(body["tool_choice"] == ["type": "tool", "name": "ReminderSample"])
  }

  @Test("Anthropic fallback: a non-object answer is wrapped in {\"value\": …} and unwrapped")
  func anthropicWrapped() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(Self.outputFormatRejected)
    server.enqueue(
      .json([
        "id": "msg_1", "type": "message", "role": "assistant",
        "content": [
          [
            "type": "tool_use", "id": "toolu_1", "name": "Array_LineItem_",
            "input": ["value": [["title": "tea", "amount": 3.5]]],
          ]
        ],
        "stop_reason": "tool_use",
      ]))
    let items = try await Fixtures.anthropic(server).generate([LineItem].self, prompt: "tea 3.5")
    #expect(items == [LineItem(title: "tea", amount: 3.5)])
    let body = try #require(server.requests.last).jsonBody()
    #expect(body["tools"]?[0]?["input_schema"]?["required"] == ["value"])
  }

  @Test("Anthropic streaming fallback: the forced call's input_json_delta fragments arrive as partial values")
  func anthropicStreaming() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let fragments = [#"{"title": "Ca"#, #"ll mum", "due": "2025-03-01T09:00:00Z""#, #", "priority": "high"}"#]
    var events: [JSONValue] = [
      [
        "type": "message_start",
        "message": [
          "id": "msg_1", "type": "message", "role": "assistant", "content": [],
          "usage": ["input_tokens": 5, "output_tokens": 1],
        ],
      ],
      [
        "type": "content_block_start", "index": 0,
        "content_block": ["type": "tool_use", "id": "toolu_1", "name": "ReminderSample", "input": [:]],
      ],
    ]
    events += fragments.map {
      ["type": "content_block_delta", "index": 0, "delta": ["type": "input_json_delta", "partial_json": .string($0)]]
    }
    events += [
      ["type": "content_block_stop", "index": 0],
      ["type": "message_delta", "delta": ["stop_reason": "tool_use"], "usage": ["output_tokens": 20]],
      ["type": "message_stop"],
    ]
    server.enqueue(Self.outputFormatRejected, .eventStream(chunks: [Fixtures.anthropicStream(events)]))
    var partials: [PartialJSONValue] = []
    var final: ReminderSample?
    for try await update in Fixtures.anthropic(server).generateStream(ReminderSample.self, prompt: "Remind me") {
      switch update {
      case .partial(let partial): partials.append(partial)
      case .completed(let value): final = value
      }
    }
    #expect(final == Self.reminder)
    #expect(partials.first == PartialJSONValue(value: ["title": "Ca"], isComplete: false))
    #expect(
      partials.contains(
        PartialJSONValue(value: ["title": "Call mum", "due": "2025-03-01T09:00:00Z"], isComplete: false)))
    #expect(partials.last?.isComplete == true)
    #expect(server.requests.count == 2)  // the 400 came before any event: retried with the forced tool
    #expect(try server.requests.last?.jsonBody()["tool_choice"] == ["type": "tool", "name": "ReminderSample"])
  }

  @Test("OpenAI streaming: content deltas become partial values, then the decoded value")
  func openAIStreaming() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let pieces = [#"{"items": [{"title": "tea", "#, #""amount": 3.5}, {"ti"#, #"tle": "cake", "amount": 12}]}"#]
    let chunks: [JSONValue] =
      pieces.map {
        ["id": "c", "choices": [["index": 0, "delta": ["content": .string($0)], "finish_reason": .null]]]
      } + [["id": "c", "choices": [["index": 0, "delta": [:], "finish_reason": "stop"]]]]
    server.enqueue(.eventStream(chunks: [Fixtures.openAIStream(chunks)]))
    var partials: [JSONValue] = []
    var final: InvoiceSample?
    for try await update in Fixtures.openAI(server).generateStream(InvoiceSample.self, prompt: "tea 3.5, cake 12") {
      switch update {
      case .partial(let partial): partials.append(partial.value)
      case .completed(let value): final = value
      }
    }
    #expect(
      final == InvoiceSample(items: [LineItem(title: "tea", amount: 3.5), LineItem(title: "cake", amount: 12)]))
    #expect(partials.first == ["items": [["title": "tea"]]])
    #expect(partials.contains(["items": [["title": "tea", "amount": 3.5], ["ti": .null]]]) == false)
    #expect(partials.contains(["items": [["title": "tea", "amount": 3.5], [:]]]))
    #expect(try server.requests.first?.jsonBody()["stream"] == true)
    #expect(try server.requests.first?.jsonBody()["response_format"]?["type"] == "json_schema")
  }
}
