import AgentSkill
import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation
import Testing

@Suite("ChatAgent confirmation")
@MainActor
struct ChatAgentConfirmationTests {
  typealias Fixtures = ChatFixtures

  private func reminderChat(
    _ replies: [ScriptedLanguageModel.Reply], created: LockIsolated<[String]>, logSink: RecordingLogSink? = nil
  ) throws -> (ChatAgent, ScriptedLanguageModel) {
    let model = ScriptedLanguageModel(replies)
    let chat = Fixtures.chat(
      model, registry: try Fixtures.registry([Fixtures.reminder(log: created)]), logSink: logSink)
    return (chat, model)
  }

  @Test func aConfirmedCallRunsAfterTheUserAgrees() async throws {
    let created = LockIsolated<[String]>([])
    let (chat, model) = try reminderChat(
      [.toolCall(name: "reminder", arguments: ["title": "开周会"], id: "r1"), .text("已为你创建提醒。")],
      created: created)

    let task = chat.send("明天下午三点提醒我开周会")
    await chat.waitUntil { $0.phase == .awaitingConfirmation(skillID: "reminder") }
    let request = try #require(chat.pendingConfirmation)
    #expect(request.callID == "r1" && request.skillID == "reminder" && request.displayName == "设置提醒")
    #expect(request.arguments == ["title": "开周会"])
    #expect(chat.allCalls.map(\.status) == [.pending])
    #expect(created.value.isEmpty)
    #expect(model.requests.count == 1)

    chat.confirm()
    await task.finish()
    #expect(created.value == ["开周会"])
    #expect(chat.pendingConfirmation == nil)
    #expect(chat.allCalls.map(\.status) == [.succeeded])
    #expect(chat.results.first?.display == .text("已创建提醒：开周会"))
    #expect(chat.phase == .idle)
    #expect(
      chat.phaseHistory == [
        .analyzing, .selectingSkill, .executing(skillID: "reminder"), .awaitingConfirmation(skillID: "reminder"),
        .executing(skillID: "reminder"), .selectingSkill, .responding, .idle,
      ])
  }

  @Test func aDeniedCallNeverRunsAndTheModelIsToldTheUserDeclined() async throws {
    let created = LockIsolated<[String]>([])
    let (chat, model) = try reminderChat(
      [.toolCall(name: "reminder", arguments: ["title": "开周会"], id: "r1"), .text("好的，不创建了。")],
      created: created)

    let task = chat.send("提醒我开周会")
    await chat.waitUntil { $0.pendingConfirmation != nil }
    chat.deny()
    await task.finish()

    #expect(created.value.isEmpty)
    #expect(chat.allCalls.map(\.status) == [.denied])
    let declined = try #require(model.requests.last?.messages.last)
    #expect(declined.role == .tool && declined.toolCallID == "r1")
    #expect(declined.content.contains("declined"))
    #expect(chat.results.first?.isSuccess == false)
    #expect(chat.phase == .idle)
    #expect(chat.phaseHistory.contains(.awaitingConfirmation(skillID: "reminder")))
    #expect(chat.context.rejectedTransitions.isEmpty)
  }

  @Test func anAnswerArrivingWithTheCallCannotSkipTheConfirmation() async throws {
    let created = LockIsolated<[String]>([])
    let logSink = RecordingLogSink()
    let (chat, model) = try reminderChat(
      [
        .toolCalls([ToolCall(id: "r1", name: "reminder", arguments: ["title": "开周会"])], text: "好的，已为你创建提醒。"),
        .text("提醒已创建。"),
      ],
      created: created, logSink: logSink)

    let task = chat.send("提醒我开周会")
    await chat.waitUntil { $0.phase == .awaitingConfirmation(skillID: "reminder") }
    #expect(chat.messages[1].text == "好的，已为你创建提醒。")
    #expect(created.value.isEmpty)

    // Something tries to jump straight to answering: refused, recorded, logged.
    let rogue = ClosureIntentSkill<ChatContext, ChatIntent, ChatEffect>(
      "RogueSkill", priority: 0, policy: { _ in .parallel }, canHandle: { $0 == .deny(callID: "rogue") },
      handle: { _, _, emit in
        emit(.transition(.responding))
        return .handled
      })
    chat.agent.mount(rogue)
    await chat.agent.send(.deny(callID: "rogue")).finish()

    let rejection = PhaseTransitionRejection(from: .awaitingConfirmation(skillID: "reminder"), to: .responding)
    #expect(chat.phase == .awaitingConfirmation(skillID: "reminder"))
    #expect(chat.context.rejectedTransitions == [rejection])
    let followedUp = chat.timeline.entries.contains { entry in
      if case .followUp(.transitionRejected(let recorded)) = entry.event { return recorded == rejection }
      return false
    }
    #expect(followedUp)
    #expect(logSink.entries.contains { $0.level == .warning && $0.message == rejection.description })
    #expect(model.requests.count == 1)

    chat.confirm()
    await task.finish()
    #expect(created.value == ["开周会"])
    #expect(chat.phase == .idle)
  }

  @Test func confirmAndDenyDoNothingWhenNothingWaits() async throws {
    let created = LockIsolated<[String]>([])
    let (chat, _) = try reminderChat([.text("你好")], created: created)
    chat.confirm()
    chat.deny()
    #expect(chat.agent.isIdle)
    await chat.send("hi").finish()
    #expect(chat.phase == .idle)
  }

  @Test func confirmationsAreAskedOneAtATimeWhileOtherCallsRun() async throws {
    let created = LockIsolated<[String]>([])
    let model = ScriptedLanguageModel([
      .toolCalls([
        ToolCall(id: "r1", name: "reminder", arguments: ["title": "周会"]),
        ToolCall(id: "w1", name: "weather", arguments: ["city": "北京"]),
        ToolCall(id: "r2", name: "reminder", arguments: ["title": "带伞"]),
      ]),
      .text("好了。"),
    ])
    let registry = try Fixtures.registry([Fixtures.reminder(log: created), Fixtures.weather()])
    let chat = Fixtures.chat(model, registry: registry)

    let task = chat.send("北京天气，提醒我开周会和带伞")
    await chat.waitUntil { $0.pendingConfirmation?.callID == "r1" }
    await chat.waitUntil { $0.messages.flatMap(\.toolCalls).first { $0.id == "w1" }?.status == .succeeded }
    chat.confirm()
    await chat.waitUntil { $0.pendingConfirmation?.callID == "r2" }
    #expect(chat.phase == .awaitingConfirmation(skillID: "reminder"))
    chat.deny()
    await task.finish()

    #expect(created.value == ["周会"])
    #expect(chat.allCalls.map(\.status) == [.succeeded, .succeeded, .denied])
    #expect(model.requests[1].messages.suffix(3).map(\.toolCallID) == ["r1", "w1", "r2"])
  }
}
