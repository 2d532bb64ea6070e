import AgentSkill
import AgentSkillList
import AgentSkillTesting
import Foundation
import Testing

@MainActor
@Suite("Message list agent", .timeLimit(.minutes(5)))
struct MessageListAgentTests {
  private let clock = TestClock()

  @Test func theListsSkillsAreScopedAndRunBesideTheMessageSkills() async {
    let source = ListPageScript([.success(Page(items: messages("a", 2), next: 2))])
    let sent = LockIsolated<[String]>([])
    let agent = MessageListAgent<ListMessage>(
      listSkills: [ListLoadSkill(fetch: source.fetch), ListPaginationSkill(fetch: source.fetch)],
      skills: [
        MessageSendSkill { message in
          sent.withValue { $0.append(message.text) }
          return ListMessage("srv-\(message.id)", message.text)
        }
      ],
      environment: SkillEnvironment(clock: clock))
    #expect(agent.name == "MessageListAgent")
    #expect(
      Set(agent.mountedSkills.map(\.name)) == ["ListLoadSkill", "ListPaginationSkill", "MessageSendSkill"])

    await agent.send(.list(.load)).finish()
    #expect(agent.items.map(\.id) == ["a1", "a2"])
    #expect(agent.phase == .loaded)
    #expect(agent.nextPage == 2)
    #expect(source.requests.map(\.reason) == [.load])  // nothing prefetched

    await agent.send(.send(ListMessage("local", "hi"))).finish()
    #expect(agent.items.map(\.id) == ["a1", "a2", "srv-local"])
    #expect(agent.sendStates.isEmpty)
    #expect(sent.value == ["hi"])
  }

  @Test func aRefreshKeepsMessagesNotYetConfirmedAfterThePage() async {
    let source = ListPageScript([.success(Page(items: messages("b", 1)))])
    let agent = MessageListAgent<ListMessage>(
      context: conversation([ListMessage("a1"), ListMessage("local")], sendStates: ["local": .failed("Not sent")]),
      listSkills: [ListLoadSkill(fetch: source.fetch)],
      environment: SkillEnvironment(clock: clock))
    await agent.send(.list(.refresh)).finish()
    #expect(agent.items.map(\.id) == ["b1", "local"])
    #expect(agent.sendStates == ["local": .failed("Not sent")])
  }

  @Test func eagerPrefetchingIsAnOption() async {
    let source = ListPageScript([
      .success(Page(items: messages("a", 1), next: 2)), .success(Page(items: messages("a", 1, from: 2))),
    ])
    let agent = MessageListAgent<ListMessage>(
      listSkills: [ListLoadSkill(fetch: source.fetch), ListPaginationSkill(fetch: source.fetch)],
      prefetchPages: 1, environment: SkillEnvironment(clock: clock))
    await agent.send(.list(.load)).finish()
    await waitUntil(agent) { $0.list.loadedPages == 2 }
    #expect(agent.items.map(\.id) == ["a1", "a2"])
    #expect(source.requests.map(\.reason) == [.load, .loadMore])
  }

  @Test func customSkillsGetTheFailureTexts() async {
    let summarize = ClosureIntentSkill<ConversationContext, ConversationIntent, ConversationEffect>(
      "SummarizeSkill", canHandle: { if case .stream = $0 { true } else { false } },
      handle: { _, _, _ in throw TestFailure("model offline") })
    let agent = MessageListAgent<ListMessage>(
      skills: [summarize], strings: .simplifiedChinese, environment: SkillEnvironment(clock: clock))
    await agent.send(.stream("Summarize")).finish()
    #expect(agent.error == ListError(operation: .stream, message: "回复中断了", detail: "model offline"))
    #expect(agent.phase == .idle)  // the list did not fail: its phase is untouched
  }
}
