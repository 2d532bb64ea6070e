import AgentSkill
import AgentSkillList
import AgentSkillTesting
import Foundation
import Testing

@MainActor
@Suite("List cache skill", .timeLimit(.minutes(5)))
struct ListCacheSkillTests {
  private let clock = TestClock()

  @Test func aHitAnswersWithoutTheSourceOrASpinner() async {
    let source = ListPageScript([.success(Page(items: messages("net", 1)))])
    let store = makeListStore(
      [
        ListLoadSkill(fetch: source.fetch),
        ListCacheSkill { _ in Page(items: messages("cached", 2), next: nil) },
      ], clock: clock)

    await store.send(.load)
    await store.receive(.replaceItems(messages("cached", 2), nextPage: nil)) {
      $0.phase = .loaded
      $0.items = messages("cached", 2)
      $0.loadedPages = 1
    }
    await store.finish()
    #expect(source.requests.isEmpty)
    #expect(store.agent.mountedSkills.map(\.name) == ["ListCacheSkill", "ListLoadSkill"])
    #expect(
      store.agent.timeline.entries.contains { entry in
        if case .skillFinished("ListCacheSkill", _) = entry.event { return true }
        return false
      })
  }

  @Test func aMissFallsThroughToTheSource() async {
    let source = ListPageScript([.success(Page(items: messages("net", 1)))])
    let store = makeListStore(
      [ListCacheSkill { _ in nil }, ListLoadSkill(fetch: source.fetch)], clock: clock)

    await store.send(.load)
    await store.receive(.setLoading("Loading…")) { $0.phase = .loading("Loading…") }
    await store.receive(.replaceItems(messages("net", 1), nextPage: nil)) {
      $0.phase = .loaded
      $0.items = messages("net", 1)
      $0.loadedPages = 1
    }
    await store.finish()
    #expect(source.requests.count == 1)
    #expect(
      store.agent.timeline.entries.contains { entry in
        if case .skillFellThrough("ListCacheSkill", "ListLoadSkill", _) = entry.event { return true }
        return false
      })
  }

  @Test(arguments: [false, true])
  func anEmptyCachedPageOrAFailingLookupIsAMiss(lookupThrows: Bool) async {
    let lines = LogLines()
    let source = ListPageScript([.success(Page(items: messages("net", 1)))])
    let cache = ListCacheSkill<ListMessage> { _ in
      if lookupThrows { throw TestFailure("disk full") }
      return Page(items: [])
    }
    let agent = ListAgent<ListMessage>(
      skills: [cache, ListLoadSkill(fetch: source.fetch)],
      environment: SkillEnvironment(clock: clock, logSink: lines))
    await agent.send(.load).finish()
    #expect(agent.context.items == messages("net", 1))
    #expect(source.requests.count == 1)
    let warnings = lines.entries.filter { $0.level == .warning }.map(\.message)
    #expect(warnings == (lookupThrows ? ["cache lookup failed: disk full; loading from the source"] : []))
  }

  @Test func refreshAndRetrySkipTheCache() async {
    let lookups = LockIsolated(0)
    let source = ListPageScript([.success(Page(items: messages("net", 1)))])
    let agent = ListAgent<ListMessage>(
      skills: [
        ListCacheSkill { _ in
          lookups.withValue { $0 += 1 }
          return Page(items: messages("cached", 1))
        },
        ListLoadSkill(fetch: source.fetch),
      ],
      environment: SkillEnvironment(clock: clock))
    await agent.send(.refresh).finish()
    await agent.send(.retry).finish()
    #expect(lookups.value == 0)
    #expect(source.requests.map(\.reason) == [.refresh, .retry])
  }
}
