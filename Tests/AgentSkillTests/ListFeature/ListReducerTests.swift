import AgentSkill
import AgentSkillList
import Foundation
import Testing

@Suite("List reducer", .timeLimit(.minutes(5)))
struct ListReducerTests {
  private func reduce(_ context: inout MessageContext, _ effect: MessageEffect) -> [MessageIntent] {
    ListReducer.reduce(&context, effect)
  }

  @Test func addingItemsAlwaysShowsTheContent() {
    for effect: MessageEffect in [
      .appendItems(messages("a", 1)), .prependItems(messages("a", 1)),
      .replaceItems(messages("a", 1), nextPage: nil), .appendPage(messages("a", 1), nextPage: nil),
    ] {
      var context = MessageContext(phase: .loading("Loading…"))
      _ = reduce(&context, effect)
      #expect(context.phase == .loaded, "after \(effect)")
      #expect(context.items.map(\.id) == ["a1"], "after \(effect)")
    }
  }

  @Test func addingNothingLeavesThePhase() {
    var context = MessageContext(phase: .empty("Nothing"))
    _ = reduce(&context, .appendItems([]))
    _ = reduce(&context, .prependItems([]))
    #expect(context.phase == .empty("Nothing"))
  }

  /// The next page waits for the view to ask (its last rows appeared); eager prefetching is an option.
  @Test func nothingIsPrefetchedByDefault() {
    var context = MessageContext()
    #expect(reduce(&context, .replaceItems(messages("a", 2), nextPage: 2)) == [])
    #expect(context.loadedPages == 1)
  }

  @MainActor @Test func theFirstPagePrefetchesTheSecondOnlyWhenOneFollows() {
    let reduce: @MainActor (inout MessageContext, MessageEffect) -> [MessageIntent] = ListReducer.reducer(
      prefetchPages: 1)
    var context = MessageContext()
    #expect(reduce(&context, .replaceItems(messages("a", 2), nextPage: 2)) == [.loadMore])
    #expect(context.loadedPages == 1)
    #expect(context.nextPage == 2)
    #expect(reduce(&context, .appendPage(messages("a", 2, from: 3), nextPage: 3)) == [])
    #expect(context.loadedPages == 2)

    var last = MessageContext()
    #expect(reduce(&last, .replaceItems(messages("a", 2), nextPage: nil)) == [])
  }

  @MainActor @Test func prefetchDepthIsConfigurable() {
    let none: @MainActor (inout MessageContext, MessageEffect) -> [MessageIntent] = ListReducer.reducer(
      prefetchPages: 0)
    let two: @MainActor (inout MessageContext, MessageEffect) -> [MessageIntent] = ListReducer.reducer(prefetchPages: 2)
    var context = MessageContext()
    #expect(none(&context, .replaceItems(messages("a", 1), nextPage: 2)) == [])

    context = MessageContext()
    #expect(two(&context, .replaceItems(messages("a", 1), nextPage: 2)) == [.loadMore])
    #expect(two(&context, .appendPage(messages("a", 1, from: 2), nextPage: 3)) == [.loadMore])
    #expect(two(&context, .appendPage(messages("a", 1, from: 3), nextPage: 4)) == [])
  }

  @Test func appendingAPageSkipsItemsAlreadyShown() {
    var context = MessageContext(phase: .loaded, items: messages("a", 3), nextPage: 2, loadedPages: 1)
    _ = reduce(&context, .appendPage(messages("a", 3, from: 3), nextPage: nil))
    #expect(context.items.map(\.id) == ["a1", "a2", "a3", "a4", "a5"])
    #expect(context.nextPage == nil)
    #expect(!context.hasMorePages)
  }

  @Test func emptyStateClearsItemsAndPagination() {
    var context = MessageContext(
      phase: .loaded, items: messages("a", 2), nextPage: 2, isLoadingMore: true, loadedPages: 1,
      loadMoreError: ListError(operation: .loadMore, message: "Couldn't load more"))
    _ = reduce(&context, .setEmpty("Nothing here"))
    #expect(context == MessageContext(phase: .empty("Nothing here"), loadedPages: 1))
  }

  @Test func aFailureLivesInThePhaseAndKeepsTheItems() {
    let error = ListError(operation: .refresh, message: "Loading failed", attempts: 3, detail: "offline")
    var context = MessageContext(phase: .loading("Refreshing…"), items: messages("a", 2), isLoadingMore: true)
    _ = reduce(&context, .setFailure(error))
    #expect(context.phase == .failure(error))
    #expect(context.phase.error == error)
    #expect(context.phase.hint == "Loading failed")
    #expect(context.loadMoreError == nil)
    #expect(context.items.count == 2)
    #expect(!context.isLoadingMore)
    #expect(error.description == "refresh failed after 3 attempts: offline")
  }

