import AgentSkill
import AgentSkillList
import AgentSkillTesting
import Foundation
import Testing

@MainActor
@Suite("Message stream skill", .timeLimit(.minutes(5)))
struct MessageStreamSkillTests {
  private let clock = TestClock()
  private let feed = ListDeltaFeed()

  private func streamSkill(
    makeItem: (@Sendable (String) -> ListMessage?)? = nil
  ) -> MessageStreamSkill<ListMessage, ListDeltaFeed> {
    let feed = self.feed
    return MessageStreamSkill(makeItem: makeItem) { _ in feed }
  }

  @Test func deltasAreBatchedPerWindowAndTheLastBatchEndsTheStream() async {
    let store = makeConversationStore(
      [streamSkill { text in ListMessage("reply", text) }], context: conversation(), clock: clock)

    await store.send(.stream("Say hello"))
    await store.receive(.beginStream) { $0.isStreaming = true }
    await feed.waitUntilRequested(1)
    feed.yield("Hel")
    await feed.waitUntilRequested(2)
    await clock.waitForSleepers(1)
    #expect(clock.pendingDeadlines == [TestClock.Instant(offset: .milliseconds(100))])
    feed.yield("lo")
    await feed.waitUntilRequested(3)
    await clock.advance(by: .milliseconds(99))
    #expect(store.pendingEffects.isEmpty)
    await clock.advance(by: .milliseconds(1))
    await store.receive(.appendDelta("Hello")) { $0.streamedText = "Hello" }

    feed.yield(", world")
    await feed.waitUntilRequested(4)
    feed.finish()
    await store.receive(.appendDelta(", world")) { $0.streamedText = "Hello, world" }
    await store.receive(.finishStream(ListMessage("reply", "Hello, world"))) {
      $0.isStreaming = false
      $0.streamedText = ""
      $0.items = [ListMessage("reply", "Hello, world")]
    }
    await store.finish()
    #expect(!clock.hasSleepers)
  }

  @Test func aQuietStreamWritesNothingUntilItsFinalBatch() async {
    let store = makeConversationStore([streamSkill()], clock: clock)

    await store.send(.stream("prompt"))
    await store.receive(.beginStream) { $0.isStreaming = true }
    for delta in ["a", "b", "c"] { feed.yield(delta) }
    feed.finish()
    await store.receive(.appendDelta("abc")) { $0.streamedText = "abc" }
    await store.receive(.finishStream(nil)) { $0.isStreaming = false }
    await store.finish()
  }

  @Test func tenThousandDeltasLoseNoCharacterAndWriteAtMostOncePerWindow() async {
    let writes = LockIsolated<[Duration]>([])
    let clock = self.clock
    let agent = MessageListAgent<ListMessage>(
      context: ConversationContext(),
      skills: [streamSkill()],
      reduce: { context, effect in
        if case .appendDelta = effect { writes.withValue { $0.append(clock.now.offset) } }
        return MessageListReducer.reduce(&context, effect)
      },
      environment: SkillEnvironment(clock: clock),
      timeline: .disabled)

    let task = agent.send(.stream("long"))
    var expected = ""
    var sent = 0
    for _ in 0..<100 {
      for _ in 0..<100 {
        let delta = sent % 7 == 0 ? "字\(sent)" : "d\(sent) "
        expected += delta
        feed.yield(delta)
        sent += 1
      }
      await feed.waitUntilRequested(sent + 1)
      await clock.advance(by: .milliseconds(10))
    }
    feed.finish()
    await task.finish()

    let elapsed = clock.now.offset
    #expect(elapsed == .seconds(1))
    #expect(agent.context.streamedText == expected)
    #expect(!agent.context.isStreaming)
    let times = writes.value
    #expect(times.count <= Int(elapsed / .milliseconds(100)) + 1)
    #expect(times.count >= 10)
    for (earlier, later) in zip(times, times.dropFirst().dropLast()) {
      #expect(later - earlier >= .milliseconds(100))
    }
  }

