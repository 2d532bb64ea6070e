import AgentSkillTesting
import Foundation
import Testing

@testable import AgentSkill

@MainActor
@Suite("Agent lifecycle", .timeLimit(.minutes(5)))
struct AgentLifecycleTests {
  // Releasing the agent mid-run frees it and cancels its skill:
  // TaskLifetimePitfallTests.pitfall_taskOutlivesItsAgent_releasingTheAgentCancelsItsSkills.

  @Test func tasksNeverKeepTheAgentAlive() async {
    let clock = TestClock()
    weak var weakAgent: TestAgent?
    do {
      let agent = TestAgent(
        context: TestContext(),
        skills: [
          skill("Slow", handles: [.load], policy: { _ in .parallel }) { _, _, emit in
            try await emit.sleep(for: .seconds(60))
            return .handled
          },
          skill("Fast", handles: [.refresh]) { _, _, emit in
            emit(.note("fast"))
            return .handled
          },
        ],
        reduce: testReduce,
        environment: SkillEnvironment(clock: clock))
      weakAgent = agent
      for _ in 0..<100 { agent.send(.load) }
      await agent.send(.refresh).finish()
      await clock.waitForSleepers(100)
    }
    #expect(weakAgent == nil)
    await clock.run()
    #expect(!clock.hasSleepers)
  }

  @Test func manyIntentsThenReleaseLeaveNothingAlive() async {
    weak var weakAgent: TestAgent?
    var tasks: [AgentTask] = []
    do {
      let agent = TestAgent(
        context: TestContext(),
        skills: [
          skill("Echo", handles: [.load], policy: { _ in .parallel }) { _, _, emit in
            emit(.note("x"))
            return .handled
          }
        ],
        reduce: testReduce, timeline: .disabled)
      weakAgent = agent
      tasks.reserveCapacity(10_000)
      for _ in 0..<10_000 { tasks.append(agent.send(.load)) }
      for task in tasks { await task.finish() }
      #expect(agent.context.notes.count == 10_000)
      #expect(agent.isIdle)
      #expect(agent.mailbox.settlement.taskCount == 0)
    }
    #expect(weakAgent == nil)
    #expect(tasks.allSatisfy { $0.isSettled })
  }

  @Test func cancellingFromABackgroundThreadReachesTheMainActor() async {
    let clock = TestClock()
    let observed = Latch()
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("Slow", handles: [.load]) { _, _, emit in
          do {
            try await emit.sleep(for: .seconds(60))
          } catch {
            observed.fire()
            throw error
          }
          return .handled
        }
      ],
      reduce: testReduce,
      environment: SkillEnvironment(clock: clock))
    let task = agent.send(.load)
    await clock.waitForSleepers(1)
    await Task.detached { task.cancel() }.value
    await observed.wait()
    await task.finish()
    #expect(agent.isIdle)
    #expect(agent.timeline.kinds.contains(.skillCancelled))
  }

  @Test func emittingAfterTheAgentIsGoneIsHarmless() async {
    let escaped = LockIsolated<EffectSink<TestEffect>?>(nil)
    do {
      let agent = TestAgent(
        context: TestContext(),
        skills: [
          skill("Leaky", handles: [.load]) { _, _, emit in
            escaped.setValue(emit)
            return .handled
          }
        ],
        reduce: testReduce)
      await agent.send(.load).finish()
    }
    escaped.value?(.note("nobody listens"))
    escaped.setValue(nil)
  }

  @Test func mountAndUnmountAtRuntime() async {
    let agent = TestAgent(context: TestContext(), skills: [], reduce: testReduce)
    await agent.send(.load).finish()
    #expect(agent.timeline.kinds.contains(.unhandled))

    let token = agent.mount(
      skill("Late", handles: [.load]) { _, _, emit in
        emit(.note("late skill"))
        return .handled
      })
    await agent.send(.load).finish()
    #expect(agent.context.notes == ["late skill"])

    #expect(agent.unmount(token))
    #expect(!agent.unmount(token))
    #expect(agent.mountedSkills.isEmpty)
    await agent.send(.load).finish()
    #expect(agent.context.notes == ["late skill"])
  }

  @Test func unmountCancelsTheSkillsRunsByDefault() async {
    let clock = TestClock()
    let cancelled = Latch()
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("Streaming", handles: [.load]) { _, _, emit in
          emit(.note("chunk 1"))
          do {
            try await emit.sleep(for: .seconds(1))
          } catch {
            cancelled.fire()
            emit(.note("after cancellation"))
            throw error
          }
          emit(.note("chunk 2"))
          return .handled
        }
      ],
      reduce: testReduce,
      environment: SkillEnvironment(clock: clock))
    let run = agent.send(.load)
    await clock.waitForSleepers(1)
    #expect(agent.unmount(named: "Streaming") == 1)
    #expect(run.isSettled)
    await cancelled.wait()
    await agent.send(.other).finish()
    #expect(agent.context.notes == ["chunk 1"])
    #expect(
      agent.timeline.entries.contains { entry in
        if case .skillCancelled("Streaming", .unmounted, _) = entry.event { return true }
        return false
      })
  }

  @Test func unmountCanLetRunningWorkFinish() async {
    let clock = TestClock()
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("Saver", handles: [.load]) { _, _, emit in
          try await emit.sleep(for: .seconds(1))
          emit(.note("saved"))
          return .handled
        }
      ],
      reduce: testReduce,
      environment: SkillEnvironment(clock: clock))
    let run = agent.send(.load)
    await clock.waitForSleepers(1)
    agent.unmount(named: "Saver", cancelRunning: false)
    await clock.advance(by: .seconds(1))
    await run.finish()
    #expect(agent.context.notes == ["saved"])
  }

  @Test func tokensFromAnotherAgentAreRejected() {
    let first = TestAgent(context: TestContext(), skills: [], reduce: testReduce)
    let second = TestAgent(context: TestContext(), skills: [], reduce: testReduce)
    let token = first.mount(skill("S", handles: [.load]) { _, _, _ in .handled })
    second.mount(skill("S", handles: [.load]) { _, _, _ in .handled })
    #expect(!second.unmount(token))
    #expect(second.mountedSkills.count == 1)
  }
}
