import AgentSkill
import AgentSkillList
import AgentSkillTesting
import Foundation
import Testing

@MainActor
@Suite("List agent", .timeLimit(.minutes(5)))
struct ListAgentTests {
  private let clock = TestClock()

  @Test func customSkillsGetTheStandardReducerAndFailureTexts() async {
    let sync = ClosureIntentSkill<MessageContext, MessageIntent, MessageEffect>(
      "SyncSkill", priority: 50, policy: { _ in IntentPolicy(.cancelPrevious, lane: .listPages) },
      canHandle: { if case .refresh = $0 { true } else { false } },
      handle: { _, _, emit in
        emit(.setLoading("Syncing…"))
        throw TestFailure("server error")
      })
    let agent = ListAgent<ListMessage>(
      skills: [sync], strings: .simplifiedChinese, environment: SkillEnvironment(clock: clock))
    #expect(agent.name == "ListAgent")

    await agent.send(.refresh).finish()
    #expect(
      agent.context.phase
        == .failure(ListError(operation: .refresh, message: "加载失败，请检查网络后重试", attempts: 1, detail: "server error")))
  }

  @Test func aCustomLoaderInThePageLaneSupersedesAPageInFlight() async {
    let source = ListPageScript([.success(Page(items: messages("a", 1, from: 3)))], clock: clock, latency: .seconds(1))
    let sync = ClosureIntentSkill<MessageContext, MessageIntent, MessageEffect>(
      "SyncSkill", policy: { _ in IntentPolicy(.cancelPrevious, lane: .listPages) },
      canHandle: { if case .refresh = $0 { true } else { false } },
      handle: { _, _, emit in
        emit(.replaceItems(messages("synced", 1), nextPage: nil))
        return .handled
      })
    let agent = ListAgent<ListMessage>(
      list: MessageContext(phase: .loaded, items: messages("a", 2), nextPage: 2, loadedPages: 1),
      skills: [sync, ListPaginationSkill(fetch: source.fetch)], environment: SkillEnvironment(clock: clock))

    let page = agent.send(.loadMore)
    await clock.waitForSleepers(1)
    await agent.send(.refresh).finish()
    await page.finish()
    #expect(agent.context.items == messages("synced", 1))
    #expect(!agent.context.isLoadingMore)
    #expect(!clock.hasSleepers)
  }
}