  @Test func cancelStreamEndsTheIterationAtOnce() async {
    let store = makeConversationStore([streamSkill()], clock: clock)

    await store.send(.stream("prompt"))
    await store.receive(.beginStream) { $0.isStreaming = true }
    feed.yield("partial")
    await feed.waitUntilRequested(2)

    await store.send(.cancelStream)
    await store.receive(.stopStream) { $0.isStreaming = false }
    await store.finish()
    #expect(feed.wasCancelled)
    #expect(!clock.hasSleepers)

    feed.yield("late")
    await clock.advance(by: .seconds(1))
    #expect(store.pendingEffects.isEmpty)
    #expect(store.context.streamedText == "")
    #expect(feed.requestCount == 2)
  }

  @Test func cancelAllStopsTheStreamToo() async {
    let agent = MessageListAgent<ListMessage>(skills: [streamSkill()], environment: SkillEnvironment(clock: clock))
    let task = agent.send(.stream("prompt"))
    await feed.waitUntilRequested(1)
    agent.cancelAll()
    await task.finish()
    #expect(feed.wasCancelled)
    #expect(agent.isIdle)
  }

  @Test func aNewStreamReplacesTheRunningOne() async {
    let second = ListDeltaFeed()
    let feeds = LockIsolated([feed, second])
    let skill = MessageStreamSkill<ListMessage, ListDeltaFeed> { _ in feeds.withValue { $0.removeFirst() } }
    let store = makeConversationStore([skill], clock: clock)

    await store.send(.stream("first"))
    await store.receive(.beginStream) { $0.isStreaming = true }
    await feed.waitUntilRequested(1)
    await store.send(.stream("second"))
    await store.receive(.beginStream)
    await second.waitUntilRequested(1)
    #expect(feed.wasCancelled)
    second.yield("two")
    second.finish()
    await store.receive(.appendDelta("two")) { $0.streamedText = "two" }
    await store.receive(.finishStream(nil)) { $0.isStreaming = false }
    await store.finish()
  }

  @Test func aBrokenStreamKeepsTheTextReceived() async {
    let store = makeConversationStore([streamSkill()], clock: clock)

    await store.send(.stream("prompt"))
    await store.receive(.beginStream) { $0.isStreaming = true }
    feed.yield("Half a rep")
    feed.finish(throwing: TestFailure("connection reset"))
    await store.receive(.appendDelta("Half a rep")) { $0.streamedText = "Half a rep" }
    let failure = ListError(
      operation: .stream, message: "The reply was interrupted.", attempts: 1, detail: "connection reset")
    await store.receive(.failStream(failure)) {
      $0.isStreaming = false
      $0.error = failure
    }
    await store.finish()
  }

  @Test func aStreamThatCannotStartFails() async {
    let skill = MessageStreamSkill<ListMessage, ListDeltaFeed> { _ in throw TestFailure("no model") }
    let store = makeConversationStore([skill], clock: clock)

    await store.send(.stream("prompt"))
    await store.receive(.beginStream) { $0.isStreaming = true }
    let failure = ListError(operation: .stream, message: "The reply was interrupted.", detail: "no model")
    await store.receive(.failStream(failure)) {
      $0.isStreaming = false
      $0.error = failure
    }
    await store.finish()
  }

  @Test func theWindowIsConfigurable() async {
    let feed = self.feed
    let skill = MessageStreamSkill<ListMessage, ListDeltaFeed>(batchWindow: .milliseconds(250)) { _ in feed }
    let store = makeConversationStore([skill], clock: clock)

    await store.send(.stream("prompt"))
    await store.receive(.beginStream) { $0.isStreaming = true }
    feed.yield("x")
    await feed.waitUntilRequested(2)
    await clock.waitForSleepers(1)
    #expect(clock.pendingDeadlines == [TestClock.Instant(offset: .milliseconds(250))])
    await clock.advance(by: .milliseconds(250))
    await store.receive(.appendDelta("x")) { $0.streamedText = "x" }
    feed.finish()
    await store.receive(.finishStream(nil)) { $0.isStreaming = false }
    await store.finish()
  }
}
