import AgentSkillLLM
import AgentSkillOffline
import Foundation
import Testing

@Suite("RuleBasedModel conversation", .timeLimit(.minutes(5)))
struct RuleBasedModelConversationTests {
  let model = OfflineFixtures.model()
  let tools = [OfflineFixtures.ledger, OfflineFixtures.weather, OfflineFixtures.reminder]

  private func respond(_ messages: [ChatMessage], tools: [ToolDefinition]? = nil) async throws -> ChatResponse {
    try await model.respond(to: ChatRequest(messages: messages, tools: tools ?? self.tools))
  }

  // MARK: Choosing a tool

  static let choices: [(String, String)] = [
    ("帮我查一下上周三的记账明细，然后按类别汇总", "ledger_query"),
    ("北京天气怎么样", "weather"),
    ("明天下午三点提醒我开周会", "create_reminder"),
    ("Show last Wednesday's ledger entries by category", "ledger_query"),
    ("What's the weather in Beijing?", "weather"),
    ("Remind me to call mom tomorrow at 3pm", "create_reminder"),
  ]

  @Test("the tool whose words the text uses is called, with its arguments", arguments: choices)
  func choosesTool(text: String, expected: String) async throws {
    let response = try await respond([.system("You are a helpful assistant."), .user(text)])
    #expect(response.toolCalls.map(\.name) == [expected], "\(text)")
    #expect(response.finishReason == .toolCalls)
    #expect(response.toolCalls.first?.id == "call_1")
  }

