import AgentSkill
import AgentSkillTesting
import Testing

/// `Task.cancel()` only sets a flag, so a skill that
/// never checks it finishes its work and reports success after the user
/// cancelled — a "fake success". A cancelled run always ends cancelled,
/// whatever the skill returns, and skills can stop promptly through their
/// context.
@MainActor
@Suite("Pitfall: a cancelled run reports success", .timeLimit(.minutes(5)))
struct CancellationHonestyPitfallTests {
  @Test func pitfall_cancelReportsFakeSuccess_runnerEndsCancelledEvenWhenTheSkillReturns() async {
    let clock = TestClock()
    let log = CancellationLog()
    let runner = SkillRunner(
      CancellationObservingSkill(log: log, ignoresCancellation: true), environment: SkillEnvironment(clock: clock))
    let run = runner.perform(5)
    await clock.waitForSleepers(1)
    runner.cancel()
    #expect(runner.status.isCancelled)
    await run.value
    #expect(log.cancelledInputs == [5])  // the skill returned 5 anyway…
    #expect(runner.status.isCancelled)  // …and the status still says cancelled
    #expect(runner.status.output == nil)
  }

  @Test func pitfall_cancelReportsFakeSuccess_agentRecordsTheRunAsCancelledAndDropsItsEffects() async {
    let clock = TestClock()
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("UploadSkill", handles: [.upload(1)]) { _, _, emit in
          try? await emit.sleep(for: .seconds(5))
          emit(.note("uploaded"))
          return .handled
        }
      ],
      reduce: testReduce,
      environment: SkillEnvironment(clock: clock))
    let task = agent.send(.upload(1))
    await clock.waitForSleepers(1)
    task.cancel()
    await task.finish()
    #expect(agent.context.notes.isEmpty)
    #expect(agent.timeline.kinds.contains(.skillCancelled))
    #expect(!agent.timeline.kinds.contains(.skillFinished))
  }

  @Test func pitfall_cancelReportsFakeSuccess_aLoopThatChecksItsContextStopsAtTheNextItem() async {
    let clock = TestClock()
    let uploaded = Recorder<Int>()
    let upload = ClosureSkill<[Int], Int> { items, context in
      for item in items {
        try context.checkCancellation()
        try await context.sleep(for: .seconds(1))
        uploaded.append(item)
      }
      return items.count
    }
    let runner = SkillRunner(upload, environment: SkillEnvironment(clock: clock))
    let run = runner.perform([1, 2, 3, 4, 5])
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await uploaded.wait(forCount: 1)
    await clock.waitForSleepers(1)
    runner.cancel()
    await run.value
    #expect(uploaded.values == [1])
    #expect(runner.status.isCancelled)
    #expect(!clock.hasSleepers)
  }
}
