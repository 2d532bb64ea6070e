import AgentSkill
import AgentSkillList
import AgentSkillTesting
import Testing

/// A stream that is never finished leaves the UI stuck; for the message
/// list: a streamed reply must end the
/// "streaming" state on every path. The stream skill closes its own batching
/// stream whether the source finishes, fails or is cancelled — even when
/// the source itself never finishes.
@MainActor
@Suite("Pitfall: a message stream that never ends", .timeLimit(.minutes(5)))
struct MessageStreamPitfallTests {
  @Test func pitfall_streamNeverFinishes_listStreamSettlesOnSuccessFailureAndCancellation() async {
    let (success, successFeed) = AsyncThrowingStream<String, any Error>.makeStream()
    let (failure, failureFeed) = AsyncThrowingStream<String, any Error>.makeStream()
    let (endless, endlessFeed) = AsyncThrowingStream<String, any Error>.makeStream()
    let sources = LockIsolated([success, failure, endless])
    let requested = Recorder<String>()
    let skill = MessageStreamSkill<ListMessage, AsyncThrowingStream<String, any Error>>(
      makeItem: { ListMessage("reply", $0) },
      stream: { prompt in
        requested.append(prompt)
        return sources.withValue { $0.removeFirst() }
      })
    let agent = MessageListAgent<ListMessage>(
      context: conversation(), skills: [skill], environment: SkillEnvironment(clock: TestClock()))

    successFeed.yield("Hel")
    successFeed.yield("lo")
    successFeed.finish()
    await agent.send(.stream("greet")).finish()
    #expect(!agent.context.isStreaming)
    #expect(agent.context.items.map(\.text) == ["Hello"])

    failureFeed.yield("Half a rep")
    failureFeed.finish(throwing: TestFailure("connection lost"))
    await agent.send(.stream("explain")).finish()
    #expect(!agent.context.isStreaming)
    #expect(agent.context.error?.operation == .stream)
    #expect(agent.context.streamedText == "Half a rep")

    endlessFeed.yield("and then")  // the source never finishes
    let endlessRun = agent.send(.stream("ramble"))
    await requested.wait(forCount: 3)
    await agent.send(.cancelStream).finish()
    await endlessRun.finish()
    #expect(!agent.context.isStreaming)
    #expect(agent.isIdle)
  }
}
