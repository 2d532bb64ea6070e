import AgentSkill
import AgentSkillTesting
import Testing

/// Cancellation identifiers that collide. Identifiers
/// are scoped to one agent, a cancel affects only the runs in flight when it
/// is called, and runners have no shared identifiers at all.
@MainActor
@Suite("Pitfall: cancellation identifiers collide", .timeLimit(.minutes(5)))
struct CancellationScopePitfallTests {
  private func makeDownloadAgent(clock: TestClock) -> TestAgent {
    TestAgent(
      context: TestContext(),
      skills: [
        skill("ImageDownloadSkill", handles: [.upload(42)], policy: { _ in .parallel.cancellable(id: "image-42") }) {
          _, _, emit in
          try await emit.sleep(for: .seconds(1))
          emit(.note("downloaded"))
          return .handled
        }
      ],
      reduce: testReduce,
      environment: SkillEnvironment(clock: clock))
  }

  @Test func pitfall_cancellationIDsCollide_idsAreScopedPerAgent() async {
    let clock = TestClock()
    let list = makeDownloadAgent(clock: clock)
    let detail = makeDownloadAgent(clock: clock)
    let listTask = list.send(.upload(42))
    let detailTask = detail.send(.upload(42))
    await clock.waitForSleepers(2)
    list.cancel(id: "image-42")
    await listTask.finish()
    await clock.advance(by: .seconds(1))
    await detailTask.finish()
    #expect(list.context.notes.isEmpty)
    #expect(detail.context.notes == ["downloaded"])
  }

  @Test func pitfall_cancellationIDsCollide_anEarlierCancelNeverCancelsANewRun() async {
    let clock = TestClock()
    let agent = makeDownloadAgent(clock: clock)
    let first = agent.send(.upload(42))
    await clock.waitForSleepers(1)
    agent.cancel(id: "image-42")
    await first.finish()
    // The user comes back and taps the same item: the same identifier, a new run.
    let second = agent.send(.upload(42))
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await second.finish()
    #expect(agent.context.notes == ["downloaded"])
  }

  @Test func pitfall_cancellationIDsCollide_runnersOfTheSameSkillAreIndependent() async {
    let clock = TestClock()
    let environment = SkillEnvironment(clock: clock)
    let first = SkillRunner(SleepingSkill(), environment: environment)
    let second = SkillRunner(SleepingSkill(), environment: environment)
    #expect(first.id != second.id)
    first.perform(21)
    let secondRun = second.perform(21)
    await clock.waitForSleepers(2)
    first.cancel()
    await clock.advance(by: .seconds(1))
    await secondRun.value
    #expect(first.status.isCancelled)
    #expect(second.status == .succeeded(output: 42))
  }
}
