import AgentSkill
import AgentSkillList
import Foundation
import Testing

@Suite("Message list reducer", .timeLimit(.minutes(5)))
struct MessageListReducerTests {
  private func reduce(_ context: inout ConversationContext, _ effect: ConversationEffect) -> [ConversationIntent] {
    MessageListReducer.reduce(&context, effect)
  }

  @MainActor @Test func listEffectsGoThroughTheListReducer() {
    var context = ConversationContext()
    #expect(reduce(&context, .list(.setLoading("Loading…"))) == [])
    #expect(context.phase == .loading("Loading…"))
    _ = reduce(&context, .list(.replaceItems(messages("a", 2), nextPage: 2)))
    #expect(context.list == ListContext(phase: .loaded, items: messages("a", 2), nextPage: 2, loadedPages: 1))

    let eager: @MainActor (inout ConversationContext, ConversationEffect) -> [ConversationIntent] =
      MessageListReducer.reducer(prefetchPages: 1)
    var prefetching = ConversationContext()
    #expect(eager(&prefetching, .list(.replaceItems(messages("a", 1), nextPage: 2))) == [.list(.loadMore)])
  }

  @Test func addingItemsAlwaysShowsTheContent() {
    for effect: ConversationEffect in [
      .insertPending(ListMessage("a1"), at: .end), .finishStream(ListMessage("a1")),
      .list(.appendItems(messages("a", 1))),
    ] {
      var context = ConversationContext(list: ListContext(phase: .loading("Loading…")))
      _ = reduce(&context, effect)
      #expect(context.phase == .loaded, "after \(effect)")
      #expect(context.items.map(\.id) == ["a1"], "after \(effect)")
    }
  }

  @Test func emptyStateClearsItemsButKeepsUnconfirmedSends() {
    var context = conversation(messages("a", 2))
    _ = reduce(&context, .list(.setEmpty("Nothing here")))
    #expect(context.phase == .empty("Nothing here"))
    #expect(context.items.isEmpty)

    var sending = conversation([ListMessage("a1"), ListMessage("local")], sendStates: ["local": .pending])
    _ = reduce(&sending, .list(.setEmpty("Nothing here")))
    #expect(sending.phase == .loaded)
    #expect(sending.items == [ListMessage("local")])
  }

  @Test func replacingItemsKeepsUnconfirmedSendsAfterThePage() {
    var context = conversation(
      [ListMessage("a1"), ListMessage("local"), ListMessage("failed")],
      sendStates: ["local": .pending, "failed": .failed("Not sent")])
    _ = reduce(
      &context, .list(.replaceItems([ListMessage("b1"), ListMessage("failed", "server copy")], nextPage: nil)))
    #expect(context.items.map(\.id) == ["b1", "failed", "local"])
    #expect(context.items[1].text == "server copy")
  }

