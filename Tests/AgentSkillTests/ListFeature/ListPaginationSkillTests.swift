import AgentSkill
import AgentSkillList
import AgentSkillTesting
import Foundation
import Testing

@MainActor
@Suite("List pagination skill", .timeLimit(.minutes(5)))
struct ListPaginationSkillTests {
  private let clock = TestClock()

  private func loadedContext(next: PageCursor?) -> MessageContext {
    MessageContext(phase: .loaded, items: messages("a", 2), nextPage: next, loadedPages: 1)
  }

  @Test func loadMoreAppendsTheNextPage() async {
    let source = ListPageScript([.success(Page(items: messages("a", 2, from: 3), next: 3))])
    let store = makeListStore([ListPaginationSkill(fetch: source.fetch)], context: loadedContext(next: 2), clock: clock)

    await store.send(.loadMore)
    await store.receive(.setLoadingMore(true)) { $0.isLoadingMore = true }
    await store.receive(.appendPage(messages("a", 2, from: 3), nextPage: 3)) {
      $0.items = messages("a", 4)
      $0.nextPage = 3
      $0.isLoadingMore = false
      $0.loadedPages = 2
    }
    await store.finish()
    #expect(source.requests == [PageRequest(cursor: 2, reason: .loadMore)])
  }

  @Test func withoutANextPageNothingHappens() async {
    let source = ListPageScript([.success(Page(items: messages("x", 1)))])
    let store = makeListStore(
      [ListPaginationSkill(fetch: source.fetch)], context: loadedContext(next: nil), clock: clock)
    await store.send(.loadMore)
    await store.finish()
    #expect(source.requests.isEmpty)
  }

  @Test func aPageIsNeverRequestedTwice() async {
    let source = ListPageScript(
      [.success(Page(items: messages("a", 2, from: 3), next: 3))], clock: clock, latency: .seconds(1))
    let store = makeListStore([ListPaginationSkill(fetch: source.fetch)], context: loadedContext(next: 2), clock: clock)

    await store.send(.loadMore)
    await store.receive(.setLoadingMore(true)) { $0.isLoadingMore = true }
    await clock.waitForSleepers(1)
    for _ in 0..<5 { await store.send(.loadMore) }
    await clock.advance(by: .seconds(1))
    await store.receive(.appendPage(messages("a", 2, from: 3), nextPage: 3)) {
      $0.items = messages("a", 4)
      $0.nextPage = 3
      $0.isLoadingMore = false
      $0.loadedPages = 2
    }
    await store.finish()
    #expect(source.requests == [PageRequest(cursor: 2, reason: .loadMore)])
    let dropped = store.agent.timeline.entries.filter { entry in
      if case .intentDropped(.loadMore, "lane busy") = entry.event { return true }
      return false
    }
    #expect(dropped.count == 5)
  }

  @Test func loadMoreWhileTheFirstPageLoadsIsDropped() async {
    let source = ListPageScript([.success(Page(items: messages("a", 2)))], clock: clock, latency: .seconds(1))
    let store = makeListStore(
      [ListLoadSkill(fetch: source.fetch), ListPaginationSkill(fetch: source.fetch)],
      context: loadedContext(next: 2), clock: clock)

    await store.send(.refresh)
    await store.receive(.setLoading("Refreshing…")) { $0.phase = .loading("Refreshing…") }
    await clock.waitForSleepers(1)
    await store.send(.loadMore)
    await clock.advance(by: .seconds(1))
    await store.receive(.replaceItems(messages("a", 2), nextPage: nil)) {
      $0.phase = .loaded
      $0.nextPage = nil
    }
    await store.finish()
    #expect(source.requests.map(\.reason) == [.refresh])
  }

  @Test func aRefreshCancelsAPageInFlightAndDiscardsIt() async {
    let source = ListPageScript(
      [.success(Page(items: messages("stale", 2), next: 9)), .success(Page(items: messages("fresh", 1)))],
      clock: clock, latency: .seconds(1))
    let store = makeListStore(
      [ListLoadSkill(fetch: source.fetch), ListPaginationSkill(fetch: source.fetch)],
      context: loadedContext(next: 2), clock: clock)

    await store.send(.loadMore)
    await store.receive(.setLoadingMore(true)) { $0.isLoadingMore = true }
    await clock.waitForSleepers(1)
    await store.send(.refresh)
    await store.receive(.setLoading("Refreshing…")) {
      $0.phase = .loading("Refreshing…")
      $0.isLoadingMore = false
    }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.receive(.replaceItems(messages("fresh", 1), nextPage: nil)) {
      $0.phase = .loaded
      $0.items = messages("fresh", 1)
      $0.nextPage = nil
    }
    await store.finish()
    #expect(source.requests.map(\.reason) == [.loadMore, .refresh])
  }

  @Test func aFailedPageKeepsTheItemsAndCanBeRetried() async {
    let source = ListPageScript([
      .failure(TestFailure("timeout")), .success(Page(items: messages("a", 1, from: 3))),
    ])
    let store = makeListStore(
      [ListPaginationSkill(retry: .immediate(maxAttempts: 1), fetch: source.fetch)],
      context: loadedContext(next: 2), clock: clock)

    await store.send(.loadMore)
    await store.receive(.setLoadingMore(true)) { $0.isLoadingMore = true }
    let failure = ListError(
      operation: .loadMore, message: "Couldn't load more. Tap to try again.", attempts: 1, detail: "timeout")
    await store.receive(.loadMoreFailed(failure)) {
      $0.isLoadingMore = false
      $0.loadMoreError = failure
    }
    await store.send(.loadMore)
    await store.receive(.setLoadingMore(true)) { $0.isLoadingMore = true }
    await store.receive(.appendPage(messages("a", 1, from: 3), nextPage: nil)) {
      $0.items = messages("a", 3)
      $0.nextPage = nil
      $0.isLoadingMore = false
      $0.loadedPages = 2
      $0.loadMoreError = nil
    }
    await store.finish()
  }

  @Test func prefetchingStopsAfterTheConfiguredDepth() async {
    let source = ListPageScript([
      .success(Page(items: messages("a", 1), next: 2)),
      .success(Page(items: messages("a", 1, from: 2), next: 3)),
      .success(Page(items: messages("a", 1, from: 3), next: 4)),
      .success(Page(items: messages("a", 1, from: 4), next: 5)),
    ])
    let agent = ListAgent<ListMessage>(
      skills: [ListLoadSkill(fetch: source.fetch), ListPaginationSkill(fetch: source.fetch)],
      prefetchPages: 2, environment: SkillEnvironment(clock: clock))
    await agent.send(.load).finish()
    #expect(agent.context.items == messages("a", 3))
    #expect(agent.context.loadedPages == 3)
    #expect(agent.context.nextPage == 4)
    #expect(source.requests.map(\.cursor) == [nil, 2, 3])
  }
}
