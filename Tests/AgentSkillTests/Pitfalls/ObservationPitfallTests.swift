import AgentSkill
import AgentSkillTesting
import Observation
import Testing

/// `onChange` never fires for a property the view never
/// read. Observation registers reads, not declarations: a scope depends on
/// exactly what it read. ``ContinuousObservation`` reads what you name and
/// keeps re-registering.
@MainActor
@Suite("Pitfall: onChange never fires for an unread property", .timeLimit(.minutes(5)))
struct ObservationPitfallTests {
  private func makeAgent() -> TestAgent {
    TestAgent(
      context: TestContext(),
      skills: [
        skill("Notes", handles: [.send("a"), .send("b")]) { intent, _, emit in
          if case .send(let text) = intent { emit(.note(text)) }
          return .handled
        },
        skill("Items", handles: [.load]) { _, _, emit in
          emit(.append(["item"]))
          return .handled
        },
      ],
      reduce: testReduce)
  }

  @Test func pitfall_onChangeSkipsUnreadProperties_readingAgentContextRegisters() async {
    let agent = makeAgent()
    let readerNotified = LockIsolated(0)
    let bystanderNotified = LockIsolated(0)
    withObservationTracking {
      _ = agent.context.notes
    } onChange: {
      readerNotified.withValue { $0 += 1 }
    }
    withObservationTracking {
      // Reads only non-observable values of the agent: nothing registers.
      _ = agent.name
      _ = agent.tag
    } onChange: {
      bystanderNotified.withValue { $0 += 1 }
    }
    await agent.send(.send("a")).finish()
    #expect(readerNotified.value == 1)
    #expect(bystanderNotified.value == 0)
  }

  @Test func pitfall_onChangeSkipsUnreadProperties_runnerStatusRegistersOnlyWhenRead() async {
    let runner = SkillRunner(
      SleepingSkill(delay: .zero), executor: .immediate, environment: SkillEnvironment(clock: TestClock()))
    let readerNotified = LockIsolated(0)
    let bystanderNotified = LockIsolated(0)
    withObservationTracking {
      _ = runner.status
    } onChange: {
      readerNotified.withValue { $0 += 1 }
    }
    withObservationTracking {
      _ = runner.id
      _ = runner.policy
    } onChange: {
      bystanderNotified.withValue { $0 += 1 }
    }
    await runner.perform(2).value
    #expect(readerNotified.value == 1)
    #expect(bystanderNotified.value == 0)
    #expect(runner.status == .succeeded(output: 4))
  }

  @Test func pitfall_onChangeSkipsUnreadProperties_aTrackingScopeFiresOnceThenMustRegisterAgain() async {
    let agent = makeAgent()
    let notified = LockIsolated(0)
    withObservationTracking {
      _ = agent.context
    } onChange: {
      notified.withValue { $0 += 1 }
    }
    await agent.send(.send("a")).finish()
    await agent.send(.send("b")).finish()
    // One registration, one notification: the second change went unnoticed.
    #expect(notified.value == 1)
  }

  @Test func pitfall_onChangeSkipsUnreadProperties_continuousObservationTracksWhatItReads() async {
    let agent = makeAgent()
    let notes = Recorder<[String]>()
    let observation = ContinuousObservation(of: { agent.context.notes }, onChange: { notes.append($0) })
    #expect(notes.values == [[]])
    await agent.send(.send("a")).finish()
    await notes.wait(forCount: 2)
    await agent.send(.send("b")).finish()
    await notes.wait(forCount: 3)
    // A change elsewhere in the context leaves the derived value alone: no call.
    await agent.send(.load).finish()
    observation.cancel()
    #expect(observation.isCancelled)
    await agent.send(.send("a")).finish()
    #expect(notes.values == [[], ["a"], ["a", "b"]])
  }

  @Test func pitfall_onChangeSkipsUnreadProperties_continuousObservationCoalescesABatch() async {
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("Burst", handles: [.load]) { _, _, emit in
          emit(contentsOf: [.note("1"), .note("2"), .note("3")])
          return .handled
        }
      ],
      reduce: testReduce)
    let counts = Recorder<Int>()
    let observation = ContinuousObservation(
      of: { agent.context.notes.count }, initial: false, onChange: { counts.append($0) })
    await agent.send(.load).finish()
    await counts.wait(forCount: 1)
    #expect(counts.values == [3])
    withExtendedLifetime(observation) {}
  }

  @Test func pitfall_onChangeSkipsUnreadProperties_releasedObservationStops() async {
    let agent = makeAgent()
    let notes = Recorder<[String]>()
    var observation: ContinuousObservation? = ContinuousObservation(
      of: { agent.context.notes }, onChange: { notes.append($0) })
    #expect(observation?.isCancelled == false)
    observation = nil
    await agent.send(.send("a")).finish()
    #expect(notes.values == [[]])
  }
}