  @Test("\"show last Wednesday's expenses grouped by category\" becomes one ledger call for last Wednesday")
  func ledgerQuestion() async throws {
    let response = try await respond([.user("帮我查一下上周三的记账明细，然后按类别汇总")])
    #expect(
      response.toolCalls == [
        ToolCall(
          id: "call_1", name: "ledger_query", arguments: ["from": "2026-02-25", "to": "2026-02-25", "language": "zh"])
      ])
  }

  @Test("with tools ranked by a registry and no words in common, the first tool is called")
  func trustsRanking() async throws {
    let terse = ToolDefinition(name: "x1", description: "does one thing", parameters: .object())
    let other = ToolDefinition(name: "x2", description: "does another thing", parameters: .object())
    let response = try await respond([.user("上周的")], tools: [terse, other])
    #expect(response.toolCalls.map(\.name) == ["x1"])
  }

  @Test("small talk gets a chat reply even when tools are offered")
  func smallTalkWithTools() async throws {
    let response = try await respond([.user("你今天吃了吗")])
    #expect(response.toolCalls.isEmpty)
    #expect(response.text == "哈哈，我是离线助手，不用吃饭，谢谢关心！我可以帮你：记账查询、天气查询、提醒。")
  }

  @Test("without tools: greetings, help and a fallback in the user's language")
  func plainChat() async throws {
    #expect(try await respond([.user("你好")], tools: []).text == "你好！我可以帮你：记账查询、天气查询、提醒。")
    #expect(
      try await respond([.user("hello")], tools: []).text == "Hello! I can help with: Ledger, Weather, Reminders.")
    #expect(try await respond([.user("谢谢")], tools: []).text == "不客气！还有什么需要帮忙的吗？")
    #expect(
      try await respond([.user("what is the meaning of life")], tools: []).text
        == "Sorry, I can't help with that. I can help with: Ledger, Weather, Reminders.")
    let bare = RuleBasedModel(now: { OfflineFixtures.now })
    #expect(bare.reply(to: ChatRequest(messages: [.user("hi")])).text == "Hello! Tell me what you would like to do.")
  }

  @Test("tool choice none and a named tool are honoured")
  func toolChoice() async throws {
    let none = try await model.respond(
      to: ChatRequest(messages: [.user("北京天气怎么样")], tools: tools, toolChoice: ToolChoice.none))
    #expect(none.toolCalls.isEmpty)
    let named = try await model.respond(
      to: ChatRequest(messages: [.user("北京天气怎么样")], tools: tools, toolChoice: .tool("create_reminder")))
    #expect(named.toolCalls.isEmpty)
    #expect(named.text == "请问是什么时间？")
  }

  @Test("a missing argument is asked for without a tool call")
  func asksForMissing() async throws {
    let response = try await respond([.user("明天提醒我开周会")])
    #expect(response.toolCalls.isEmpty)
    #expect(response.text == "请问几点？")
    #expect(response.finishReason == .stop)
  }

  @Test("the answer to a question completes the earlier request")
  func completesAfterQuestion() async throws {
    let response = try await respond([
      .user("明天提醒我开周会"), .assistant("请问几点？"), .user("下午三点"),
    ])
    #expect(
      response.toolCalls.first?.arguments
        == ["title": "开周会", "at": "2026-03-07T15:00:00+08:00", "language": "zh"])
  }

  @Test("an answer to a question that arrives without tools asks for the whole request")
  func answerWithoutTools() async throws {
    let response = try await respond([.user("明天提醒我开周会"), .assistant("请问几点？"), .user("下午三点")], tools: [])
    #expect(response.text?.hasPrefix("抱歉，我没能把这句和刚才的问题接上。") == true)
  }

  // MARK: Tool results

  @Test("tool summaries become the answer")
  func answersFromSummaries() async throws {
    let call = ToolCall(id: "call_1", name: "weather", arguments: ["city": "北京"])
    let response = try await respond([
      .user("北京天气怎么样"), .assistant("", toolCalls: [call]),
      .tool("北京今天多云，3~12°C。", callID: "call_1", name: "weather"),
    ])
    #expect(response.text == "北京今天多云，3~12°C。")
    #expect(response.toolCalls.isEmpty)
    #expect(response.finishReason == .stop)
  }

  @Test("an unsupported city is corrected when the rejected value contains a supported one")
  func correctsRejectedValue() async throws {
    let call = ToolCall(id: "call_1", name: "weather", arguments: ["city": "北京市", "language": "zh"])
    let error = ToolSkillError.invalidArguments(
      skillID: "weather",
      violations: [
        SchemaViolation(
          path: "/city", keyword: "allowedValues", message: #""北京市" is not supported; supported: 北京, 上海, Beijing"#)
      ])
    let response = try await respond([
      .user("北京市天气"), .assistant("", toolCalls: [call]), .tool(error.description, callID: "call_1", name: "weather"),
    ])
    #expect(
      response.toolCalls == [ToolCall(id: "call_2", name: "weather", arguments: ["city": "北京", "language": "zh"])])
  }

  @Test("an unsupported city with no evident fix is asked about, in the user's script")
  func asksAboutRejectedValue() async throws {
    let error = ToolSkillError.invalidArguments(
      skillID: "weather",
      violations: [
        SchemaViolation(
          path: "/city", keyword: "allowedValues",
          message: #""纽约" is not supported; supported: 北京, 上海, 广州, Beijing, Shanghai"#)
      ])
    let call = ToolCall(id: "call_1", name: "weather", arguments: ["city": "纽约"])
    let chinese = try await respond([
      .user("纽约天气怎么样"), .assistant("", toolCalls: [call]), .tool(error.description, callID: "call_1", name: "weather"),
    ])
    #expect(chinese.toolCalls.isEmpty)
    #expect(chinese.text == "抱歉，暂不支持「纽约」。目前支持：北京、上海、广州。请问换成哪一个？")

    let englishError = ToolSkillError.invalidArguments(
      skillID: "weather",
      violations: [
        SchemaViolation(
          path: "/city", keyword: "allowedValues",
          message: #""New York" is not supported; supported: 北京, 上海, Beijing, Shanghai, … (12 more)"#)
      ])
    let english = try await respond([
      .user("What's the weather in New York?"), .assistant("", toolCalls: [call]),
      .tool(englishError.description, callID: "call_1", name: "weather"),
    ])
    #expect(
      english.text
        == #"Sorry, "New York" isn't supported. Supported: Beijing, Shanghai. Which one would you like instead?"#)
  }

  @Test("corrections stop after the limit and the user is asked")
  func correctionLimit() async throws {
    let error = ToolSkillError.invalidArguments(
      skillID: "weather",
      violations: [
        SchemaViolation(path: "/city", keyword: "allowedValues", message: #""北京市" is not supported; supported: 北京"#)
      ]
    ).description
    var messages: [ChatMessage] = [.user("北京市天气")]
    for round in 1...(RuleBasedModel.maximumCorrections + 1) {
      let call = ToolCall(id: "call_\(round)", name: "weather", arguments: ["city": "北京市"])
      messages += [.assistant("", toolCalls: [call]), .tool(error, callID: call.id, name: "weather")]
    }
    let response = try await respond(messages)
    #expect(response.toolCalls.isEmpty)
    #expect(response.text?.hasPrefix("抱歉，暂不支持「北京市」") == true)
  }

  @Test("other rejections are explained with the argument's label, common messages in Chinese")
  func explainsRejection() async throws {
    let error = ToolSkillError.invalidArguments(
      skillID: "weather",
      violations: [
        SchemaViolation(
          path: "/date", keyword: "forecastRange",
          message: "must be between 2026-03-06 and 2026-03-12: the offline forecast covers 7 days")
      ]
    ).description
    let call = ToolCall(id: "call_1", name: "weather", arguments: ["city": "北京", "date": "2026-03-13"])
    let chinese = try await respond([
      .user("下周五北京天气"), .assistant("", toolCalls: [call]), .tool(error, callID: "call_1", name: "weather"),
    ])
    #expect(chinese.text == "抱歉，「哪一天」须在 2026-03-06 到 2026-03-12 之间。能换一个再试试吗？")
    let english = try await respond([
      .user("weather in Beijing next Friday"), .assistant("", toolCalls: [call]),
      .tool(error, callID: "call_1", name: "weather"),
    ])
    #expect(english.text == "Sorry, the date must be between 2026-03-06 and 2026-03-12. Could you try something else?")
  }

  @Test("enum violations are corrected from what the user said")
  func correctsEnum() async throws {
    let tool = ToolDefinition(
      name: "convert", description: "temperature unit",
      parameters: .object(properties: ["unit": .string(enum: ["celsius", "fahrenheit"])], required: ["unit"]))
    let violation = tool.parameters.validate(["unit": "F"])
    let error = ToolSkillError.invalidArguments(skillID: "convert", violations: violation).description
    let call = ToolCall(id: "call_1", name: "convert", arguments: ["unit": "F"])
    let response = try await respond(
      [
        .user("convert to fahrenheit"), .assistant("", toolCalls: [call]),
        .tool(error, callID: "call_1", name: "convert"),
      ],
      tools: [tool])
    #expect(response.toolCalls.first?.arguments == ["unit": "fahrenheit"])
  }

  @Test("failures, declines and unavailable tools are explained")
  func failures() async throws {
    let call = ToolCall(id: "call_1", name: "create_reminder", arguments: ["title": "开周会"])
    let failed = ToolSkillError.executionFailed(
      skillID: "create_reminder", underlying: CocoaError(.fileWriteNoPermission))
    let failure = try await respond([
      .user("提醒我开周会"), .assistant("", toolCalls: [call]),
      .tool(failed.description, callID: "call_1", name: "create_reminder"),
    ])
    #expect(failure.text?.hasPrefix("抱歉，没能完成：") == true)
    let declined = try await respond([
      .user("提醒我开周会"), .assistant("", toolCalls: [call]),
      .tool("The user declined to run \"create_reminder\".", callID: "call_1", name: "create_reminder"),
    ])
    #expect(declined.text == "好的，已取消，没有执行。")
    let unavailable = try await respond([
      .user("remind me"), .assistant("", toolCalls: [call]),
      .tool(
        "The tool \"create_reminder\" is turned off. Answer without it.", callID: "call_1", name: "create_reminder"),
    ])
    #expect(unavailable.text == "Sorry, I can't do that right now (The tool \"create_reminder\" is turned off).")
  }

  // MARK: Registry

  @Test("a registry supplies known values and capabilities")
  @MainActor
  func fromRegistry() throws {
    let registry = SkillRegistry()
    try registry.register(
      ToolSkillOf<JSONValue>(
        id: "weather",
        displayName: LocalizedText("天气查询", translations: ["en": "Weather"]),
        description: "查询城市天气",
        inputSchema: .object(properties: ["city": .string()], required: ["city"]),
        validators: [.allowedValues(["北京", "上海"], at: "/city")]
      ) { _, _ in .text("ok") })
    let model = RuleBasedModel(registry: registry, timeZone: OfflineFixtures.timeZone, now: { OfflineFixtures.now })
    #expect(model.knownValues == ["weather": ["/city": ["北京", "上海"]]])
    #expect(model.capabilities.map { $0.resolved(languageTag: "en") } == ["Weather"])
    let tool = try #require(registry.allToolDefinitions().first)
    #expect(model.extractArguments(for: tool, from: "上海天气").arguments["city"] == "上海")
  }
}
