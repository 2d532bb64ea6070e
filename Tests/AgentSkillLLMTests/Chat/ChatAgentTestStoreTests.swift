import AgentSkill
import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation
import Testing

@Suite("ChatAgent with AgentTestStore and timeouts", .timeLimit(.minutes(5)))
@MainActor
struct ChatAgentTestStoreTests {
  typealias Fixtures = ChatFixtures

  @Test func theChatSkillsAndReducerRunExhaustivelyInATestStore() async throws {
    let model = ScriptedLanguageModel([.text("吃过了。")])
    let registry = try Fixtures.registry([Fixtures.weather()])
    let store = AgentTestStore(
      context: ChatContext(),
      skills: ChatAgent.makeSkills(model: model, registry: registry, feedbackLogURL: Fixtures.temporaryLogURL()),
      reduce: ChatReducer.reduce,
      environment: SkillEnvironment(clock: TestClock()))

    await store.send(.send(text: "你今天吃了吗", turn: 1))
    await store.receive(.turnStarted(turn: 1, text: "你今天吃了吗")) {
      $0.phase = .analyzing
      $0.messages = [ChatAgentMessage(id: .init(turn: 1, index: 0), role: .user, text: "你今天吃了吗")]
      $0.turns = [ChatTurnInfo(turn: 1, question: "你今天吃了吗")]
    }
    await store.receive(.toolsOffered(turn: 1, tools: []))
    await store.receive(.transition(.responding)) { $0.phase = .responding }
    let answerID = ChatAgentMessage.ID(turn: 1, index: 1)
    await store.receive(
      .appendMessage(ChatAgentMessage(id: answerID, role: .assistant, text: "", isStreaming: true))
    ) {
      $0.messages.append(ChatAgentMessage(id: answerID, role: .assistant, text: "", isStreaming: true))
    }
    await store.receive(.modelRequest(usage: nil)) {
      $0.modelRequests = 1
      $0.conversationUsage.modelRequests = 1
      $0.turns[0].usage.modelRequests = 1
    }
    await store.receive(.finishMessage(answerID, text: "吃过了。", toolCalls: [])) {
      $0.messages[1].text = "吃过了。"
      $0.messages[1].isStreaming = false
    }
    await store.receive(.turnFinished) {
      $0.phase = .idle
      $0.turns[0].state = .answered
    }
    await store.finish()
  }

  @Test func aToolThatOverrunsItsTimeoutFailsWithATimeoutResult() async throws {
    let clock = TestClock()
    let model = ScriptedLanguageModel([.toolCall(name: "ledger", id: "l1"), .text("查询超时了。")])
    var options = ChatAgentOptions()
    options.toolTimeout = .seconds(2)
    let chat = Fixtures.chat(
      model, registry: try Fixtures.registry([Fixtures.ledger(seconds: 5)]), clock: clock, options: options)

    let task = chat.send("查一下记账")
    await clock.waitForSleepers(2)
    await clock.advance(by: .seconds(2))
    await task.finish()

    let call = try #require(chat.allCalls.first)
    #expect(call.status == .failed)
    #expect(call.duration == .seconds(2))
    #expect(call.error?.contains("did not finish within 2.0 seconds") == true)
    #expect(model.requests.last?.messages.last?.content == call.error)
    #expect(
      chat.metrics.skillTimings == [
        SkillTimingStats(skillID: "ledger", count: 1, total: .seconds(2), maximum: .seconds(2))
      ])
    #expect(chat.phase == .idle)
  }

  @Test func theTimelineExportNamesEveryTurnStep() async throws {
    let model = ScriptedLanguageModel([.toolCall(name: "weather", arguments: ["city": "北京"]), .text("多云。")])
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([Fixtures.weather()]))
    await chat.send("北京天气").finish()
    let document = chat.exportTimeline()
    let json = String(decoding: try document.jsonData(), as: UTF8.self)
    #expect(json.contains("ChatTurnSkill"))
    #expect(json.contains("callFinished"))
    #expect(json.contains("turnFinished"))
  }

  /// A chat agent the app built is tested as it is: the store wraps its agent.
  @Test func aStoreWrapsAChatAgentTheAppBuilt() async throws {
    let model = ScriptedLanguageModel([.text("你好")])
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([]))
    let store = AgentTestStore(chat.agent)
    store.exhaustivity = .off
    chat.send("hi")
    let isTurnStart: (ChatEffect) -> Bool = { if case .turnStarted = $0 { true } else { false } }
    await store.receive(where: isTurnStart, assert: { $0.phase = .analyzing })
    await store.receive(.turnFinished) {
      $0.phase = .idle
      $0.messages[1].text = "你好"
    }
    await store.finish()
    #expect(chat.messages.map(\.text) == ["hi", "你好"])
  }
}
