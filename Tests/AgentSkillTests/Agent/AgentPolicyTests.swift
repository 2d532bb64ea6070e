import AgentSkill
import AgentSkillTesting
import Foundation
import Testing

@MainActor
@Suite("Agent concurrency policies", .timeLimit(.minutes(5)))
struct AgentPolicyTests {
  /// A skill that notes `started N`, sleeps one second on the clock, then notes
  /// `finished N` — or `cancelled N` when cancelled.
  private func sleeper(
    _ name: String = "Worker", handles intents: Set<TestIntent> = [.load],
    policy: @escaping @Sendable (TestIntent) -> IntentPolicy
  ) -> TestSkill {
    let counter = LockIsolated(0)
    return skill(name, handles: intents, policy: policy) { _, _, emit in
      let run = counter.withValue { value -> Int in
        value += 1
        return value
      }
      emit(.note("started \(run)"))
      do {
        try await emit.sleep(for: .seconds(1))
      } catch {
        emit(.note("cancelled \(run)"))
        throw error
      }
      emit(.note("finished \(run)"))
      return .handled
    }
  }

  @Test func cancelPreviousIsTheDefaultAndTheSkillObservesCancellation() async {
    let clock = TestClock()
    let observed = Latch()
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("Search", handles: [.load]) { _, _, emit in
          do {
            try await emit.sleep(for: .seconds(1))
          } catch {
            observed.fire()
            throw error
          }
          emit(.note("done"))
          return .handled
        }
      ],
      reduce: testReduce,
      environment: SkillEnvironment(clock: clock))

    let first = agent.send(.load)
    await clock.waitForSleepers(1)
    let second = agent.send(.load)
    await observed.wait()
    #expect(first.isSettled)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await second.finish()
    #expect(agent.context.notes == ["done"])
    let superseded = agent.timeline.entries.contains { entry in
      if case .skillCancelled("Search", .superseded, _) = entry.event { return entry.run == 1 }
      return false
    }
    #expect(superseded)
  }

  @Test func cancelPreviousOnlyAffectsItsLane() async {
    let clock = TestClock()
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        sleeper("Loader", handles: [.load]) { _ in .cancelPrevious },
        sleeper("Sender", handles: [.send("x")]) { _ in .cancelPrevious },
      ],
      reduce: testReduce,
      environment: SkillEnvironment(clock: clock))
    let load = agent.send(.load)
    let send = agent.send(.send("x"))
    await clock.waitForSleepers(2)
    await clock.advance(by: .seconds(1))
    await load.finish()
    await send.finish()
    #expect(agent.context.notes.filter { $0.hasPrefix("finished") }.count == 2)
  }

  @Test func agentLaneMakesEveryIntentCompete() async {
    let clock = TestClock()
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        sleeper("Loader", handles: [.load]) { _ in IntentPolicy.cancelPrevious.inLane(.agent) },
        sleeper("Sender", handles: [.send("x")]) { _ in IntentPolicy.cancelPrevious.inLane(.agent) },
      ],
      reduce: testReduce,
      environment: SkillEnvironment(clock: clock))
    let load = agent.send(.load)
    await clock.waitForSleepers(1)
    let send = agent.send(.send("x"))
    await load.finish()
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await send.finish()
    #expect(agent.context.notes.filter { $0.hasPrefix("finished") } == ["finished 1"])
    #expect(agent.timeline.entries.contains { $0.run == 1 && $0.event.kind == .skillCancelled })
  }

  @Test func parallelRunsSideBySide() async {
    let clock = TestClock()
    let agent = TestAgent(
      context: TestContext(), skills: [sleeper { _ in .parallel }], reduce: testReduce,
      environment: SkillEnvironment(clock: clock))
    let first = agent.send(.load)
    let second = agent.send(.load)
    await clock.waitForSleepers(2)
    #expect(agent.activeRuns.count == 2)
    await clock.advance(by: .seconds(1))
    await first.finish()
    await second.finish()
    #expect(agent.context.notes.filter { $0.hasPrefix("finished") }.sorted() == ["finished 1", "finished 2"])
  }

  @Test func dropWhileRunningIgnoresTheNewIntent() async {
    let clock = TestClock()
    let agent = TestAgent(
      context: TestContext(), skills: [sleeper { _ in .dropWhileRunning }], reduce: testReduce,
      environment: SkillEnvironment(clock: clock))
    let first = agent.send(.load)
    await clock.waitForSleepers(1)
    let second = agent.send(.load)
    #expect(second.isSettled)
    #expect(agent.activeRuns.count == 1)
    await clock.advance(by: .seconds(1))
    await first.finish()
    #expect(agent.context.notes == ["started 1", "finished 1"])
    #expect(agent.timeline.entries.contains { $0.run == 2 && $0.event.kind == .intentDropped })

    // Once idle, the lane accepts intents again.
    let third = agent.send(.load)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await third.finish()
    #expect(agent.context.notes.last == "finished 2")
  }

  @Test func enqueueRunsOneAfterAnotherInOrder() async {
    let clock = TestClock()
    let agent = TestAgent(
      context: TestContext(), skills: [sleeper { _ in .enqueue }], reduce: testReduce,
      environment: SkillEnvironment(clock: clock))
    let first = agent.send(.load)
    let second = agent.send(.load)
    let third = agent.send(.load)
    await clock.waitForSleepers(1)
    #expect(agent.activeRuns.map(\.isQueued) == [false, true, true])
    await clock.advance(by: .seconds(1))
    await first.finish()
    #expect(!second.isSettled)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await second.finish()
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await third.finish()
    #expect(
      agent.context.notes == [
        "started 1", "finished 1", "started 2", "finished 2", "started 3", "finished 3",
      ])
    #expect(agent.timeline.kinds.filter { $0 == .intentQueued }.count == 2)
  }

  @Test func cancelByIDCancelsOnlyMatchingRuns() async {
    let clock = TestClock()
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill(
          "Uploader", handles: [.upload(1), .upload(2)],
          policy: { intent in
            guard case .upload(let id) = intent else { return .parallel }
            return IntentPolicy.parallel.cancellable(id: id)
          }
        ) { intent, _, emit in
          try await emit.sleep(for: .seconds(1))
          emit(.note("uploaded \(intent)"))
          return .handled
        }
      ],
      reduce: testReduce,
      environment: SkillEnvironment(clock: clock))
    let one = agent.send(.upload(1))
    let two = agent.send(.upload(2))
    await clock.waitForSleepers(2)
    agent.cancel(id: 1)
    await one.finish()
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await two.finish()
    #expect(agent.context.notes == ["uploaded upload(2)"])
    #expect(
      agent.timeline.entries.contains { entry in
        if case .skillCancelled(_, .cancelledByID, _) = entry.event { return entry.run == 1 }
        return false
      })
  }

  @Test func cancelIDsAreScopedPerAgentInstance() async {
    let clock = TestClock()
    func makeAgent() -> TestAgent {
      TestAgent(
        context: TestContext(),
        skills: [
          skill("Downloader", handles: [.load], policy: { _ in IntentPolicy.parallel.cancellable(id: "image-42") }) {
            _, _, emit in
            try await emit.sleep(for: .seconds(1))
            emit(.note("downloaded"))
            return .handled
          }
        ],
        reduce: testReduce,
        environment: SkillEnvironment(clock: clock))
    }
    let list = makeAgent()
    let detail = makeAgent()
    let listTask = list.send(.load)
    let detailTask = detail.send(.load)
    await clock.waitForSleepers(2)

    detail.cancel(id: "image-42")
    await detailTask.finish()
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await listTask.finish()

    #expect(list.context.notes == ["downloaded"])
    #expect(detail.context.notes == [])
  }

  @Test func agentTaskCancelCancelsTheRunAndItsFollowUps() async {
    let clock = TestClock()
    let followUpCancelled = Latch()
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("Load", handles: [.load]) { _, _, emit in
          emit(.append(["a"]))
          try await emit.sleep(for: .seconds(10))
          emit(.note("load done"))
          return .handled
        },
        skill("Prefetch", handles: [.prefetchMore]) { _, _, emit in
          do {
            try await emit.sleep(for: .seconds(10))
          } catch {
            followUpCancelled.fire()
            throw error
          }
          emit(.note("prefetched"))
          return .handled
        },
      ],
      reduce: { context, effect in
        _ = testReduce(&context, effect)
        if case .append = effect { return [.prefetchMore] }
        return []
      },
      environment: SkillEnvironment(clock: clock))
    let load = agent.send(.load)
    await clock.waitForSleepers(2)
    load.cancel()
    #expect(load.isSettled)
    #expect(agent.isIdle)
    await followUpCancelled.wait()
    #expect(agent.context.notes.isEmpty)
  }

  @Test func cancelAllCancelsEverythingPromptly() async {
    let clock = TestClock()
    let cancelled = LockIsolated(0)
    let bothCancelled = Latch()
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("Worker", handles: [.load, .refresh], policy: { _ in .parallel }) { _, _, emit in
          do {
            try await emit.sleep(for: .seconds(60))
          } catch {
            if cancelled.withValue({ count -> Int in
              count += 1
              return count
            }) == 2 {
              bothCancelled.fire()
            }
            throw error
          }
          return .handled
        },
        skill("Queued", handles: [.other], policy: { _ in .enqueue }) { _, _, _ in .handled },
      ],
      reduce: testReduce,
      environment: SkillEnvironment(clock: clock))
    let tasks = [agent.send(.load), agent.send(.refresh)]
    await clock.waitForSleepers(2)
    agent.cancelAll()
    #expect(agent.isIdle)
    #expect(tasks.allSatisfy { $0.isSettled })
    await bothCancelled.wait()
    #expect(cancelled.value == 2)
  }

  @Test func cancellingTheTaskAwaitingFinishCancelsTheIntentAndItsFollowUps() async {
    let clock = TestClock()
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("Loader", handles: [.load], policy: { _ in .parallel }) { _, _, emit in
          emit(.loaded)
          return .handled
        },
        sleeper("Refresher", handles: [.refresh]) { _ in .parallel },
      ],
      reduce: { context, effect in
        _ = testReduce(&context, effect)
        return effect == .loaded ? [.refresh] : []
      },
      environment: SkillEnvironment(clock: clock))
    let run = agent.send(.load)
    let waiter = Task { await run.finish() }
    // The load settles only once its follow-up, a sleeping refresh, has.
    await clock.waitForSleepers(1)
    #expect(!run.isSettled)
    waiter.cancel()
    await waiter.value
    #expect(run.isSettled)
    #expect(agent.isIdle)
    #expect(agent.context.notes == ["started 1"])
  }

  /// What `.sending(_:to:)` relies on: SwiftUI cancelling a view's task
  /// cancels the intent that task awaits, and nothing else of the agent.
  @Test func cancellingTheTaskAwaitingOneIntentLeavesOtherIntentsRunning() async {
    let clock = TestClock()
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        sleeper("Loader", handles: [.load]) { _ in .cancelPrevious },
        sleeper("Sender", handles: [.send("hi")]) { _ in .cancelPrevious },
      ],
      reduce: testReduce,
      environment: SkillEnvironment(clock: clock))
    let optimisticSend = agent.send(.send("hi"))
    let viewTask = Task { await agent.send(.load).finish() }
    await clock.waitForSleepers(2)
    viewTask.cancel()  // the view disappeared
    await viewTask.value
    #expect(!optimisticSend.isSettled)
    await clock.advance(by: .seconds(1))
    await optimisticSend.finish()
    #expect(agent.context.notes.contains("finished 1"))
  }

  @Test func taskIDsCompareByTypeAndValue() {
    #expect(AgentTaskID(1) == AgentTaskID(1))
    #expect(AgentTaskID(1) != AgentTaskID("1"))
    #expect(AgentTaskID("upload") == "upload")
    #expect(AgentTaskID(AgentTaskID(7)) == AgentTaskID(7))
    #expect(Set([AgentTaskID(1), AgentTaskID(1), AgentTaskID("1")]).count == 2)
  }

  @Test func followUpsDoNotWaitForTheirOriginInAQueue() async {
    let clock = TestClock()
    let prefetched = Latch()
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("Pager", handles: [.load, .prefetchMore], policy: { _ in .enqueue }) { intent, _, emit in
          if intent == .prefetchMore {
            emit(.note("prefetched"))
            prefetched.fire()
            return .handled
          }
          emit(.append(["page 1"]))
          try await emit.sleep(for: .seconds(1))
          emit(.note("load done"))
          return .handled
        }
      ],
      reduce: { context, effect in
        _ = testReduce(&context, effect)
        if case .append = effect { return [.prefetchMore] }
        return []
      },
      environment: SkillEnvironment(clock: clock))
    let load = agent.send(.load)
    await prefetched.wait()  // while the load still sleeps
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await load.finish()
    #expect(agent.context.notes == ["prefetched", "load done"])
  }
}
