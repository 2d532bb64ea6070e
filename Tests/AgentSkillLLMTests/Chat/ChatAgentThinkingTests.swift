import AgentSkill
import AgentSkillAutonomy
import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation
import Testing

/// A chat agent on a thinking model: the thinking is kept per assistant
/// message, sent back unchanged before the tool calls, and saved with the conversation.
@Suite("ChatAgent with extended thinking", .timeLimit(.minutes(5)))
@MainActor
struct ChatAgentThinkingTests {
  typealias Fixtures = ChatFixtures
  typealias Provider = ProviderFixtures

  static let signature = "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds"
  static let redactedData = "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP"

  static func start(_ input: Int) -> JSONValue {
    [
      "type": "message_start",
      "message": [
        "id": .string("msg_\(input)"), "type": "message", "role": "assistant", "content": [],
        "model": "claude-sonnet-4-5",
        "stop_reason": nil, "stop_sequence": nil, "usage": ["input_tokens": .integer(input), "output_tokens": 1],
      ],
    ]
  }

  /// Thinks (signed and redacted), then calls the weather tool.
  static let callingStream: [JSONValue] = [
    start(40),
    [
      "type": "content_block_start", "index": 0,
      "content_block": ["type": "thinking", "thinking": "", "signature": ""],
    ],
    ["type": "content_block_delta", "index": 0, "delta": ["type": "thinking_delta", "thinking": "要查北京天气。"]],
    [
      "type": "content_block_delta", "index": 0, "delta": ["type": "signature_delta", "signature": .string(signature)],
    ],
    ["type": "content_block_stop", "index": 0],
    [
      "type": "content_block_start", "index": 1,
      "content_block": ["type": "redacted_thinking", "data": .string(redactedData)],
    ],
    ["type": "content_block_stop", "index": 1],
    [
      "type": "content_block_start", "index": 2,
      "content_block": ["type": "tool_use", "id": "toolu_w", "name": "weather", "input": [:]],
    ],
    [
      "type": "content_block_delta", "index": 2,
      "delta": ["type": "input_json_delta", "partial_json": "{\"city\": \"北京\"}"],
    ],
    ["type": "content_block_stop", "index": 2],
    [
      "type": "message_delta", "delta": ["stop_reason": "tool_use", "stop_sequence": nil],
      "usage": ["output_tokens": 60],
    ],
    ["type": "message_stop"],
  ]

  /// Thinks, then answers.
  static func answerStream(thinking: String, signature: String, text: String) -> [JSONValue] {
    [
      start(90),
      [
        "type": "content_block_start", "index": 0,
        "content_block": ["type": "thinking", "thinking": "", "signature": ""],
      ],
      ["type": "content_block_delta", "index": 0, "delta": ["type": "thinking_delta", "thinking": .string(thinking)]],
      [
        "type": "content_block_delta", "index": 0,
        "delta": ["type": "signature_delta", "signature": .string(signature)],
      ],
      ["type": "content_block_stop", "index": 0],
      ["type": "content_block_start", "index": 1, "content_block": ["type": "text", "text": ""]],
      ["type": "content_block_delta", "index": 1, "delta": ["type": "text_delta", "text": .string(text)]],
      ["type": "content_block_stop", "index": 1],
      [
        "type": "message_delta", "delta": ["stop_reason": "end_turn", "stop_sequence": nil],
        "usage": ["output_tokens": 20],
      ],
      ["type": "message_stop"],
    ]
  }

  private func model(_ server: LoopbackServer) -> AnthropicModel {
    AnthropicModel(
      baseURL: server.baseURL, apiKey: Provider.apiKey, model: "claude-test", defaultMaxTokens: 8000,
      retryPolicy: .never, clock: TestClock(), toolCallIDs: .sequential(), thinking: .enabled(budgetTokens: 2048))
  }

  private func chat(_ model: any LanguageModel) throws -> ChatAgent {
    var options = ChatAgentOptions()
    options.toolTimeout = nil
    return Fixtures.chat(model, registry: try Fixtures.registry([Fixtures.weather()]), options: options)
  }

