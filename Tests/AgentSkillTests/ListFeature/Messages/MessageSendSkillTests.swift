import AgentSkill
import AgentSkillList
import AgentSkillTesting
import Foundation
import Testing

@MainActor
@Suite("Message send skill", .timeLimit(.minutes(5)))
struct MessageSendSkillTests {
  private let clock = TestClock()
  private let loaded = conversation(messages("a", 1))

  /// A server that stores messages after a second, failing the scripted number of times first.
  private func server(failures: Int = 0) -> (
    submit: @Sendable (ListMessage) async throws -> ListMessage, received: LockIsolated<[String]>
  ) {
    let received = LockIsolated<[String]>([])
    let remaining = LockIsolated(failures)
    let clock = self.clock
    return (
      { message in
        try await clock.sleep(for: .seconds(1))
        let fail = remaining.withValue { count -> Bool in
          defer { count -= 1 }
          return count > 0
        }
        if fail { throw TestFailure("503") }
        received.withValue { $0.append(message.text) }
        return ListMessage("srv-\(message.id)", message.text)
      },
      received
    )
  }

  @Test func aSentItemAppearsAtOnceThenIsConfirmed() async {
    let (submit, received) = server()
    let store = makeConversationStore([MessageSendSkill(submit: submit)], context: loaded, clock: clock)

    await store.send(.send(ListMessage("local", "hi")))
    await store.receive(.insertPending(ListMessage("local", "hi"), at: .end)) {
      $0.items = [ListMessage("a1"), ListMessage("local", "hi")]
      $0.sendStates = ["local": .pending]
    }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.receive(.confirmSend(localID: "local", ListMessage("srv-local", "hi"))) {
      $0.items = [ListMessage("a1"), ListMessage("srv-local", "hi")]
      $0.sendStates = [:]
    }
    await store.finish()
    #expect(received.value == ["hi"])
  }

  @Test func aFailedItemIsMarkedAndARetryConfirmsIt() async {
    let (submit, received) = server(failures: 1)
    let store = makeConversationStore([MessageSendSkill(submit: submit)], context: loaded, clock: clock)

    await store.send(.send(ListMessage("local", "hi")))
    await store.receive(.insertPending(ListMessage("local", "hi"), at: .end)) {
      $0.items.append(ListMessage("local", "hi"))
      $0.sendStates = ["local": .pending]
    }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.receive(.markSendFailed("local", "Not sent. Tap to try again.")) {
      $0.sendStates = ["local": .failed("Not sent. Tap to try again.")]
    }

    await store.send(.retrySend("local"))
    await store.receive(.markSendPending("local")) { $0.sendStates = ["local": .pending] }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.receive(.confirmSend(localID: "local", ListMessage("srv-local", "hi"))) {
      $0.items = [ListMessage("a1"), ListMessage("srv-local", "hi")]
      $0.sendStates = [:]
    }
    await store.finish()
    #expect(received.value == ["hi"])
  }

  @Test func rollbackRemovesTheItemAndRecordsTheError() async {
    let (submit, _) = server(failures: 1)
    let store = makeConversationStore(
      [MessageSendSkill(edge: .start, onFailure: .rollback, submit: submit)], context: loaded, clock: clock)

    await store.send(.send(ListMessage("local", "hi")))
    await store.receive(.insertPending(ListMessage("local", "hi"), at: .start)) {
      $0.items.insert(ListMessage("local", "hi"), at: 0)
      $0.sendStates = ["local": .pending]
    }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    let error = ListError(operation: .send, message: "Not sent. Tap to try again.", detail: "503")
    await store.receive(.rollbackSend("local", error)) {
      $0.items = [ListMessage("a1")]
      $0.sendStates = [:]
      $0.error = error
    }
    await store.finish()
  }

  @Test func sendsAreRetriedAsThePolicySays() async {
    let (submit, received) = server(failures: 2)
    let agent = MessageListAgent<ListMessage>(
      context: loaded, skills: [MessageSendSkill(retry: exactBackoff(attempts: 3), submit: submit)],
      environment: SkillEnvironment(clock: clock))
    let task = agent.send(.send(ListMessage("local", "hi")))
    for step in [1, 1, 1, 2, 1] {  // round trip, backoff, round trip, backoff, round trip
      await clock.waitForSleepers(1)
      await clock.advance(by: .seconds(step))
    }
    await task.finish()
    #expect(clock.now.offset == .seconds(6))  // three 1 s round trips, waits of 1 s and 2 s
    #expect(received.value == ["hi"])
    #expect(agent.context.items.last == ListMessage("srv-local", "hi"))
    #expect(agent.context.sendStates.isEmpty)
  }

  @Test func failedItemsCanBeDiscardedAndOthersAreLeftAlone() async {
    let context = conversation(
      [ListMessage("sent"), ListMessage("failed"), ListMessage("pending")],
      sendStates: ["failed": .failed("Not sent"), "pending": .pending])
    let (submit, received) = server()
    let store = makeConversationStore([MessageSendSkill(submit: submit)], context: context, clock: clock)

    await store.send(.discardSend("pending"))
    await store.send(.discardSend("sent"))
    await store.send(.retrySend("sent"))
    await store.send(.discardSend("failed"))
    await store.receive(.list(.removeItems(["failed"]))) {
      $0.items = [ListMessage("sent"), ListMessage("pending")]
      $0.sendStates = ["pending": .pending]
    }
    await store.finish()
    #expect(received.value.isEmpty)
  }

  @Test func itemsAppearAtOnceAndReachTheServerInOrder() async {
    let (submit, received) = server()
    let agent = MessageListAgent<ListMessage>(
      context: loaded, skills: [MessageSendSkill(submit: submit)], environment: SkillEnvironment(clock: clock))

    let tasks = (1...3).map { agent.send(.send(ListMessage("m\($0)", "text \($0)"))) }
    await waitUntil(agent) { $0.items.count == 4 }
    #expect(agent.context.items.map(\.id) == ["a1", "m1", "m2", "m3"])
    #expect(agent.context.sendStates == ["m1": .pending, "m2": .pending, "m3": .pending])
    #expect(received.value.isEmpty)

    for _ in 1...3 {  // one delivery at a time
      await clock.waitForSleepers(1)
      #expect(clock.sleeperCount == 1)
      await clock.advance(by: .seconds(1))
    }
    for task in tasks { await task.finish() }
    #expect(received.value == ["text 1", "text 2", "text 3"])
    #expect(agent.context.items.map(\.id) == ["a1", "srv-m1", "srv-m2", "srv-m3"])
    #expect(clock.now.offset == .seconds(3))
  }
}
