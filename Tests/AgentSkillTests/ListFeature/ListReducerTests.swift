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
      .insertPending(ListMessage("a1"), at: .end), .finishStream(ListMessage("a1")),
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

  @Test func emptyStateClearsItemsButKeepsUnconfirmedSends() {
    var context = MessageContext(
      phase: .loaded, items: messages("a", 2), nextPage: 2, isLoadingMore: true, loadedPages: 1)
    _ = reduce(&context, .setEmpty("Nothing here"))
    #expect(context == MessageContext(phase: .empty("Nothing here"), loadedPages: 1))

    var sending = MessageContext(
      phase: .loaded, items: [ListMessage("a1"), ListMessage("local")], sendStates: ["local": .pending])
    _ = reduce(&sending, .setEmpty("Nothing here"))
    #expect(sending.phase == .loaded)
    #expect(sending.items == [ListMessage("local")])
  }

  @Test func replacingItemsKeepsUnconfirmedSendsAfterThePage() {
    var context = MessageContext(
      phase: .loaded, items: [ListMessage("a1"), ListMessage("local"), ListMessage("failed")],
      sendStates: ["local": .pending, "failed": .failed("Not sent")])
    _ = reduce(&context, .replaceItems([ListMessage("b1"), ListMessage("failed", "server copy")], nextPage: nil))
    #expect(context.items.map(\.id) == ["b1", "failed", "local"])
    #expect(context.items[1].text == "server copy")
  }

  @Test func failureKeepsTheItemsAndRecordsTheError() {
    let error = ListError(operation: .refresh, message: "Loading failed", attempts: 3, detail: "offline")
    var context = MessageContext(phase: .loading("Refreshing…"), items: messages("a", 2), isLoadingMore: true)
    _ = reduce(&context, .setFailure(error))
    #expect(context.phase == .failure("Loading failed"))
    #expect(context.error == error)
    #expect(context.items.count == 2)
    #expect(!context.isLoadingMore)
    #expect(error.description == "refresh failed after 3 attempts: offline")
  }

  @Test func aNewLoadEndsAPageInFlightAndSuccessClearsTheError() {
    let error = ListError(operation: .load, message: "Loading failed")
    var context = MessageContext(phase: .failure("Loading failed"), error: error, isLoadingMore: true)
    _ = reduce(&context, .setLoading("Loading…"))
    #expect(context.phase == .loading("Loading…"))
    #expect(!context.isLoadingMore)
    #expect(context.error == error)
    _ = reduce(&context, .replaceItems(messages("a", 1), nextPage: nil))
    #expect(context.error == nil)
  }

  @Test func streamingAccumulatesThenTurnsIntoAnItem() {
    var context = MessageContext(phase: .loaded, items: messages("a", 1))
    _ = reduce(&context, .beginStream)
    _ = reduce(&context, .appendDelta("Hel"))
    _ = reduce(&context, .appendDelta("lo"))
    #expect(context.streamedText == "Hello")
    #expect(context.isStreaming)
    _ = reduce(&context, .finishStream(ListMessage("reply", "Hello")))
    #expect(context.items.map(\.id) == ["a1", "reply"])
    #expect(context.streamedText == "")
    #expect(!context.isStreaming)

    _ = reduce(&context, .beginStream)
    _ = reduce(&context, .appendDelta("Half"))
    _ = reduce(&context, .finishStream(nil))
    #expect(context.streamedText == "Half")
    #expect(context.items.count == 2)
  }

  @Test func optimisticSendLifecycle() {
    var context = MessageContext(phase: .empty("Nothing"))
    #expect(reduce(&context, .insertPending(ListMessage("local"), at: .end)) == [.deliver("local")])
    #expect(context.phase == .loaded)
    #expect(context.sendState(of: "local") == .pending)

    _ = reduce(&context, .markSendFailed("local", "Not sent"))
    #expect(context.sendState(of: "local") == .failed("Not sent"))
    #expect(reduce(&context, .markSendPending("local")) == [.deliver("local")])
    #expect(reduce(&context, .markSendPending("unknown")) == [])
    #expect(context.sendStates["unknown"] == nil)

    _ = reduce(&context, .confirmSend(localID: "local", ListMessage("srv1", "hi")))
    #expect(context.items == [ListMessage("srv1", "hi")])
    #expect(context.sendStates.isEmpty)
  }

  @Test func confirmingAnItemARefreshAlreadyBroughtInRemovesTheLocalCopy() {
    var context = MessageContext(
      phase: .loaded, items: [ListMessage("srv1", "old"), ListMessage("local")], sendStates: ["local": .pending])
    _ = reduce(&context, .confirmSend(localID: "local", ListMessage("srv1", "new")))
    #expect(context.items == [ListMessage("srv1", "new")])
    #expect(context.sendStates.isEmpty)
  }

  @Test func insertingAtTheStartAndRollingBack() {
    var context = MessageContext(phase: .loaded, items: messages("a", 2))
    _ = reduce(&context, .insertPending(ListMessage("local"), at: .start))
    #expect(context.items.map(\.id) == ["local", "a1", "a2"])
    _ = reduce(&context, .rollbackSend("local"))
    #expect(context.items.map(\.id) == ["a1", "a2"])
    #expect(context.sendStates.isEmpty)
    _ = reduce(&context, .markSendFailed("local", "gone"))
    #expect(context.sendStates.isEmpty)
  }

  @Test func updatingAndRemovingItems() {
    var context = MessageContext(phase: .loaded, items: messages("a", 3), sendStates: ["a3": .pending])
    _ = reduce(&context, .updateItem(ListMessage("a2", "edited")))
    _ = reduce(&context, .updateItem(ListMessage("zz", "absent")))
    _ = reduce(&context, .removeItems(["a1", "a3"]))
    #expect(context.items == [ListMessage("a2", "edited")])
    #expect(context.sendStates.isEmpty)
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
      map(TestFailure("cut"), .stream("hi"))
        == .failStream(ListError(operation: .stream, message: strings.streamFailure, detail: "cut")))
    #expect(map(error, .send(ListMessage("x"))) == .markSendFailed("x", strings.sendFailure))
    #expect(map(error, .deliver("x")) == .markSendFailed("x", strings.sendFailure))
    #expect(map(error, .cancelStream) == nil)
    #expect(map(error, .discardSend("x")) == nil)
  }

  @Test func contextIntentAndEffectRoundTripThroughJSON() throws {
    let context = MessageContext(
      phase: .failure("Loading failed"), items: messages("a", 2),
      error: ListError(operation: .load, message: "Loading failed", attempts: 3, detail: "offline"),
      streamedText: "partial", isStreaming: true, nextPage: "cursor-2", isLoadingMore: true, loadedPages: 1,
      sendStates: ["a2": .failed("Not sent")])
    let decoded = try JSONDecoder().decode(MessageContext.self, from: JSONEncoder().encode(context))
    #expect(decoded == context)

    let effects: [MessageEffect] = [
      .setLoading("Loading…"), .replaceItems(messages("a", 1), nextPage: 2), .appendDelta("Hi"),
      .confirmSend(localID: "local", ListMessage("srv")), .insertPending(ListMessage("l"), at: .start),
    ]
    #expect(try JSONDecoder().decode([MessageEffect].self, from: JSONEncoder().encode(effects)) == effects)
    let intents: [MessageIntent] = [.load, .stream("prompt"), .retrySend("x"), .send(ListMessage("y"))]
    #expect(try JSONDecoder().decode([MessageIntent].self, from: JSONEncoder().encode(intents)) == intents)
    #expect(try JSONDecoder().decode(PageCursor.self, from: JSONEncoder().encode(PageCursor(7))) == 7)
  }

  @Test func phaseAndCursorConveniences() {
    #expect(LoadPhase.loading("Loading…").hint == "Loading…")
    #expect(LoadPhase.loading("Loading…").isLoading)
    #expect(LoadPhase.failure("Oops").isFailure)
    #expect(LoadPhase.loaded.hint == nil)
    #expect(PageCursor(3).pageNumber == 3)
    #expect(PageCursor("abc").pageNumber == nil)
    #expect(PageCursor("abc").description == "abc")
    #expect(Page(items: [1], next: nil).hasNext == false)
    #expect(PageRequest(cursor: nil, reason: .load).isFirstPage)
  }
}
