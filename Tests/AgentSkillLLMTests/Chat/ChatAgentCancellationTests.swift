import AgentSkill
import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation
import Testing

@Suite("ChatAgent cancellation", .timeLimit(.minutes(5)))
@MainActor
struct ChatAgentCancellationTests {
  typealias Fixtures = ChatFixtures

  @Test func cancellingMidStreamStopsTheModelAndKeepsTheTextShown() async throws {
    let clock = TestClock()
    let paused = Checkpoint()
    let model = ScriptedLanguageModel([
      .events([
        .event(.textDelta("你好，我是")), .wait(paused), .event(.textDelta("助手")),
        .event(.completed(ChatResponse(text: "你好，我是助手", finishReason: .stop))),
      ])
    ])
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([Fixtures.weather()]), clock: clock)

    let task = chat.send("你好")
    await paused.waitForArrival()
    await clock.waitForSleepers(1)
    await clock.advance(by: ChatAgentOptions().streamBatchWindow)
    await chat.waitUntil { $0.messages.last?.text == "你好，我是" }
    #expect(chat.phase == .responding)
    #expect(chat.messages.last?.isStreaming == true)

    await chat.cancel().finish()
    await task.finish()
    #expect(chat.phase == .idle)
    #expect(chat.messages.last?.text == "你好，我是")
    #expect(chat.messages.last?.isStreaming == false)
    #expect(chat.context.turns.last?.state == .cancelled)
    await model.waitForCancelledStreams(1)  // the turn settles before its stream's task notices
    #expect(model.cancelledStreams == 1)
  }

  @Test func cancellingMidToolCancelsItAndItsResultNeverAppears() async throws {
    let clock = TestClock()
    let started = Checkpoint()
    let model = ScriptedLanguageModel([.toolCall(name: "ledger", id: "l1"), .text("never requested")])
    let chat = Fixtures.chat(
      model, registry: try Fixtures.registry([Fixtures.ledger(seconds: 5, started: started)]), clock: clock)

    let task = chat.send("查一下记账")
    await started.waitForArrival()
    await chat.waitUntil { $0.phase == .executing(skillID: "ledger") }
    await chat.cancel().finish()
    await task.finish()
    await clock.advance(by: .seconds(10))

    #expect(chat.phase == .idle)
    #expect(chat.allCalls.map(\.status) == [.cancelled])
    #expect(chat.results.isEmpty)
    #expect(chat.roles == [.user, .assistant])
    #expect(!clock.hasSleepers)
    #expect(model.requests.count == 1)
    #expect(chat.metrics.skillTimings.isEmpty)
  }

  @Test func cancellingWhileAwaitingConfirmationClearsIt() async throws {
    let created = LockIsolated<[String]>([])
    let model = ScriptedLanguageModel([.toolCall(name: "reminder", arguments: ["title": "周会"], id: "r1")])
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([Fixtures.reminder(log: created)]))

    let task = chat.send("提醒我开周会")
    await chat.waitUntil { $0.pendingConfirmation != nil }
    await chat.cancel().finish()
    await task.finish()
    chat.confirm()

    #expect(chat.pendingConfirmation == nil)
    #expect(chat.phase == .idle)
    #expect(chat.allCalls.map(\.status) == [.cancelled])
    #expect(created.value.isEmpty)
  }

  @Test func aNewMessageWhileStreamingCancelsTheOldReply() async throws {
    let paused = Checkpoint()
    let model = ScriptedLanguageModel([
      .events([.event(.textDelta("第一个回答")), .wait(paused), .event(.completed(ChatResponse(text: "第一个回答")))]),
      .text("第二个回答"),
    ])
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([Fixtures.weather()]))

    let first = chat.send("问题一")
    await paused.waitForArrival()
    let second = chat.send("问题二")
    await second.finish()
    await first.finish()

    #expect(chat.phase == .idle)
    #expect(chat.context.turns.map(\.state) == [.cancelled, .answered])
    #expect(chat.messages.filter { $0.isStreaming }.isEmpty)
    #expect(chat.messages.last?.text == "第二个回答")
    #expect(chat.messages.last?.turn == 2)
    await model.waitForCancelledStreams(1)  // the turn settles before its stream's task notices
    #expect(model.cancelledStreams == 1)
    #expect(chat.context.rejectedTransitions.isEmpty)
  }

  @Test func cancellingWhenIdleChangesNothing() async throws {
    let model = ScriptedLanguageModel([.text("你好")])
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([]))
    await chat.send("hi").finish()
    let before = chat.context
    await chat.cancel().finish()
    #expect(chat.context == before)
  }

  @Test func clearingForgetsTheConversationButKeepsMetrics() async throws {
    let model = ScriptedLanguageModel([.text("你好", usage: TokenUsage(inputTokens: 3, outputTokens: 1)), .text("再见")])
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([]))
    await chat.send("hi").finish()
    await chat.clear().finish()
    #expect(chat.messages.isEmpty)
    #expect(chat.metrics.modelRequests == 1)
    await chat.send("bye").finish()
    #expect(model.requests.last?.messages == [.system("You are a helpful assistant."), .user("bye")])
    #expect(chat.messages.first?.turn == 2)
  }

  /// "New chat", then typing at once: the clear is applied before the new
  /// message runs, never cancelled by it.
  @Test func aClearFollowedAtOnceByASendStartsAnEmptyConversation() async throws {
    let model = ScriptedLanguageModel((0..<101).map { .text("answer \($0)") })
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([]))
    await chat.send("first").finish()
    for round in 1...100 {
      chat.clear()
      await chat.send("question \(round)").finish()
      #expect(chat.messages.map(\.text) == ["question \(round)", "answer \(round)"])
    }
    #expect(model.requests.last?.messages == [.system("You are a helpful assistant."), .user("question 100")])
  }

  @Test func aCancelFollowedAtOnceByASendIsApplied() async throws {
    let clock = TestClock()
    let paused = Checkpoint()
    let model = ScriptedLanguageModel([
      .events([.event(.textDelta("半")), .wait(paused), .event(.textDelta("句"))]),
      .text("第二个回答"),
    ])
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([]), clock: clock)
    let first = chat.send("第一个")
    await paused.waitForArrival()
    chat.cancel()
    let second = chat.send("第二个")
    await first.finish()
    await second.finish()
    #expect(chat.context.turns.first?.state == .cancelled)
    #expect(chat.messages.last?.text == "第二个回答")
    #expect(chat.phase == .idle)
  }
}
