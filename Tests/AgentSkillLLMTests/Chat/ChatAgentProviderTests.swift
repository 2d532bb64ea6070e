import AgentSkill
import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation
import Testing

/// The chat loop over real HTTP: a loopback server speaking each vendor's format.
@Suite("ChatAgent over HTTP", .timeLimit(.minutes(5)))
@MainActor
struct ChatAgentProviderTests {
  typealias Fixtures = ChatFixtures
  typealias Provider = ProviderFixtures

  static let weatherSummary = "北京今天多云 22°C，后天有雨"
  static let ledgerSummary = "上周三共 5 笔支出，合计 ¥326.50"

  private func registry() throws -> SkillRegistry {
    try Fixtures.registry([Fixtures.weather(), Fixtures.ledger(seconds: 1)])
  }

  private func chat(_ model: any LanguageModel, clock: TestClock) throws -> ChatAgent {
    var options = ChatAgentOptions()
    options.toolTimeout = nil
    return Fixtures.chat(model, registry: try registry(), clock: clock, options: options)
  }

  @Test func openAIStreamedParallelToolCallsRoundTripAsSummaries() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(
      .eventStream(
        Provider.openAIStream([
          [
            "choices": [
              [
                "index": 0,
                "delta": [
                  "role": "assistant", "content": nil,
                  "tool_calls": [
                    ["index": 0, "id": "call_a", "type": "function", "function": ["name": "weather", "arguments": ""]]
                  ],
                ],
              ]
            ]
          ],
          ["choices": [["index": 0, "delta": ["tool_calls": [["index": 0, "function": ["arguments": "{\"ci"]]]]]]],
          [
            "choices": [
              ["index": 0, "delta": ["tool_calls": [["index": 0, "function": ["arguments": "ty\": \"北京\"}"]]]]]
            ]
          ],
          [
            "choices": [
              [
                "index": 0,
                "delta": [
                  "tool_calls": [
                    [
                      "index": 1, "id": "call_b", "type": "function",
                      "function": ["name": "ledger", "arguments": "{}"],
                    ]
                  ]
                ],
              ]
            ]
          ],
          ["choices": [["index": 0, "delta": [:], "finish_reason": "tool_calls"]]],
          ["choices": [], "usage": ["prompt_tokens": 30, "completion_tokens": 20]],
        ]), chunkSize: 7))
    server.enqueue(
      .eventStream(
        Provider.openAIStream([
          ["choices": [["index": 0, "delta": ["role": "assistant", "content": "北京多云，"]]]],
          ["choices": [["index": 0, "delta": ["content": "账目已查。"], "finish_reason": "stop"]]],
          ["choices": [], "usage": ["prompt_tokens": 60, "completion_tokens": 8]],
        ])))
    let clock = TestClock()
    let chat = try chat(Provider.openAI(server), clock: clock)

    let task = chat.send("北京天气和上周三的记账")
    await chat.waitUntil { context in
      context.messages.flatMap(\.toolCalls).contains { $0.skillID == "ledger" && $0.status == .running }
    }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await task.finish()