  @Test func streamingAccumulatesThenTurnsIntoAnItem() {
    var context = conversation(messages("a", 1))
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

  @Test func aBrokenStreamIsRecordedUntilTheNextStream() {
    let error = ListError(operation: .stream, message: "The reply was interrupted.")
    var context = conversation()
    _ = reduce(&context, .beginStream)
    _ = reduce(&context, .failStream(error))
    #expect(context.error == error)
    #expect(context.phase == .loaded)  // the list is not the stream: its phase stays
    #expect(!context.isStreaming)
    _ = reduce(&context, .beginStream)
    #expect(context.error == nil)
  }

  @Test func optimisticSendLifecycle() {
    var context = ConversationContext(list: ListContext(phase: .empty("Nothing")))
    #expect(reduce(&context, .insertPending(ListMessage("local"), at: .end)) == [.deliver("local")])
    #expect(context.phase == .loaded)
    #expect(context.sendStates["local"] == .pending)

    _ = reduce(&context, .markSendFailed("local", "Not sent"))
    #expect(context.sendStates["local"] == .failed("Not sent"))
    #expect(reduce(&context, .markSendPending("local")) == [.deliver("local")])
    #expect(reduce(&context, .markSendPending("unknown")) == [])
    #expect(context.sendStates["unknown"] == nil)

    _ = reduce(&context, .confirmSend(localID: "local", ListMessage("srv1", "hi")))
    #expect(context.items == [ListMessage("srv1", "hi")])
    #expect(context.sendStates.isEmpty)
  }

  @Test func confirmingAnItemARefreshAlreadyBroughtInRemovesTheLocalCopy() {
    var context = conversation([ListMessage("srv1", "old"), ListMessage("local")], sendStates: ["local": .pending])
    _ = reduce(&context, .confirmSend(localID: "local", ListMessage("srv1", "new")))
    #expect(context.items == [ListMessage("srv1", "new")])
    #expect(context.sendStates.isEmpty)
  }

  @Test func insertingAtTheStartAndRollingBack() {
    let error = ListError(operation: .send, message: "Not sent")
    var context = conversation(messages("a", 2))
    _ = reduce(&context, .insertPending(ListMessage("local"), at: .start))
    #expect(context.items.map(\.id) == ["local", "a1", "a2"])
    _ = reduce(&context, .rollbackSend("local", error))
    #expect(context.items.map(\.id) == ["a1", "a2"])
    #expect(context.sendStates.isEmpty)
    #expect(context.error == error)
    _ = reduce(&context, .markSendFailed("local", "gone"))
    #expect(context.sendStates.isEmpty)
  }

  @Test func removedItemsLoseTheirSendState() {
    var context = conversation(messages("a", 3), sendStates: ["a3": .pending])
    _ = reduce(&context, .list(.removeItems(["a1", "a3"])))
    #expect(context.items == [ListMessage("a2")])
    #expect(context.sendStates.isEmpty)
  }

  @MainActor @Test func failureMappingCoversEveryIntent() {
    let error = RetryExhaustedError(skillName: "Custom", attempts: 2, underlying: TestFailure("offline"))
    let strings = ListStrings.simplifiedChinese
    let map: @MainActor (any Error, ConversationIntent) -> ConversationEffect? = MessageListReducer.mapFailure(
      strings: strings)
    #expect(
      map(error, .list(.refresh))
        == .list(.setFailure(ListError(operation: .refresh, message: strings.failure, attempts: 2, detail: "offline"))))
    #expect(
      map(TestFailure("cut"), .stream("hi"))
        == .failStream(ListError(operation: .stream, message: strings.streamFailure, detail: "cut")))
    #expect(map(error, .send(ListMessage("x"))) == .markSendFailed("x", strings.sendFailure))
    #expect(map(error, .retrySend("x")) == .markSendFailed("x", strings.sendFailure))
    #expect(map(error, .deliver("x")) == .markSendFailed("x", strings.sendFailure))
    #expect(map(error, .cancelStream) == nil)
    #expect(map(error, .discardSend("x")) == nil)
  }

  @Test func contextIntentAndEffectRoundTripThroughJSON() throws {
    let context = ConversationContext(
      list: ListContext(phase: .loaded, items: messages("a", 2), nextPage: "cursor-2", loadedPages: 1),
      streamedText: "partial", isStreaming: true, sendStates: ["a2": .failed("Not sent")],
      error: ListError(operation: .stream, message: "Interrupted", detail: "reset"))
    let decoded = try JSONDecoder().decode(ConversationContext.self, from: JSONEncoder().encode(context))
    #expect(decoded == context)

    let effects: [ConversationEffect] = [
      .list(.setLoading("Loading…")), .appendDelta("Hi"), .confirmSend(localID: "local", ListMessage("srv")),
      .insertPending(ListMessage("l"), at: .start), .rollbackSend("l", ListError(operation: .send, message: "No")),
    ]
    #expect(try JSONDecoder().decode([ConversationEffect].self, from: JSONEncoder().encode(effects)) == effects)
    let intents: [ConversationIntent] = [.list(.load), .stream("prompt"), .retrySend("x"), .send(ListMessage("y"))]
    #expect(try JSONDecoder().decode([ConversationIntent].self, from: JSONEncoder().encode(intents)) == intents)
  }
}