  @Test func thinkingIsKeptPerMessageAndSentBackBeforeTheToolUse() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.eventStream(Provider.anthropicStream(Self.callingStream), chunkSize: 13))
    server.enqueue(
      .eventStream(
        Provider.anthropicStream(Self.answerStream(thinking: "多云，可以回答。", signature: "sig-2", text: "北京多云。"))))
    let chat = try chat(model(server))

    await chat.send("北京天气怎么样").finish()

    #expect(chat.lastError == nil)
    #expect(chat.roles == [.user, .assistant, .tool, .assistant])
    #expect(chat.messages[1].thinking == "要查北京天气。")
    #expect(
      chat.messages[1].thinkingBlocks == [
        .thinking(text: "要查北京天气。", signature: Self.signature), .redacted(data: Self.redactedData),
      ])
    #expect(chat.messages[3].thinking == "多云，可以回答。")
    #expect(chat.messages[3].thinkingBlocks == [.thinking(text: "多云，可以回答。", signature: "sig-2")])
    #expect(chat.messages[3].text == "北京多云。")
    #expect(chat.messages.allSatisfy { !$0.isStreaming })

    #expect(server.requests.count == 2)
    let second = try #require(server.requests.last).jsonBody()
    #expect(second["thinking"] == ["type": "enabled", "budget_tokens": 2048])
    let assistant = try #require(second["messages"]?[1])
    #expect(
      assistant
        == [
          "role": "assistant",
          "content": [
            ["type": "thinking", "thinking": "要查北京天气。", "signature": .string(Self.signature)],
            ["type": "redacted_thinking", "data": .string(Self.redactedData)],
            ["type": "tool_use", "id": "toolu_w", "name": "weather", "input": ["city": "北京"]],
          ],
        ])
  }

  @Test func thinkingSurvivesSaveAndRestoreAndGoesBackOnTheNextTurn() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.eventStream(Provider.anthropicStream(Self.callingStream)))
    server.enqueue(
      .eventStream(
        Provider.anthropicStream(Self.answerStream(thinking: "多云，可以回答。", signature: "sig-2", text: "北京多云。"))))
    server.enqueue(
      .eventStream(Provider.anthropicStream(Self.answerStream(thinking: "客气话。", signature: "sig-3", text: "不客气。"))))
    let chat = try chat(model(server))
    await chat.send("北京天气怎么样").finish()

    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("agentskill-thinking-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = FileDraftStore<ChatConversation>(directory: directory)
    try await chat.save(to: store, id: "chat")

    let restored = try self.chat(model(server))
    #expect(try await restored.restore(from: store, id: "chat"))
    #expect(restored.messages == chat.messages)
    #expect(restored.messages[1].thinkingBlocks.count == 2)
    #expect(restored.messages[3].thinking == "多云，可以回答。")

    await restored.send("谢谢").finish()
    #expect(restored.messages.last?.text == "不客气。")
    #expect(restored.messages.last?.thinking == "客气话。")
    let third = try #require(server.requests.last).jsonBody()
    let messages = try #require(third["messages"]?.arrayValue)
    #expect(messages.count == 5)
    #expect(messages[1]["content"]?[0]?["signature"] == .string(Self.signature))
    #expect(messages[1]["content"]?[1] == ["type": "redacted_thinking", "data": .string(Self.redactedData)])
    #expect(
      messages[3]["content"]
        == [
          ["type": "thinking", "thinking": "多云，可以回答。", "signature": "sig-2"],
          ["type": "text", "text": "北京多云。"],
        ])
  }

  @Test func aConversationSavedBeforeThinkingWasKeptStillLoads() throws {
    let json = #"""
      {"version":1,"messages":[
        {"id":{"turn":1,"index":0},"role":"user","text":"你好","isStreaming":false,"toolCalls":[]},
        {"id":{"turn":1,"index":1},"role":"assistant","text":"你好！","isStreaming":false,"toolCalls":[]}
      ],"turns":[],"usage":{"tokens":{"inputTokens":0,"outputTokens":0,"cacheReadInputTokens":0,"cacheWriteInputTokens":0,"reasoningTokens":0},"modelRequests":0}}
      """#
    let conversation = try JSONDecoder().decode(ChatConversation.self, from: Data(json.utf8))
    #expect(conversation.messages.map(\.text) == ["你好", "你好！"])
    #expect(conversation.messages.allSatisfy { $0.thinking == nil && $0.thinkingBlocks.isEmpty })
  }

  @Test func streamedThinkingShowsBeforeTheAnswersText() async throws {
    let model = ScriptedLanguageModel([
      .events([
        .event(.thinkingDelta("想一想")), .event(.thinkingDelta("……")), .event(.textDelta("好的。")),
        .event(.completed(ChatResponse(text: "好的。", finishReason: .stop, thinking: "想一想……"))),
      ])
    ])
    var options = ChatAgentOptions()
    options.streamBatchWindow = .zero
    let chat = Fixtures.chat(model, registry: SkillRegistry(), options: options)
    await chat.send("你好").finish()
    #expect(chat.messages.last?.thinking == "想一想……")
    #expect(chat.messages.last?.text == "好的。")
    // The message appeared with the first thinking, before any text.
    let effects = chat.timeline.entries.compactMap { entry -> ChatEffect? in
      guard case .effectApplied(let effect) = entry.event else { return nil }
      return effect
    }
    let appended = try #require(
      effects.firstIndex { if case .appendMessage(let message) = $0 { message.role == .assistant } else { false } })
    let firstThinking = try #require(effects.firstIndex { if case .appendThinking = $0 { true } else { false } })
    let firstText = try #require(effects.firstIndex { if case .appendText = $0 { true } else { false } })
    #expect(appended < firstThinking)
    #expect(firstThinking < firstText)
  }
}
