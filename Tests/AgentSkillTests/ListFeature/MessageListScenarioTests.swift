import AgentSkill
import AgentSkillList
import AgentSkillTesting
import Foundation
import Testing

/// The message-list scenario — the one `agentskill-demo messages` plays — on the
/// message list feature, with no reducer of its own: first load, refresh,
/// three streamed replies, a refresh that fails after its retries, and a
/// retry that succeeds.
@MainActor
@Suite("Message list scenario", .timeLimit(.minutes(5)))
struct MessageListScenarioTests {
  private let strings = ListStrings.simplifiedChinese

  private func label(_ phase: LoadPhase) -> String {
    if case .failure(let error) = phase { return "failure(\"\(error.message)\")" }
    return "\(phase)"
  }

  @Test func theSeedScenarioGoesThroughItsPhasesInOrder() async throws {
    let clock = ImmediateClock()
    let online = LockIsolated(true)
    let stored = LockIsolated(messages("m", 3))
    let fetch: @Sendable (PageRequest) async throws -> Page<ListMessage> = { _ in
      try await clock.sleep(for: .milliseconds(120))
      guard online.value else { throw TestFailure("the network connection was lost") }
      return Page(items: stored.value)
    }
    let reply: @Sendable (String) async throws -> AsyncThrowingStream<String, any Error> = { prompt in
      AsyncThrowingStream { continuation in
        let producer = Task {
          for chunk in ["回复：", prompt, "。"] {
            try? await clock.sleep(for: .milliseconds(15))
            continuation.yield(chunk)
          }
          continuation.finish()
        }
        continuation.onTermination = { _ in producer.cancel() }
      }
    }
    let store: @Sendable (String) -> ListMessage? = { text in
      stored.withValue { messages in
        let message = ListMessage("m\(messages.count + 1)", text)
        messages.append(message)
        return message
      }
    }

    var transitions: [String] = []
    let load = ListLoadSkill(
      retry: RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(100), jitter: 0), strings: strings, fetch: fetch)
    let agent = MessageListAgent<ListMessage>(
      context: ConversationContext(),
      skills: [
        load.scoped(context: \.list, intent: \.list, effect: ConversationEffect.list),
        MessageStreamSkill(strings: strings, makeItem: store, stream: reply),
      ],
      reduce: { context, effect in
        let before = context
        let followUps = MessageListReducer.reduce(&context, effect)
        if context.phase != before.phase || context.items.count != before.items.count {
          transitions.append("\(label(context.phase)) \(context.items.count)")
        }
        return followUps
      },
      environment: SkillEnvironment(clock: clock))

    await agent.send(.list(.load)).finish()
    stored.withValue { $0.append(ListMessage("m4", "刷新一下，我刚发了新消息。")) }
    await agent.send(.list(.refresh)).finish()
    for prompt in ["总结一下", "有什么风险", "谢谢"] { await agent.send(.stream(prompt)).finish() }
    online.setValue(false)
    await agent.send(.list(.refresh)).finish()
    let failure = agent.phase.error
    online.setValue(true)
    await agent.send(.list(.retry)).finish()

    #expect(
      transitions == [
        "loading(\"正在加载…\") 0", "loaded 3",
        "loading(\"正在刷新…\") 3", "loaded 4",
        "loaded 5", "loaded 6", "loaded 7",
        "loading(\"正在刷新…\") 7", "loading(\"正在重试…\") 7", "failure(\"加载失败，请检查网络后重试\") 7",
        "loading(\"正在加载…\") 7", "loaded 7",
      ])
    #expect(
      failure
        == ListError(
          operation: .refresh, message: "加载失败，请检查网络后重试", attempts: 3, detail: "the network connection was lost"))
    #expect(agent.context.items.suffix(3).map(\.text) == ["回复：总结一下。", "回复：有什么风险。", "回复：谢谢。"])
    #expect(agent.context.phase == .loaded)
    #expect(agent.context.error == nil)
    #expect(agent.context.list.loadMoreError == nil)
    #expect(agent.context.streamedText == "")
    #expect(agent.isIdle)

    // The exported session replays to the same screen.
    let document = try AgentTimelineDocument.decode(from: agent.exportTimeline().jsonData())
    let replayed = try document.replay(
      from: ConversationContext(), effectType: ConversationEffect.self, reduce: MessageListReducer.reduce)
    #expect(replayed == agent.context)
  }
}
