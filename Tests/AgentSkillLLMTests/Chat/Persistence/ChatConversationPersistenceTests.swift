import AgentSkill
import AgentSkillAutonomy
import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation
import Testing

@Suite("Saving and restoring a chat", .timeLimit(.minutes(2)))
@MainActor
struct ChatConversationPersistenceTests {
  typealias Fixtures = ChatFixtures

  /// A file store in a fresh temporary directory.
  private func store() -> (FileDraftStore<ChatConversation>, URL) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("agentskill-conversations-\(UUID().uuidString)", isDirectory: true)
    return (FileDraftStore<ChatConversation>(directory: directory), directory)
  }

  private func chat(_ model: ScriptedLanguageModel, skills: [any ToolSkill]) throws -> ChatAgent {
    Fixtures.chat(model, registry: try Fixtures.registry(skills))
  }

  @Test func aConversationRoundTripsThroughJSONAndTheModelSeesItAfterRestoring() async throws {
    let model = ScriptedLanguageModel([
      .toolCall(name: "weather", arguments: ["city": "北京"], id: "call_w"),
      .text("北京多云。", usage: TokenUsage(inputTokens: 120, outputTokens: 8, cacheReadInputTokens: 64)),
    ])
    let chat = try chat(model, skills: [Fixtures.weather()])
    await chat.send("北京天气怎么样").finish()

    let data = try JSONEncoder().encode(chat.conversation)
    let decoded = try JSONDecoder().decode(ChatConversation.self, from: data)
    #expect(decoded == chat.conversation)
    #expect(decoded.version == ChatConversation.currentVersion)

    let later = ScriptedLanguageModel([.text("不客气。")])
    let restored = try self.chat(later, skills: [Fixtures.weather()])
    restored.restore(decoded)
    #expect(restored.messages == chat.messages)
    #expect(restored.context.turns == chat.context.turns)
    #expect(restored.context.conversationUsage == chat.context.conversationUsage)
    #expect(restored.phase == .idle)

    await restored.send("谢谢").finish()
    #expect(restored.messages.last?.text == "不客气。")
    #expect(restored.messages.last?.id.turn == 2)
    let request = try #require(later.requests.first)
    #expect(request.messages.map(\.role) == [.system, .user, .assistant, .tool, .assistant, .user])
    #expect(request.messages[2].toolCalls.map(\.id) == ["call_w"])
    #expect(request.messages[3].content == "北京今天多云 22°C，后天有雨")
  }

  @Test func anAppKilledWhileAConfirmationWaitsAsksAgainAndConfirmRunsTheCallOnce() async throws {
    let (store, directory) = store()
    defer { try? FileManager.default.removeItem(at: directory) }
    let created = LockIsolated<[String]>([])

    // The first launch: the model asks for a reminder, which waits for the user's consent.
    let firstModel = ScriptedLanguageModel([.toolCall(name: "reminder", arguments: ["title": "买牛奶"], id: "call_r")])
    let first = try chat(firstModel, skills: [Fixtures.reminder(log: created)])
    let turn = first.send("提醒我买牛奶")
    await first.waitUntil { $0.pendingConfirmation != nil }
    let question = try #require(first.pendingConfirmation)
    try await first.save(to: store, id: "assistant")
    // Killed: nothing answers the question.
    first.cancelAll()
    await turn.finish()
    #expect(created.value.isEmpty)

    // The relaunch: the same question.
    let secondModel = ScriptedLanguageModel([.text("已经帮你创建了提醒。")])
    let second = try chat(secondModel, skills: [Fixtures.reminder(log: created)])
    #expect(try await second.restore(from: store, id: "assistant"))
    #expect(second.pendingConfirmation == question)
    #expect(second.phase == .awaitingConfirmation(skillID: "reminder"))
    #expect(second.allCalls.map(\.status) == [.pending])

    second.confirm()
    second.confirm()  // a second tap finds nothing to confirm
    #expect(second.pendingConfirmation == nil)
    await second.waitUntil { $0.turns.last?.state == .answered }
    #expect(created.value == ["买牛奶"])
    #expect(second.allCalls.map(\.status) == [.succeeded])
    #expect(second.messages.last?.text == "已经帮你创建了提醒。")
    #expect(second.phase == .idle)
    #expect(secondModel.requests.count == 1)
    let request = try #require(secondModel.requests.first)
    #expect(request.messages.map(\.role) == [.system, .user, .assistant, .tool])
    #expect(request.messages[2].toolCalls.map(\.id) == ["call_r"])
    #expect(request.messages[3].toolCallID == "call_r")
    #expect(request.messages[3].content == "已创建提醒：买牛奶")

    // Saved and relaunched again: nothing waits, nothing runs again.
    try await second.save(to: store, id: "assistant")
    let third = try chat(ScriptedLanguageModel(), skills: [Fixtures.reminder(log: created)])
    #expect(try await third.restore(from: store, id: "assistant"))
    #expect(third.pendingConfirmation == nil)
    third.confirm()
    #expect(created.value == ["买牛奶"])
    #expect(third.messages == second.messages)
  }

  @Test func denyingARestoredConfirmationTellsTheModel() async throws {
    let created = LockIsolated<[String]>([])
    let firstModel = ScriptedLanguageModel([.toolCall(name: "reminder", arguments: ["title": "买牛奶"], id: "call_r")])
    let first = try chat(firstModel, skills: [Fixtures.reminder(log: created)])
    let turn = first.send("提醒我买牛奶")
    await first.waitUntil { $0.pendingConfirmation != nil }
    let saved = first.conversation
    first.cancelAll()
    await turn.finish()

    let secondModel = ScriptedLanguageModel([.text("好的，不创建了。")])
    let second = try chat(secondModel, skills: [Fixtures.reminder(log: created)])
    second.restore(saved)
    second.deny()
    await second.waitUntil { $0.turns.last?.state == .answered }
    #expect(created.value.isEmpty)
    #expect(second.allCalls.map(\.status) == [.denied])
    #expect(secondModel.requests.first?.messages.last?.content.contains("declined") == true)
  }

  @Test func callsThatWereRunningAreCancelledNotRunAgain() throws {
    let call = ChatToolCall(
      id: "call_w", name: "weather", skillID: "weather", displayName: "天气查询", arguments: ["city": "北京"],
      status: .running)
    let saved = ChatConversation(
      messages: [
        ChatAgentMessage(id: .init(turn: 1, index: 0), role: .user, text: "北京天气"),
        ChatAgentMessage(
          id: .init(turn: 1, index: 1), role: .assistant, text: "我查", isStreaming: true, toolCalls: [call]),
      ],
      turns: [ChatTurnInfo(turn: 1, question: "北京天气")])
    let chat = try chat(ScriptedLanguageModel(), skills: [Fixtures.weather()])
    chat.restore(saved)
    #expect(chat.allCalls.map(\.status) == [.cancelled])
    #expect(chat.messages.last?.isStreaming == false)
    #expect(chat.context.turns.last?.state == .cancelled)
    #expect(chat.pendingConfirmation == nil)
    #expect(chat.phase == .idle)
  }
}
