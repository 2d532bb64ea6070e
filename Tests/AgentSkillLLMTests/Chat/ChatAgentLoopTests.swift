import AgentSkill
import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation
import Testing

@Suite("ChatAgent loop", .timeLimit(.minutes(5)))
@MainActor
struct ChatAgentLoopTests {
  typealias Fixtures = ChatFixtures

  @Test func singleToolCallRunsTheSkillAndSendsItsSummaryBack() async throws {
    let cities = LockIsolated<[String]>([])
    let model = ScriptedLanguageModel([
      .toolCall(name: "weather", arguments: ["city": "北京"]),
      .text("北京今天多云，22 度。"),
    ])
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([Fixtures.weather(log: cities)]))

    await chat.send("北京天气怎么样？").finish()

    #expect(chat.phase == .idle)
    #expect(chat.roles == [.user, .assistant, .tool, .assistant])
    #expect(cities.value == ["北京"])
    let call = try #require(chat.allCalls.first)
    #expect(call.status == .succeeded)
    #expect(call.skillID == "weather")
    #expect(call.displayName == "天气查询")
    #expect(call.duration == .zero)
    let result = try #require(chat.results.first)
    #expect(result.summary == "北京今天多云 22°C，后天有雨")
    #expect(result.display == .keyValues(["城市": "北京", "天气": "多云", "温度": "22°C"]))
    #expect(chat.messages.last?.text == "北京今天多云，22 度。")
    #expect(chat.messages.last?.isStreaming == false)