  @Test func aNewLoadEndsAPageInFlightAndSuccessEndsTheFailure() {
    let error = ListError(operation: .load, message: "Loading failed")
    var context = MessageContext(phase: .failure(error), isLoadingMore: true)
    _ = reduce(&context, .setLoading("Loading…"))
    #expect(context.phase == .loading("Loading…"))
    #expect(context.phase.error == nil)
    #expect(!context.isLoadingMore)
    _ = reduce(&context, .replaceItems(messages("a", 1), nextPage: nil))
    #expect(context.phase == .loaded)
  }

  /// A page that fails keeps the list on screen: its error is not the phase's.
  @Test func aPageFailureKeepsTheListLoadedUntilAPageArrives() {
    let error = ListError(operation: .loadMore, message: "Couldn't load more", attempts: 3)
    var context = MessageContext(phase: .loaded, items: messages("a", 2), nextPage: 2, isLoadingMore: true)
    _ = reduce(&context, .loadMoreFailed(error))
    #expect(context.phase == .loaded)
    #expect(context.loadMoreError == error)
    #expect(!context.isLoadingMore)
    _ = reduce(&context, .appendPage(messages("a", 1, from: 3), nextPage: nil))
    #expect(context.loadMoreError == nil)
    _ = reduce(&context, .loadMoreFailed(error))
    _ = reduce(&context, .replaceItems(messages("b", 1), nextPage: 2))
    #expect(context.loadMoreError == nil)
  }

  @Test func updatingAndRemovingItems() {
    var context = MessageContext(phase: .loaded, items: messages("a", 3))
    _ = reduce(&context, .updateItem(ListMessage("a2", "edited")))
    _ = reduce(&context, .updateItem(ListMessage("zz", "absent")))
    _ = reduce(&context, .removeItems(["a1", "a3"]))
    #expect(context.items == [ListMessage("a2", "edited")])
  }

  @MainActor @Test func failureMappingCoversEveryIntent() {
    let error = RetryExhaustedError(skillName: "Custom", attempts: 2, underlying: TestFailure("offline"))
    let strings = ListStrings.simplifiedChinese
    let map: @MainActor (any Error, MessageIntent) -> MessageEffect? = ListReducer.mapFailure(strings: strings)
    #expect(
      map(error, .load)
        == .setFailure(ListError(operation: .load, message: strings.failure, attempts: 2, detail: "offline")))
    #expect(
      map(error, .refresh)
        == .setFailure(ListError(operation: .refresh, message: strings.failure, attempts: 2, detail: "offline")))
    #expect(
      map(TestFailure("down"), .loadMore)
        == .loadMoreFailed(ListError(operation: .loadMore, message: strings.loadMoreFailure, detail: "down")))
    #expect(
      map(error, .retry)
        == .setFailure(ListError(operation: .load, message: strings.failure, attempts: 2, detail: "offline")))
  }

  @Test func contextIntentAndEffectRoundTripThroughJSON() throws {
    let context = MessageContext(
      phase: .failure(ListError(operation: .load, message: "Loading failed", attempts: 3, detail: "offline")),
      items: messages("a", 2), nextPage: "cursor-2", isLoadingMore: true, loadedPages: 1,
      loadMoreError: ListError(operation: .loadMore, message: "Couldn't load more"))
    let decoded = try JSONDecoder().decode(MessageContext.self, from: JSONEncoder().encode(context))
    #expect(decoded == context)

    let effects: [MessageEffect] = [
      .setLoading("Loading…"), .replaceItems(messages("a", 1), nextPage: 2),
      .setFailure(ListError(operation: .refresh, message: "Loading failed")), .removeItems(["a1"]),
    ]
    #expect(try JSONDecoder().decode([MessageEffect].self, from: JSONEncoder().encode(effects)) == effects)
    let intents: [MessageIntent] = [.load, .refresh, .retry, .loadMore]
    #expect(try JSONDecoder().decode([MessageIntent].self, from: JSONEncoder().encode(intents)) == intents)
    #expect(try JSONDecoder().decode(PageCursor.self, from: JSONEncoder().encode(PageCursor(7))) == 7)
  }

  @Test func phaseAndCursorConveniences() {
    #expect(LoadPhase.loading("Loading…").hint == "Loading…")
    #expect(LoadPhase.loading("Loading…").isLoading)
    #expect(LoadPhase.failure("Oops").error == ListError(operation: .load, message: "Oops"))
    #expect(LoadPhase.failure("Oops").hint == "Oops")
    #expect(LoadPhase.loaded.error == nil)
    #expect(LoadPhase.loaded.hint == nil)
    #expect(PageCursor(3).pageNumber == 3)
    #expect(PageCursor("abc").pageNumber == nil)
    #expect(PageCursor("abc").description == "abc")
    #expect(Page(items: [1], next: nil).hasNext == false)
    #expect(PageRequest(cursor: nil, reason: .load).isFirstPage)
  }
}
