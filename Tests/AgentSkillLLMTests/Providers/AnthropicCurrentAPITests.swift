import AgentSkill
import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation
import Testing

/// What the current Messages API takes and reports: no sampling parameters,
/// automatic prompt caching, and usage with cache reads and writes.
@Suite("Anthropic Messages API, current shape", .timeLimit(.minutes(5)))
struct AnthropicCurrentAPITests {
  typealias Fixtures = ProviderFixtures

  private static let answer: JSONValue = [
    "id": "msg_1", "type": "message", "role": "assistant", "content": [["type": "text", "text": "好"]],
    "stop_reason": "end_turn", "usage": ["input_tokens": 3, "output_tokens": 1],
  ]

  private static func model(
    _ server: LoopbackServer, extraBody: JSONObject = [:], promptCache: AnthropicPromptCache? = nil,
    logSink: (any LogSink)? = nil
  ) -> AnthropicModel {
    AnthropicModel(
      baseURL: server.baseURL, apiKey: Fixtures.apiKey, model: "claude-test", extraBody: extraBody,
      retryPolicy: .never, clock: TestClock(), toolCallIDs: .sequential(), promptCache: promptCache,
      logSink: logSink)
  }

  @Test func temperatureAndTopPAreNeverSentAndTheDropIsLogged() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.json(Self.answer), .eventStream(Fixtures.anthropicStream(Self.cachedStream)))
    let lines = RecordingLogSink()
    let model = Self.model(server, extraBody: ["top_p": 0.9, "metadata": ["user_id": "u1"]], logSink: lines)
    let request = ChatRequest(messages: [.user("hi")], temperature: 0.7)

    _ = try await model.respond(to: request)
    _ = try await collect(model.stream(request))

    #expect(server.requests.count == 2)
    for recorded in server.requests {
      let body = try recorded.jsonBody()
      #expect(body["temperature"] == nil)
      #expect(body["top_p"] == nil)
      #expect(body["metadata"] == ["user_id": "u1"])  // other extraBody members still go out
    }
    let debug = lines.entries.filter { $0.level == .debug && $0.tag == "AnthropicModel" }
    #expect(debug.count == 2)
    #expect(debug.allSatisfy { $0.message.contains("temperature 0.7") && $0.message.contains("top_p") })
    #expect(!lines.messages.joined().contains(Fixtures.apiKey))
  }

  @Test func nothingIsLoggedWhenNothingIsDropped() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.json(Self.answer))
    let lines = RecordingLogSink()
    _ = try await Self.model(server, logSink: lines).respond(to: ChatRequest(messages: [.user("hi")]))
    #expect(lines.entries.isEmpty)
  }

  static let cacheSettings: [(AnthropicPromptCache?, JSONValue?)] = [
    (nil, nil),
    (.automatic, ["type": "ephemeral"]),
    (AnthropicPromptCache(lifetime: .fiveMinutes), ["type": "ephemeral", "ttl": "5m"]),
    (AnthropicPromptCache(lifetime: .oneHour), ["type": "ephemeral", "ttl": "1h"]),
  ]

  @Test(arguments: cacheSettings)
  func promptCacheIsTheTopLevelCacheControl(cache: AnthropicPromptCache?, expected: JSONValue?) async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.json(Self.answer))
    _ = try await Self.model(server, promptCache: cache).respond(
      to: ChatRequest(messages: [.system("You keep the books."), .user("hi")]))
    let body = try #require(server.requests.first).jsonBody()
    #expect(body["cache_control"] == expected)
    // The conversation itself is unchanged: the API places the breakpoint.
    #expect(body["system"] == "You keep the books.")
    #expect(body["messages"] == [["role": "user", "content": "hi"]])
  }

  @Test func promptCacheIsOffByDefault() {
    #expect(AnthropicModel(apiKey: "k", model: "m").promptCache == nil)
  }

  /// A cached turn as the API streams it: `message_start` carries the cache
  /// counts, `message_delta` repeats them with the final output count.
  static let cachedStream: [JSONValue] = [
    [
      "type": "message_start",
      "message": [
        "model": "claude-sonnet-4-5-20250929", "id": "msg_01", "type": "message", "role": "assistant",
        "content": [], "stop_reason": nil, "stop_sequence": nil,
        "usage": [
          "input_tokens": 12, "cache_creation_input_tokens": 310, "cache_read_input_tokens": 2048,
          "cache_creation": ["ephemeral_5m_input_tokens": 310, "ephemeral_1h_input_tokens": 0],
          "output_tokens": 1, "service_tier": "standard",
        ],
      ],
    ],
    ["type": "content_block_start", "index": 0, "content_block": ["type": "text", "text": ""]],
    ["type": "content_block_delta", "index": 0, "delta": ["type": "text_delta", "text": "好"]],
    ["type": "content_block_stop", "index": 0],
    [
      "type": "message_delta", "delta": ["stop_reason": "end_turn", "stop_sequence": nil],
      "usage": [
        "input_tokens": 12, "cache_creation_input_tokens": 310, "cache_read_input_tokens": 2048,
        "output_tokens": 35,
      ],
    ],
    ["type": "message_stop"],
  ]

  @Test func streamedUsageCarriesCacheReadsAndWrites() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.eventStream(Fixtures.anthropicStream(Self.cachedStream), chunkSize: 7))
    let events = try await collect(Self.model(server).stream(ChatRequest(messages: [.user("hi")])))
    let expected = TokenUsage(
      inputTokens: 12 + 310 + 2048, outputTokens: 35, cacheReadInputTokens: 2048, cacheWriteInputTokens: 310)
    #expect(events.contains(.usage(expected)))
    #expect(Fixtures.completed(in: events)?.usage == expected)
  }

  @Test func wholeMessageUsageCarriesCacheReadsAndWrites() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    var message = try #require(Self.answer.objectValue)
    message["usage"] = [
      "input_tokens": 4, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 1500, "output_tokens": 9,
    ]
    server.enqueue(.json(.object(message)))
    let response = try await Self.model(server).respond(to: ChatRequest(messages: [.user("hi")]))
    #expect(response.usage == TokenUsage(inputTokens: 1504, outputTokens: 9, cacheReadInputTokens: 1500))
  }

  @Test func usageRecordsAddCountByCount() {
    let first = TokenUsage(
      inputTokens: 10, outputTokens: 2, cacheReadInputTokens: 4, cacheWriteInputTokens: 3, reasoningTokens: 1)
    let second = TokenUsage(inputTokens: 5, outputTokens: 6, cacheReadInputTokens: 5, reasoningTokens: 2)
    #expect(
      first + second
        == TokenUsage(
          inputTokens: 15, outputTokens: 8, cacheReadInputTokens: 9, cacheWriteInputTokens: 3, reasoningTokens: 3))
    #expect(TokenUsage(inputTokens: 1, outputTokens: 2).cacheReadInputTokens == 0)
  }
}