    #expect(model.requests.count == 2)
    #expect(model.requests[0].tools.map(\.name) == ["weather"])
    #expect(model.requests[0].messages == [.system("You are a helpful assistant."), .user("北京天气怎么样？")])
    #expect(
      model.requests[1].messages.suffix(2) == [
        .assistant("", toolCalls: [ToolCall(id: "call_weather", name: "weather", arguments: ["city": "北京"])]),
        .tool("北京今天多云 22°C，后天有雨", callID: "call_weather", name: "weather"),
      ])
    #expect(
      chat.phaseHistory == [
        .analyzing, .selectingSkill, .executing(skillID: "weather"), .selectingSkill, .responding, .idle,
      ])
    #expect(chat.context.rejectedTransitions.isEmpty)
  }

  @Test func parallelCallsRunAtOnceOnTheClockAndAreTimedPerSkill() async throws {
    let clock = TestClock()
    let model = ScriptedLanguageModel([
      .toolCalls([
        ToolCall(id: "c1", name: "ledger"), ToolCall(id: "c2", name: "ledger"),
        ToolCall(id: "c3", name: "weather", arguments: ["city": "上海"]),
      ]),
      .text("查好了。", usage: TokenUsage(inputTokens: 30, outputTokens: 4)),
    ])
    var options = ChatAgentOptions()
    options.toolTimeout = nil
    let registry = try Fixtures.registry([Fixtures.ledger(seconds: 2), Fixtures.weather()])
    let chat = Fixtures.chat(model, registry: registry, clock: clock, options: options)

    let task = chat.send("查一下上周三的记账明细，再看看上海天气")
    await clock.waitForSleepers(2)
    await chat.waitUntil { context in
      context.messages.flatMap(\.toolCalls).map(\.status) == [.running, .running, .succeeded]
    }
    #expect(chat.phase == .executing(skillID: "ledger"))
    await clock.advance(by: .seconds(2))
    await task.finish()

    #expect(chat.phase == .idle)
    #expect(chat.allCalls.map(\.status) == [.succeeded, .succeeded, .succeeded])
    #expect(chat.allCalls.map(\.duration) == [.seconds(2), .seconds(2), .zero])
    #expect(chat.results.map(\.callID) == ["c3", "c1", "c2"] || chat.results.map(\.callID) == ["c3", "c2", "c1"])
    #expect(clock.now.offset == .seconds(2))
    let metrics = chat.metrics
    #expect(metrics.skillTimings.map(\.skillID) == ["ledger", "weather"])
    #expect(
      metrics.skillTimings.first
        == SkillTimingStats(skillID: "ledger", count: 2, total: .seconds(4), maximum: .seconds(2)))
    #expect(metrics.tokenUsage == TokenUsage(inputTokens: 30, outputTokens: 4))
    #expect(metrics.modelRequests == 2)
    // Results go back in the order the model asked for them.
    #expect(model.requests[1].messages.suffix(3).map(\.toolCallID) == ["c1", "c2", "c3"])
    #expect(model.requests[1].messages.last?.content == "上海今天多云 22°C，后天有雨")
  }

  @Test func invalidArgumentsAreSentBackAndTheRepairedCallRuns() async throws {
    let cities = LockIsolated<[String]>([])
    let model = ScriptedLanguageModel([
      .toolCall(name: "weather", arguments: ["city": "纽约"], id: "c1"),
      .toolCall(name: "weather", arguments: ["city": "上海"], id: "c2"),
      .text("上海今天多云。"),
    ])
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([Fixtures.weather(log: cities)]))
    await chat.send("纽约天气怎么样").finish()

    #expect(chat.phase == .idle)
    #expect(cities.value == ["上海"])
    #expect(chat.allCalls.map(\.status) == [.failed, .succeeded])
    let error = try #require(chat.allCalls.first?.error)
    #expect(error.contains("纽约") && error.contains("Fix these arguments"))
    #expect(chat.results.first?.isSuccess == false)
    #expect(chat.results.first?.display == ToolDisplay.none)
    #expect(model.requests[1].messages.last == .tool(error, callID: "c1", name: "weather"))
    #expect(chat.allCalls.first?.duration == nil)
    #expect(chat.metrics.skillTimings.first?.count == 1)
  }

  @Test func aModelLoopingOnTheSameInvalidCallEndsAfterTheRepairBudget() async throws {
    let model = ScriptedLanguageModel([
      .toolCall(name: "weather", arguments: ["city": "纽约"], id: "c1"),
      .toolCall(name: "weather", arguments: ["city": "纽约"], id: "c2"),
      .toolCall(name: "weather", arguments: ["city": "纽约"], id: "c3"),
      .text("never requested"),
    ])
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([Fixtures.weather()]))
    await chat.send("纽约天气").finish()

    guard case .repairsExhausted(let tool, let repairs, let problem)? = chat.lastError else {
      Issue.record("expected repairsExhausted, got \(String(describing: chat.lastError))")
      return
    }
    #expect(tool == "weather" && repairs == 2 && problem.contains("纽约"))
    #expect(chat.phase == .failed(chat.lastError?.description ?? ""))
    #expect(model.requests.count == 3)
    #expect(model.pendingReplies == 1)
    #expect(chat.allCalls.map(\.status) == [.failed, .failed, .failed])
    #expect(chat.context.turns.last?.state == .failed)
  }

  @Test func anUnknownToolIsAnsweredWithTheAvailableOnesAndTheModelCorrectsItself() async throws {
    let model = ScriptedLanguageModel([
      .toolCall(name: "get_wether", arguments: ["city": "北京"], id: "c1"),
      .toolCall(name: "weather", arguments: ["city": "北京"], id: "c2"),
      .text("北京多云。"),
    ])
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([Fixtures.weather()]))
    await chat.send("北京天气").finish()

    #expect(chat.phase == .idle)
    let unknown = try #require(chat.allCalls.first)
    #expect(unknown.skillID == nil && unknown.status == .failed && unknown.displayName == "get_wether")
    let expected = ToolCallError.unknownTool(name: "get_wether", available: ["weather"]).description
    #expect(unknown.error == expected)
    #expect(model.requests[1].messages.last == .tool(expected, callID: "c1", name: "get_wether"))
    #expect(chat.allCalls.last?.status == .succeeded)
  }

  @Test func theStepLimitStopsAModelThatNeverAnswers() async throws {
    let cities = LockIsolated<[String]>([])
    let model = ScriptedLanguageModel([
      .toolCall(name: "weather", arguments: ["city": "北京"], id: "c1"),
      .toolCall(name: "weather", arguments: ["city": "上海"], id: "c2"),
    ])
    var options = ChatAgentOptions()
    options.maxSteps = 2
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([Fixtures.weather(log: cities)]), options: options)
    await chat.send("天气").finish()

    #expect(chat.lastError == .stepLimitReached(maxSteps: 2))
    #expect(chat.phase == .failed(ChatAgentError.stepLimitReached(maxSteps: 2).description))
    #expect(cities.value == ["北京"])
    #expect(chat.allCalls.map(\.status) == [.succeeded, .failed])
    #expect(chat.results.count == 1)
    #expect(model.requests.count == 2)
  }

  @Test func smallTalkGetsAPlainAnswerWithoutTools() async throws {
    let cities = LockIsolated<[String]>([])
    let model = ScriptedLanguageModel([.text("吃过了，谢谢！")])
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([Fixtures.weather(log: cities)]))
    await chat.send("你今天吃了吗").finish()

    #expect(model.requests.first?.tools.isEmpty == true)
    #expect(cities.value.isEmpty)
    #expect(chat.allCalls.isEmpty)
    #expect(chat.roles == [.user, .assistant])
    #expect(chat.messages.last?.text == "吃过了，谢谢！")
    #expect(chat.phaseHistory == [.analyzing, .responding, .idle])
    #expect(chat.context.turns.first?.offeredTools == [])
  }

  @Test func aProviderErrorFailsTheTurnAndSendingAgainRecovers() async throws {
    let model = ScriptedLanguageModel([
      .failure(
        LanguageModelError.httpStatus(code: 500, message: "upstream down, key sk-live-abcdefghijklmnopqrstuvwxyz")),
      .text("好的。"),
    ])
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([Fixtures.weather()]))
    await chat.send("你好").finish()

    guard case .model(let error)? = chat.lastError else {
      Issue.record("expected a model error, got \(String(describing: chat.lastError))")
      return
    }
    let message = error.description
    if case .httpStatus(_, let vendor) = error { #expect(vendor?.contains("sk-live") == false) }
    #expect(message.contains("500"))
    #expect(!message.contains("sk-live"))
    #expect(chat.phase == .failed(chat.lastError?.description ?? ""))

    await chat.send("你好").finish()
    #expect(chat.phase == .idle)
    #expect(chat.lastError == nil)
    #expect(chat.messages.last?.text == "好的。")
    #expect(chat.context.turns.map(\.state) == [.failed, .answered])
    // The failed turn's question is still history; the model sees both.
    #expect(model.requests[1].messages.filter { $0.role == .user }.count == 2)
  }
}

