import AgentSkill
import AgentSkillAutonomy
import AgentSkillTesting
import Testing

/// A task outlives its view and
/// writes stale state. Work belongs to an agent, runner or debouncer; when
/// that owner goes away (or the view cancels it), the work is cancelled and
/// whatever it still produces is dropped.
@MainActor
@Suite("Pitfall: a task outlives its view", .timeLimit(.minutes(5)))
struct TaskLifetimePitfallTests {
  @Test func pitfall_taskOutlivesItsView_lateEffectsAreDropped() async {
    let clock = TestClock()
    let cancelled = Latch()
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        // A skill that ignores cancellation and writes anyway, like a
        // `Task { }` that forgot to check `Task.isCancelled`.
        skill("Stubborn", handles: [.load]) { _, _, emit in
          do {
            try await emit.sleep(for: .seconds(2))
          } catch {
            cancelled.fire()
          }
          emit(.append(["stale"]))
          return .handled
        }
      ],
      reduce: testReduce,
      environment: SkillEnvironment(clock: clock))
    let task = agent.send(.load)
    await clock.waitForSleepers(1)
    agent.cancelAll()  // what `.onDisappear` / the end of `.task` does
    await cancelled.wait()
    await task.finish()  // settled by `cancelAll()`; the stale write may still be on its way
    let droppedStale: () -> Bool = {
      agent.timeline.entries.contains { entry in
        if case .effectDropped(.append(["stale"]), .runCancelled(.cancelledAll)) = entry.event { return true }
        return false
      }
    }
    // Wait until the agent handled the stale write, either way.
    await eventually("the agent handled the stale write") { droppedStale() || !agent.context.items.isEmpty }
    #expect(agent.context.items.isEmpty)
    #expect(droppedStale())
  }

  @Test func pitfall_taskOutlivesItsAgent_releasingTheAgentCancelsItsSkills() async {
    let clock = TestClock()
    let cancelled = Latch()
    weak var weakAgent: TestAgent?
    var task: AgentTask?
    do {
      let agent = TestAgent(
        context: TestContext(),
        skills: [
          skill("Slow", handles: [.load]) { _, _, emit in
            do {
              try await emit.sleep(for: .seconds(60))
            } catch {
              cancelled.fire()
              throw error
            }
            emit(.note("never"))
            return .handled
          }
        ],
        reduce: testReduce,
        environment: SkillEnvironment(clock: clock))
      weakAgent = agent
      task = agent.send(.load)
      await clock.waitForSleepers(1)
    }
    // The running task did not keep the agent alive, and it was told to stop.
    #expect(weakAgent == nil)
    await cancelled.wait()
    await task?.finish()
    #expect(task?.isSettled == true)
    #expect(!clock.hasSleepers)
  }

  @Test func pitfall_taskOutlivesItsRunner_releasingTheRunnerCancelsItsRun() async {
    let clock = TestClock()
    let log = CancellationLog()
    weak var weakRunner: SkillRunner<CancellationObservingSkill>?
    do {
      let runner = SkillRunner(CancellationObservingSkill(log: log), environment: SkillEnvironment(clock: clock))
      weakRunner = runner
      runner.perform(7)
      await clock.waitForSleepers(1)
    }
    #expect(weakRunner == nil)
    await log.wait(forCancellations: 1)
    #expect(log.cancelledInputs == [7])
    #expect(!clock.hasSleepers)
  }

  @Test func pitfall_taskOutlivesItsView_releasedDebouncerNeverFires() async {
    let clock = TestClock()
    let fired = Recorder<String>()
    var debouncer: Debouncer<String>? = Debouncer(for: .seconds(1.5), clock: clock) { value in
      fired.append(value)
    }
    debouncer?.send("draft")
    await clock.waitForSleepers(1)
    debouncer = nil
    await clock.run()
    #expect(fired.values.isEmpty)
    #expect(!clock.hasSleepers)
  }
}
