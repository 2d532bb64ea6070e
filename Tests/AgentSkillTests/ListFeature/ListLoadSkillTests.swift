import AgentSkill
import AgentSkillList
import AgentSkillTesting
import Foundation
import Testing

@MainActor
@Suite("List load skill", .timeLimit(.minutes(5)))
struct ListLoadSkillTests {
  private let clock = TestClock()

  @Test func loadShowsTheFirstPageThenTheLastRowsAskForTheSecond() async {
    let source = ListPageScript([
      .success(Page(items: messages("a", 2), next: 2)),
      .success(Page(items: messages("a", 2, from: 3), next: nil)),
    ])
    let store = makeListStore(
      [ListLoadSkill(fetch: source.fetch), ListPaginationSkill(fetch: source.fetch)], clock: clock)

    await store.send(.load)
    await store.receive(.setLoading("Loading…")) { $0.phase = .loading("Loading…") }
    await store.receive(.replaceItems(messages("a", 2), nextPage: 2)) {
      $0.phase = .loaded
      $0.items = messages("a", 2)
      $0.nextPage = 2
      $0.loadedPages = 1
    }
    await store.finish()
    #expect(source.requests == [PageRequest(cursor: nil, reason: .load)])  // nothing before the user scrolls
    await store.send(.loadMore)  // the last row's onAppear
    await store.receive(.setLoadingMore(true)) { $0.isLoadingMore = true }
    await store.receive(.appendPage(messages("a", 2, from: 3), nextPage: nil)) {
      $0.items = messages("a", 4)
      $0.nextPage = nil
      $0.isLoadingMore = false
      $0.loadedPages = 2
    }
    await store.finish()
    #expect(
      source.requests == [
        PageRequest(cursor: nil, reason: .load), PageRequest(cursor: 2, reason: .loadMore),
      ])
  }

  @Test func anEmptyLastPageShowsTheEmptyState() async {
    let source = ListPageScript([.success(Page(items: []))])
    let store = makeListStore([ListLoadSkill(fetch: source.fetch)], clock: clock)

    await store.send(.load)
    await store.receive(.setLoading("Loading…")) { $0.phase = .loading("Loading…") }
    await store.receive(.setEmpty("Nothing here yet.")) {
      $0.phase = .empty("Nothing here yet.")
      $0.loadedPages = 1
    }
    await store.finish()
  }

  @Test func failuresAreRetriedWithBackoffThenTheFallbackPromptShows() async {
    let source = ListPageScript([.failure(TestFailure("offline"))])
    let store = makeListStore([ListLoadSkill(retry: exactBackoff(attempts: 3), fetch: source.fetch)], clock: clock)

    await store.send(.load)
    await store.receive(.setLoading("Loading…")) { $0.phase = .loading("Loading…") }
    await clock.waitForSleepers(1)
    #expect(source.requests.count == 1)
    #expect(clock.pendingDeadlines == [TestClock.Instant(offset: .seconds(1))])

    await clock.advance(by: .seconds(1))
    await store.receive(.setLoading("Retrying…")) { $0.phase = .loading("Retrying…") }
    await clock.waitForSleepers(1)
    #expect(source.requests.count == 2)
    #expect(clock.pendingDeadlines == [TestClock.Instant(offset: .seconds(3))])

    await clock.advance(by: .seconds(2))
    await store.receive(.setLoading("Retrying…"))
    let failure = ListError(
      operation: .load, message: "Loading failed. Check your connection and try again.", attempts: 3,
      detail: "offline")
    await store.receive(.setFailure(failure)) {
      $0.phase = .failure(failure)
    }
    await store.finish()
    #expect(source.requests.map(\.attempt) == [1, 2, 3])
    #expect(!clock.hasSleepers)
  }

  @Test func retryAfterTheFallbackPromptLoadsAgain() async {
    let source = ListPageScript([
      .failure(TestFailure("offline")),
      .success(Page(items: messages("a", 1))),
    ])
    var strings = ListStrings.simplifiedChinese
    strings.retrying = nil
    let store = makeListStore(
      [ListLoadSkill(retry: .immediate(maxAttempts: 1), strings: strings, fetch: source.fetch)], clock: clock)

    await store.send(.load)
    await store.receive(.setLoading("正在加载…")) { $0.phase = .loading("正在加载…") }
    let failure = ListError(operation: .load, message: "加载失败，请检查网络后重试", attempts: 1, detail: "offline")
    await store.receive(.setFailure(failure)) {
      $0.phase = .failure(failure)
    }

    await store.send(.retry)
    await store.receive(.setLoading("正在加载…")) { $0.phase = .loading("正在加载…") }
    await store.receive(.replaceItems(messages("a", 1), nextPage: nil)) {
      $0.phase = .loaded
      $0.items = messages("a", 1)
      $0.loadedPages = 1
    }
    await store.finish()
    #expect(source.requests.map(\.reason) == [.load, .retry])
  }

  @Test func refreshShowsItsOwnHintAndReplacesTheItems() async {
    let source = ListPageScript([.success(Page(items: messages("new", 2)))])
    let store = makeListStore(
      [ListLoadSkill(fetch: source.fetch)],
      context: MessageContext(phase: .loaded, items: messages("old", 3), loadedPages: 3), clock: clock)

    await store.send(.refresh)
    await store.receive(.setLoading("Refreshing…")) { $0.phase = .loading("Refreshing…") }
    await store.receive(.replaceItems(messages("new", 2), nextPage: nil)) {
      $0.phase = .loaded
      $0.items = messages("new", 2)
      $0.loadedPages = 1
    }
    await store.finish()
    #expect(source.requests == [PageRequest(cursor: nil, reason: .refresh)])
  }

  @Test func errorsThePolicyDoesNotRetryFailAtOnce() async {
    struct Unauthorized: RetryableError, CustomStringConvertible {
      var isRetryable: Bool { false }
      var description: String { "unauthorized" }
    }
    let store = makeListStore(
      [ListLoadSkill(retry: exactBackoff(attempts: 5)) { _ in throw Unauthorized() }], clock: clock)

    await store.send(.load)
    await store.receive(.setLoading("Loading…")) { $0.phase = .loading("Loading…") }
    let failure = ListError(
      operation: .load, message: "Loading failed. Check your connection and try again.", attempts: 1,
      detail: "unauthorized")
    await store.receive(.setFailure(failure)) {
      $0.phase = .failure(failure)
    }
    await store.finish()
  }

  @Test func aNewLoadSupersedesTheOneInFlight() async {
    let source = ListPageScript(
      [.success(Page(items: messages("first", 1))), .success(Page(items: messages("second", 1)))],
      clock: clock, latency: .seconds(1))
    let store = makeListStore([ListLoadSkill(fetch: source.fetch)], clock: clock)

    let first = await store.send(.load)
    await store.receive(.setLoading("Loading…")) { $0.phase = .loading("Loading…") }
    await clock.waitForSleepers(1)
    await store.send(.refresh)
    await first.finish()
    await store.receive(.setLoading("Refreshing…")) { $0.phase = .loading("Refreshing…") }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.receive(.replaceItems(messages("second", 1), nextPage: nil)) {
      $0.phase = .loaded
      $0.items = messages("second", 1)
      $0.loadedPages = 1
    }
    await store.finish()
    #expect(source.requests.count == 2)
  }

  @Test func retriesAreLoggedWithTheRunsTag() async {
    let lines = LogLines()
    let agent = ListAgent<ListMessage>(
      skills: [ListLoadSkill(retry: .immediate(maxAttempts: 2)) { _ in throw TestFailure("offline") }],
      environment: SkillEnvironment(clock: clock, logSink: lines))
    await agent.send(.load).finish()
    let messages = lines.entries.map(\.message)
    #expect(messages.contains { $0.contains("attempt 1/2 failed: offline; retrying") })
    #expect(messages.contains { $0 == "load failed after 2 attempts: offline" })
    #expect(lines.entries.allSatisfy { $0.tag.hasPrefix("ListLoadSkill-") })
    #expect(agent.context.phase.hint == ListStrings.english.failure)
    #expect(agent.context.phase.error?.attempts == 2)
  }
}