@Suite("ChatAgent follow-up answers", .timeLimit(.minutes(5)))
@MainActor
struct ChatAgentFollowUpTests {
  typealias Fixtures = ChatFixtures

  @Test func aReplyToTheModelsQuestionIsMatchedWithTheRequestItCompletes() async throws {
    let model = ScriptedLanguageModel([.text("请问是几点？"), .text("好的，下午三点开周会。")])
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([Fixtures.weather(), Fixtures.reminder()]))

    await chat.send("提醒我开周会").finish()
    // "下午三点" alone matches no skill; it answers the question about the reminder.
    await chat.send("下午三点").finish()

    #expect(model.requests.count == 2)
    #expect(model.requests[0].tools.map(\.name) == ["reminder"])
    #expect(model.requests[1].tools.map(\.name) == ["reminder"])
  }

  @Test func anUnrelatedMessageAfterAnAnswerIsNotMatchedWithTheEarlierRequest() async throws {
    let model = ScriptedLanguageModel([.text("已提醒。"), .text("你好！")])
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([Fixtures.reminder()]))

    await chat.send("提醒我开周会").finish()
    await chat.send("下午三点").finish()

    #expect(model.requests[1].tools.isEmpty)
  }

  @Test func aFollowUpNamingAnotherSkillsValueIsOfferedThatSkill() async throws {
    let model = ScriptedLanguageModel([.text("上周三共 5 笔。"), .text("上海今天多云。")])
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([Fixtures.ledger(seconds: 0), Fixtures.weather()]))

    await chat.send("上周三的记账明细").finish()
    // "那上海呢？" names no keyword, but 上海 is a city only the weather skill accepts.
    await chat.send("那上海呢？").finish()

    #expect(model.requests[0].tools.map(\.name) == ["ledger"])
    #expect(model.requests[1].tools.map(\.name) == ["weather"])
  }

  @Test func aFollowUpNamingNoValueKeepsThePreviousTools() async throws {
    let model = ScriptedLanguageModel([.text("北京今天多云。"), .text("明天也多云。")])
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([Fixtures.ledger(seconds: 0), Fixtures.weather()]))

    await chat.send("北京天气").finish()
    await chat.send("那明天呢？").finish()

    #expect(model.requests[1].tools.map(\.name) == ["weather"])
  }

  @Test(arguments: ["不对，改成明天", "我是说明天", "No, I meant tomorrow", "Actually, tomorrow"])
  func aCorrectionKeepsThePreviousTools(correction: String) async throws {
    let model = ScriptedLanguageModel([.text("北京今天多云。"), .text("明天也多云。")])
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([Fixtures.ledger(seconds: 0), Fixtures.weather()]))

    await chat.send("北京天气").finish()
    await chat.send(correction).finish()

    #expect(model.requests[1].tools.map(\.name) == ["weather"], "\(correction)")
  }
}