    #expect(chat.phase == .idle)
    #expect(chat.messages.last?.text == "北京多云，账目已查。")
    #expect(chat.allCalls.map(\.status) == [.succeeded, .succeeded])
    #expect(chat.allCalls.map(\.arguments) == [["city": "北京"], [:]])
    #expect(chat.metrics.tokenUsage == TokenUsage(inputTokens: 90, outputTokens: 28))
    #expect(server.requests.count == 2)
    let first = try #require(server.requests.first).jsonBody()
    let offered = first["tools"]?.arrayValue?.compactMap { $0["function"]?["name"]?.stringValue } ?? []
    #expect(Set(offered) == ["weather", "ledger"])
    let second = try #require(server.requests.last).jsonBody()
    let messages = try #require(second["messages"]?.arrayValue)
    #expect(messages.count == 5)
    #expect(messages[2]["tool_calls"]?[0]?["id"] == "call_a")
    #expect(messages[2]["tool_calls"]?[0]?["function"]?["arguments"] == #"{"city":"北京"}"#)
    #expect(messages[3] == ["role": "tool", "tool_call_id": "call_a", "content": .string(Self.weatherSummary)])
    #expect(messages[4] == ["role": "tool", "tool_call_id": "call_b", "content": .string(Self.ledgerSummary)])
  }

  @Test func anthropicToolUseAndToolResultRoundTripAsSummaries() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(
      .eventStream(
        Provider.anthropicStream([
          [
            "type": "message_start",
            "message": [
              "id": "msg_1", "type": "message", "role": "assistant", "content": [],
              "usage": ["input_tokens": 25, "output_tokens": 1],
            ],
          ],
          ["type": "content_block_start", "index": 0, "content_block": ["type": "text", "text": ""]],
          ["type": "content_block_delta", "index": 0, "delta": ["type": "text_delta", "text": "我查一下。"]],
          ["type": "content_block_stop", "index": 0],
          [
            "type": "content_block_start", "index": 1,
            "content_block": ["type": "tool_use", "id": "toolu_a", "name": "weather", "input": [:]],
          ],
          [
            "type": "content_block_delta", "index": 1,
            "delta": ["type": "input_json_delta", "partial_json": "{\"city\": \"北"],
          ],
          ["type": "content_block_delta", "index": 1, "delta": ["type": "input_json_delta", "partial_json": "京\"}"]],
          ["type": "content_block_stop", "index": 1],
          [
            "type": "content_block_start", "index": 2,
            "content_block": ["type": "tool_use", "id": "toolu_b", "name": "ledger", "input": [:]],
          ],
          ["type": "content_block_stop", "index": 2],
          ["type": "message_delta", "delta": ["stop_reason": "tool_use"], "usage": ["output_tokens": 42]],
          ["type": "message_stop"],
        ]), chunkSize: 11))
    server.enqueue(
      .eventStream(
        Provider.anthropicStream([
          ["type": "message_start", "message": ["usage": ["input_tokens": 70, "output_tokens": 1]]],
          ["type": "content_block_start", "index": 0, "content_block": ["type": "text", "text": ""]],
          ["type": "content_block_delta", "index": 0, "delta": ["type": "text_delta", "text": "北京多云，账目已查。"]],
          ["type": "content_block_stop", "index": 0],
          ["type": "message_delta", "delta": ["stop_reason": "end_turn"], "usage": ["output_tokens": 9]],
          ["type": "message_stop"],
        ])))
    let clock = TestClock()
    let chat = try chat(Provider.anthropic(server), clock: clock)

    let task = chat.send("北京天气和上周三的记账")
    await chat.waitUntil { context in
      context.messages.flatMap(\.toolCalls).contains { $0.skillID == "ledger" && $0.status == .running }
    }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await task.finish()

    #expect(chat.phase == .idle)
    #expect(chat.messages[1].text == "我查一下。")
    #expect(chat.messages.last?.text == "北京多云，账目已查。")
    #expect(chat.allCalls.map(\.status) == [.succeeded, .succeeded])
    #expect(chat.phaseHistory.contains(.responding))
    #expect(chat.context.rejectedTransitions.isEmpty)
    #expect(server.requests.count == 2)
    let second = try #require(server.requests.last).jsonBody()
    #expect(second["system"] == "You are a helpful assistant.")
    let messages = try #require(second["messages"]?.arrayValue)
    #expect(messages.count == 3)
    #expect(messages[1]["role"] == "assistant")
    #expect(messages[1]["content"]?[0] == ["type": "text", "text": "我查一下。"])
    #expect(messages[1]["content"]?[1]?["input"] == ["city": "北京"])
    #expect(
      messages[2] == [
        "role": "user",
        "content": [
          ["type": "tool_result", "tool_use_id": "toolu_a", "content": .string(Self.weatherSummary)],
          ["type": "tool_result", "tool_use_id": "toolu_b", "content": .string(Self.ledgerSummary)],
        ],
      ])
  }

  @Test func openAIResponsesContinuesStoredResponsesAcrossToolRoundsAndTurns() async throws {
    typealias Events = OpenAIResponsesEvents
    let server = try LoopbackServer()
    defer { server.stop() }
    let usage = Events.usage(input: 30, cached: 0, output: 20, reasoning: 8)
    server.enqueue(
      .eventStream(
        Provider.responsesStream(
          Events.created()
            + Events.reasoning([["Two lookups."]])
            + Events.call(outputIndex: 1, id: "fc_1", callID: "call_a", name: "weather", fragments: [#"{"city":"北京"}"#])
            + Events.call(outputIndex: 2, id: "fc_2", callID: "call_b", name: "ledger", fragments: ["{}"])
            + [
              Events.completed(
                output: [
                  Events.reasoningItem(summary: ["Two lookups."]),
                  Events.functionCall(
                    id: "fc_1", callID: "call_a", name: "weather", arguments: #"{"city":"北京"}"#, status: "completed"),
                  Events.functionCall(
                    id: "fc_2", callID: "call_b", name: "ledger", arguments: "{}", status: "completed"),
                ], usage: usage)
            ]), chunkSize: 13))
    server.enqueue(
      .eventStream(Provider.responsesStream(Events.textStream(["北京多云，", "账目已查。"], id: "resp_2", usage: usage))))
    server.enqueue(.eventStream(Provider.responsesStream(Events.textStream(["不客气。"], id: "resp_3", usage: usage))))
    let clock = TestClock()
    let chat = try chat(Provider.openAIResponses(server, storesResponses: true), clock: clock)

    let task = chat.send("北京天气和上周三的记账")
    await chat.waitUntil { context in
      context.messages.flatMap(\.toolCalls).contains { $0.skillID == "ledger" && $0.status == .running }
    }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(chat.messages.last?.text == "北京多云，账目已查。")
    #expect(chat.allCalls.map(\.status) == [.succeeded, .succeeded])
    await chat.send("谢谢").finish()
    #expect(chat.messages.last?.text == "不客气。")
    #expect(chat.metrics.tokenUsage == TokenUsage(inputTokens: 90, outputTokens: 60, reasoningTokens: 24))

    #expect(server.requests.count == 3)
    let second = try server.requests[1].jsonBody()
    #expect(second["previous_response_id"] == "resp_1")
    #expect(second["instructions"] == "You are a helpful assistant.")
    #expect(
      second["input"] == [
        ["type": "function_call_output", "call_id": "call_a", "output": .string(Self.weatherSummary)],
        ["type": "function_call_output", "call_id": "call_b", "output": .string(Self.ledgerSummary)],
      ])
    let third = try server.requests[2].jsonBody()
    #expect(third["previous_response_id"] == "resp_2")
    #expect(third["input"] == [["role": "user", "content": "谢谢"]])
  }
}
