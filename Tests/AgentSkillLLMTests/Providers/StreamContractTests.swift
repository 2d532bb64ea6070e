import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation
import Testing

/// Every stream ends with exactly one `.completed` equal to what `respond(to:)`
/// returns for the same answer, delivered whole instead of streamed.
@Suite("Stream contract", .timeLimit(.minutes(5)))
struct StreamContractTests {
  typealias Fixtures = ProviderFixtures

  struct Payload: Sendable, CustomTestStringConvertible {
    var name: String
    var whole: JSONValue
    var streamed: String
    var testDescription: String { name }
  }

  private static func chunk(_ delta: JSONValue, finish: String? = nil) -> JSONValue {
    ["choices": [["index": 0, "delta": delta, "finish_reason": finish.map(JSONValue.string) ?? .null]]]
  }

  static let openAIPayloads: [Payload] = [
    Payload(
      name: "text with usage",
      whole: [
        "choices": [
          ["index": 0, "message": ["role": "assistant", "content": "  北京今天多云。\n"], "finish_reason": "stop"]
        ],
        "usage": ["prompt_tokens": 12, "completion_tokens": 6],
      ],
      streamed: Fixtures.openAIStream([
        chunk(["role": "assistant", "content": "  北京"]), chunk(["content": "今天多云。\n"]), chunk([:], finish: "stop"),
        ["choices": [], "usage": ["prompt_tokens": 12, "completion_tokens": 6]],
      ])),
    Payload(
      name: "parallel tool calls reported as stop",
      whole: [
        "choices": [
          [
            "message": [
              "content": "",
              "tool_calls": [
                [
                  "id": "call_a", "type": "function",
                  "function": ["name": "get_weather", "arguments": #"{"city":"北京"}"#],
                ],
                ["id": "call_b", "type": "function", "function": ["name": "search_bills", "arguments": ""]],
              ],
            ],
            "finish_reason": "stop",
          ]
        ]
      ],
      streamed: Fixtures.openAIStream([
        chunk([
          "tool_calls": [["index": 0, "id": "call_a", "function": ["name": "get_weather", "arguments": "{\"ci"]]]
        ]),
        chunk(["tool_calls": [["index": 0, "function": ["arguments": "ty\":\"北京\"}"]]]]),
        chunk(["tool_calls": [["index": 1, "id": "call_b", "function": ["name": "search_bills"]]]]),
        chunk([:], finish: "stop"),
      ])),
    Payload(
      name: "calls without ids, object arguments (Ollama)",
      whole: [
        "choices": [
          [
            "message": [
              "tool_calls": [["function": ["name": "get_weather", "arguments": ["city": "上海"]]]]
            ],
            "finish_reason": "tool_calls",
          ]
        ]
      ],
      streamed: Fixtures.openAIStream([
        chunk(["tool_calls": [["function": ["name": "get_weather", "arguments": ["city": "上海"]]]]]),
        chunk([:], finish: "tool_calls"),
      ])),
    Payload(
      name: "Hermes call in content",
      whole: [
        "choices": [
          [
            "message": [
              "content": "好的。<tool_call>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"广州\"}}</tool_call>"
            ],
            "finish_reason": "stop",
          ]
        ]
      ],
      streamed: Fixtures.openAIStream([
        chunk(["content": "好的。<tool"]), chunk(["content": "_call>{\"name\": \"get_weather\", "]),
        chunk(["content": "\"arguments\": {\"city\": \"广州\"}}</tool_call>"]), chunk([:], finish: "stop"),
      ])),
    Payload(
      name: "unreadable arguments kept raw",
      whole: [
        "choices": [
          [
            "message": ["tool_calls": [["id": "c1", "function": ["name": "GET_WEATHER", "arguments": "{city: 北京"]]]],
            "finish_reason": "tool_calls",
          ]
        ]
      ],
      streamed: Fixtures.openAIStream([
        chunk(["tool_calls": [["index": 0, "id": "c1", "function": ["name": "GET_WEATHER", "arguments": "{city: "]]]]),
        chunk(["tool_calls": [["index": 0, "function": ["arguments": "北京"]]]]), chunk([:], finish: "tool_calls"),
      ])),
    Payload(
      name: "length limit",
      whole: ["choices": [["message": ["content": "截断"], "finish_reason": "length"]]],
      streamed: Fixtures.openAIStream([chunk(["content": "截断"], finish: "length")])),
  ]

  @Test(arguments: openAIPayloads)
  func openAIStreamCompletesWithTheRespondResult(payload: Payload) async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.json(payload.whole), .eventStream(payload.streamed, chunkSize: 5))
    let model = Fixtures.openAI(server)
    let request = ChatRequest(messages: [.user("x")], tools: [try Fixtures.weather, try Fixtures.bills])
    let whole = try await model.respond(to: request)
    let events = try await collect(model.stream(request))
    let completed = try #require(Fixtures.completed(in: events))
    #expect(completed == whole)
    // The text deltas add up to the final text, also when calls were taken out of it.
    #expect(Fixtures.text(of: events) == whole.text ?? "")
    let started = events.compactMap { event -> String? in
      if case .toolCallStarted(_, let id, let name) = event { return "\(id) \(name)" }
      return nil
    }
    #expect(started == whole.toolCalls.map { "\($0.id) \($0.name)" })
  }

  static let anthropicPayloads: [Payload] = [
    Payload(
      name: "text with cached input",
      whole: [
        "content": [["type": "text", "text": "你好"], ["type": "text", "text": "！"]], "stop_reason": "end_turn",
        "usage": ["input_tokens": 3, "cache_read_input_tokens": 4, "output_tokens": 2],
      ],
      streamed: Fixtures.anthropicStream([
        [
          "type": "message_start",
          "message": ["usage": ["input_tokens": 3, "cache_read_input_tokens": 4, "output_tokens": 1]],
        ],
        ["type": "content_block_start", "index": 0, "content_block": ["type": "text", "text": ""]],
        ["type": "content_block_delta", "index": 0, "delta": ["type": "text_delta", "text": "你好"]],
        ["type": "content_block_stop", "index": 0],
        ["type": "content_block_start", "index": 1, "content_block": ["type": "text", "text": "！"]],
        ["type": "content_block_stop", "index": 1],
        ["type": "message_delta", "delta": ["stop_reason": "end_turn"], "usage": ["output_tokens": 2]],
        ["type": "message_stop"],
      ])),
    Payload(
      name: "text and two tool uses",
      whole: [
        "content": [
          ["type": "text", "text": "查询中"],
          ["type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": ["city": "北京"]],
          ["type": "tool_use", "id": "toolu_2", "name": "search_bills", "input": [:]],
        ],
        "stop_reason": "tool_use", "usage": ["input_tokens": 9, "output_tokens": 30],
      ],
      streamed: Fixtures.anthropicStream([
        ["type": "message_start", "message": ["usage": ["input_tokens": 9, "output_tokens": 1]]],
        ["type": "content_block_start", "index": 0, "content_block": ["type": "text", "text": ""]],
        ["type": "content_block_delta", "index": 0, "delta": ["type": "text_delta", "text": "查询中"]],
        ["type": "content_block_stop", "index": 0],
        [
          "type": "content_block_start", "index": 1,
          "content_block": ["type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": [:]],
        ],
        [
          "type": "content_block_delta", "index": 1,
          "delta": ["type": "input_json_delta", "partial_json": "{\"city\":"],
        ],
        [
          "type": "content_block_delta", "index": 1, "delta": ["type": "input_json_delta", "partial_json": " \"北京\"}"],
        ],
        ["type": "content_block_stop", "index": 1],
        [
          "type": "content_block_start", "index": 2,
          "content_block": ["type": "tool_use", "id": "toolu_2", "name": "search_bills", "input": [:]],
        ],
        ["type": "content_block_stop", "index": 2],
        ["type": "message_delta", "delta": ["stop_reason": "tool_use"], "usage": ["output_tokens": 30]],
        ["type": "message_stop"],
      ])),
  ]

  @Test(arguments: anthropicPayloads)
  func anthropicStreamCompletesWithTheRespondResult(payload: Payload) async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.json(payload.whole), .eventStream(payload.streamed, chunkSize: 7))
    let model = Fixtures.anthropic(server)
    let request = ChatRequest(messages: [.user("x")], tools: [try Fixtures.weather, try Fixtures.bills])
    let whole = try await model.respond(to: request)
    let events = try await collect(model.stream(request))
    #expect(Fixtures.completed(in: events) == whole)
    #expect(Fixtures.text(of: events) == whole.text ?? "")
  }

  @Test func serverIgnoringStreamingStillCompletesTheStream() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let payload = try #require(Self.openAIPayloads.first { $0.name == "parallel tool calls reported as stop" })
    server.enqueue(.json(payload.whole), .json(payload.whole))
    let model = Fixtures.openAI(server)
    let request = ChatRequest(messages: [.user("x")], tools: [try Fixtures.weather, try Fixtures.bills])
    let whole = try await model.respond(to: request)
    let events = try await collect(model.stream(request))
    #expect(Fixtures.completed(in: events) == whole)
    #expect(events.first == .toolCallStarted(index: 0, id: "call_a", name: "get_weather"))
    #expect(events.contains(.toolCallArgumentsDelta(index: 0, fragment: #"{"city":"北京"}"#)))
  }
}
