import AgentSkillTesting
import Foundation
import Testing

@testable import AgentSkill

/// The settlement waiters of ``AgentCore``: every `finish()` returns exactly
/// once — on settlement, cancellation of the waiting task, `cancelAll()` or
/// the agent's release — from the main actor (a parked drainer) or elsewhere.
@MainActor
@Suite("Agent settlement waiters", .timeLimit(.minutes(5)))
struct AgentCoreTests {
  /// A skill that notes `start`, sleeps one second on the clock, then notes `end`.
  private func sleeper(policy: @escaping @Sendable (TestIntent) -> IntentPolicy = { _ in .parallel }) -> TestSkill {
    skill("Sleeper", handles: [.load], policy: policy) { _, _, emit in
      emit(.note("start"))
      try await emit.sleep(for: .seconds(1))
      emit(.note("end"))
      return .handled
    }
  }

  @Test func severalWaitersOnOneIntentEachReturnOnce() async {
    let clock = TestClock()
    let agent = TestAgent(
      context: TestContext(), skills: [sleeper()], reduce: testReduce,
      environment: SkillEnvironment(clock: clock))
    let run = agent.send(.load)
    let mainWaiters = (0..<3).map { _ in Task { @MainActor in await run.finish() } }
    let offMain = Task.detached { await run.finish() }
    await clock.waitForSleepers(1)
    await eventually("three drainers wait") { agent.mailbox.settlement.drainerCount == 3 }
    #expect(!run.isSettled)

    await clock.advance(by: .seconds(1))
    for waiter in mainWaiters { await waiter.value }
    await offMain.value
    #expect(run.isSettled)
    #expect(agent.context.notes == ["start", "end"])
    #expect(agent.mailbox.settlement.drainerCount == 0)
  }

  /// As with TCA's `StoreTask.finish()`: cancelling the task that awaits
  /// `finish()` cancels the intent (a SwiftUI `.task` that ends cancels its load).
  @Test func cancellingAWaitingTaskCancelsTheIntentAndReleasesEveryWaiter() async {
    let clock = TestClock()
    let agent = TestAgent(
      context: TestContext(), skills: [sleeper()], reduce: testReduce,
      environment: SkillEnvironment(clock: clock))
    let run = agent.send(.load)
    let other = Task { @MainActor in await run.finish() }
    let offMain = Task.detached { await run.finish() }
    let cancelled = Task { @MainActor in await run.finish() }
    await clock.waitForSleepers(1)
    await eventually("two drainers wait") { agent.mailbox.settlement.drainerCount == 2 }
    cancelled.cancel()
    await cancelled.value
    #expect(run.isSettled)
    await other.value
    await offMain.value
    #expect(agent.isIdle)
    #expect(agent.mailbox.settlement.drainerCount == 0)
    #expect(agent.context.notes == ["start"])
    if case .skillCancelled(_, let reason, _)? = agent.timeline.entries.last(where: {
      if case .skillCancelled = $0.event { true } else { false }
    })?.event {
      #expect(reason == .cancelledByHandle)
    } else {
      Issue.record("the timeline records no cancellation")
    }
  }

  @Test func finishOffTheMainActorReturnsAfterTheEffectsWereApplied() async {
    let clock = TestClock()
    let agent = TestAgent(
      context: TestContext(), skills: [sleeper()], reduce: testReduce,
      environment: SkillEnvironment(clock: clock))
    let run = agent.send(.load)
    let waiter = Task.detached { await run.finish() }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await waiter.value
    #expect(agent.context.notes == ["start", "end"])
    #expect(agent.isIdle)
  }

  @Test func releasingTheAgentReleasesAParkedWaiter() async {
    let clock = TestClock()
    weak var weakAgent: TestAgent?
    let waiter: Task<Void, Never>
    let run: AgentTask
    do {
      let agent = TestAgent(
        context: TestContext(), skills: [sleeper()], reduce: testReduce,
        environment: SkillEnvironment(clock: clock))
      weakAgent = agent
      run = agent.send(.load)
      waiter = Task { @MainActor in await run.finish() }
      await clock.waitForSleepers(1)
      await eventually("one drainer waits") { agent.mailbox.settlement.drainerCount == 1 }
    }
    #expect(weakAgent == nil)
    await waiter.value
    #expect(run.isSettled)
  }

  @Test func cancelAllReleasesAParkedWaiterAndDropsLateEffects() async {
    let clock = TestClock()
    let agent = TestAgent(
      context: TestContext(), skills: [sleeper()], reduce: testReduce,
      environment: SkillEnvironment(clock: clock))
    let run = agent.send(.load)
    let waiter = Task { @MainActor in await run.finish() }
    await clock.waitForSleepers(1)
    await eventually("one drainer waits") { agent.mailbox.settlement.drainerCount == 1 }
    agent.cancelAll()
    await waiter.value
    #expect(run.isSettled)
    #expect(agent.isIdle)
    #expect(agent.mailbox.settlement.drainerCount == 0)
    #expect(!agent.context.notes.contains("end"))
  }

  @Test func concurrentEmittersCancellersAndWaitersAllSettle() async {
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("Burst", handles: [.load], policy: { _ in .parallel }) { _, _, emit in
          await withTaskGroup(of: Void.self) { group in
            for index in 0..<4 {
              group.addTask { emit(.note("\(index)")) }
            }
          }
          emit(contentsOf: [.note("a"), .note("b")])
          return .handled
        }
      ],
      reduce: testReduce, timeline: .disabled)
    var runs: [AgentTask] = []
    for _ in 0..<500 { runs.append(agent.send(.load)) }
    let snapshot = runs
    let cancellers = Task.detached {
      for (index, run) in snapshot.enumerated() where index % 7 == 0 { run.cancel() }
    }
    let offMainWaiters = Task.detached {
      for run in snapshot.reversed() { await run.finish() }
    }
    let mainWaiters = snapshot.map { run in Task { @MainActor in await run.finish() } }
    for waiter in mainWaiters { await waiter.value }
    await cancellers.value
    await offMainWaiters.value
    #expect(runs.allSatisfy { $0.isSettled })
    #expect(agent.isIdle)
    #expect(agent.mailbox.settlement.drainerCount == 0)
    // Cancelled runs' tasks are forgotten once their end is drained.
    await eventually("every run task is forgotten") { agent.mailbox.settlement.taskCount == 0 }
    // Every run the cancellers missed (at least 500 - 72) applied all six of
    // its effects; a cancelled run applied at most those it emitted before.
    let notes = agent.context.notes.count
    #expect(notes >= 428 * 6 && notes <= 500 * 6)
  }

  /// A waiter on the main actor drains for the agent: an effect and the end
  /// of the run that emitted it, arriving while that waiter drains or is
  /// about to, never start a drain task of their own (one main-actor hop
  /// per round trip, not two or three).
  @Test func mainActorRoundTripsStartNoDrainTask() async {
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("Echo", handles: [.load]) { _, _, emit in
          emit(.note("x"))
          return .handled
        }
      ],
      reduce: testReduce)
    for _ in 0..<500 { await agent.send(.load).finish() }
    #expect(agent.context.notes.count == 500)
    #expect(agent.mailbox.settlement.scheduledDrainCount == 0)
    #expect(agent.isIdle)
  }
}
