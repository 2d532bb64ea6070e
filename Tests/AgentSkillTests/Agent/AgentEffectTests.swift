import AgentSkill
import AgentSkillTesting
import Dispatch
import Foundation
import Observation
import Testing

@MainActor
@Suite("Agent effects", .timeLimit(.minutes(5)))
struct AgentEffectTests {
  @Test func thrownErrorBecomesAnEffectThroughTheFailureMapping() async {
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("LoadSkill", handles: [.load]) { _, _, emit in
          emit(.loading("Loading…"))
          throw TestFailure(message: "offline")
        }
      ],
      reduce: testReduce,
      mapFailure: { error, intent in .failure("\(intent) failed: \(error)") })

    await agent.send(.load).finish()

    #expect(agent.context.phase == .failure("load failed: offline"))
    #expect(agent.timeline.appliedEffects == [.loading("Loading…"), .failure("load failed: offline")])
    let failed = agent.timeline.entries.contains { entry in
      if case .skillFailed("LoadSkill", let error as TestFailure, _) = entry.event { return error.message == "offline" }
      return false
    }
    #expect(failed)
  }

  @Test func failureIsOnlyRecordedByDefault() async {
    let agent = TestAgent(
      context: TestContext(),
      skills: [skill("LoadSkill", handles: [.load]) { _, _, _ in throw TestFailure(message: "offline") }],
      reduce: testReduce)
    await agent.send(.load).finish()
    #expect(agent.context == TestContext())
    #expect(agent.timeline.kinds.contains(.skillFailed))
  }

  @Test func cancellationErrorIsNeverAFailure() async {
    let mapped = LockIsolated(0)
    let agent = TestAgent(
      context: TestContext(),
      skills: [skill("Quitter", handles: [.load]) { _, _, _ in throw CancellationError() }],
      reduce: testReduce,
      mapFailure: { _, _ in
        mapped.withValue { $0 += 1 }
        return .failure("should not happen")
      })

    await agent.send(.load).finish()

    #expect(mapped.value == 0)
    #expect(agent.context == TestContext())
    #expect(!agent.timeline.kinds.contains(.skillFailed))
    let cancelled = agent.timeline.entries.contains { entry in
      if case .skillCancelled("Quitter", .skillCancelled, _) = entry.event { return true }
      return false
    }
    #expect(cancelled)
  }

  @Test func cancelledRunIsNotReportedAsAFailure() async {
    let clock = TestClock()
    let mapped = LockIsolated(0)
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("Slow", handles: [.load]) { _, _, emit in
          try await emit.sleep(for: .seconds(5))
          return .handled
        }
      ],
      reduce: testReduce,
      mapFailure: { _, _ in
        mapped.withValue { $0 += 1 }
        return .failure("no")
      },
      environment: SkillEnvironment(clock: clock))
    let task = agent.send(.load)
    await clock.waitForSleepers(1)
    agent.cancelAll()
    await task.finish()
    #expect(mapped.value == 0)
    #expect(agent.context == TestContext())
  }

  @Test func lateEffectsOfASupersededRunAreDropped() async {
    let clock = TestClock()
    let firstEmittedLate = Latch()
    let runs = LockIsolated(0)
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("Search", handles: [.load]) { _, _, emit in
          let run = runs.withValue { count -> Int in
            count += 1
            return count
          }
          emit(.note("start \(run)"))
          // Ignores cancellation on purpose, then emits late.
          try? await emit.sleep(for: .seconds(1))
          emit(.note("late \(run)"))
          if run == 1 { firstEmittedLate.fire() }
          return .handled
        }
      ],
      reduce: testReduce,
      environment: SkillEnvironment(clock: clock))

    let first = agent.send(.load)
    await clock.waitForSleepers(1)
    let second = agent.send(.load)
    await first.finish()  // settled as soon as it was superseded
    await firstEmittedLate.wait()
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await second.finish()

    #expect(agent.context.notes == ["start 1", "start 2", "late 2"])
    let dropped = agent.timeline.entries.compactMap { entry -> (TestEffect, AgentEffectDropReason)? in
      if case .effectDropped(let effect, let reason) = entry.event { return (effect, reason) }
      return nil
    }
    #expect(dropped.count == 1)
    #expect(dropped.first?.0 == .note("late 1"))
    #expect(dropped.first?.1 == .runCancelled(.superseded))
  }

  @Test func effectsEmittedAfterTheRunFinishedAreDropped() async {
    let escaped = LockIsolated<EffectSink<TestEffect>?>(nil)
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("Leaky", handles: [.load]) { _, _, emit in
          escaped.setValue(emit)
          emit(.note("in time"))
          return .handled
        },
        skill("Other", handles: [.other]) { _, _, emit in
          emit(.note("other"))
          return .handled
        },
      ],
      reduce: testReduce)
    await agent.send(.load).finish()
    escaped.value?(.note("too late"))
    await agent.send(.other).finish()  // its batch comes after the late effect
    #expect(agent.context.notes == ["in time", "other"])
    let dropped = agent.timeline.entries.contains { entry in
      if case .effectDropped(.note("too late"), .runFinished) = entry.event { return true }
      return false
    }
    #expect(dropped)
  }

  @Test func burstOfEffectsIsAppliedWithOneObservationNotification() async {
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("Burst", handles: [.load]) { _, _, emit in
          // Emitted within one main-actor job: the drain cannot run in between.
          await MainActor.run {
            emit(.loading("…"))
            emit(.append(["a", "b"]))
            emit(.note("done"))
          }
          return .handled
        },
        skill("Batch", handles: [.refresh]) { _, _, emit in
          emit(contentsOf: [.note("1"), .note("2"), .note("3")])
          return .handled
        },
      ],
      reduce: testReduce)
    let notifications = ObservationCounter(agent)

    await agent.send(.load).finish()
    #expect(notifications.count == 1)
    #expect(agent.context.items == ["a", "b"])
    #expect(agent.context.notes == ["done"])

    await agent.send(.refresh).finish()
    #expect(notifications.count == 2)
    #expect(agent.context.notes == ["done", "1", "2", "3"])
  }

  @Test func droppedEffectsDoNotNotifyObservers() async {
    let clock = TestClock()
    let emittedLate = Latch()
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("Slow", handles: [.load]) { _, _, emit in
          try? await emit.sleep(for: .seconds(1))
          emit(.note("late"))
          emittedLate.fire()
          return .handled
        },
        skill("Quiet", handles: [.other]) { _, _, _ in .handled },
      ],
      reduce: testReduce,
      environment: SkillEnvironment(clock: clock))
    let notifications = ObservationCounter(agent)
    let task = agent.send(.load)
    await clock.waitForSleepers(1)
    task.cancel()
    await task.finish()
    await emittedLate.wait()
    // The quiet run's completion is drained after the late effect.
    await agent.send(.other).finish()
    #expect(notifications.count == 0)
    #expect(agent.context == TestContext())
    #expect(agent.timeline.kinds.contains(.effectDropped))
  }

  @Test func effectsEmittedFromABackgroundThreadAreAppliedOnTheMainActor() async {
    let threads = LockIsolated<[String]>([])
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("Background", handles: [.load]) { _, _, emit in
          await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global(qos: .background).async {
              emit(.note("from a dispatch queue"))
              emit(.append(["x"]))
              continuation.resume()
            }
          }
          try await SkillExecutor.background().execute { emit(.note("from a background executor")) }
          return .handled
        }
      ],
      reduce: { context, effect in
        // Traps when not on the main actor (on Linux the main actor's jobs may run on any thread).
        MainActor.assertIsolated()
        threads.withValue { $0.append("reduced") }
        return testReduce(&context, effect)
      })
    await agent.send(.load).finish()
    #expect(agent.context.notes == ["from a dispatch queue", "from a background executor"])
    #expect(agent.context.items == ["x"])
    #expect(threads.value.count == 3)
  }

  @Test func skillsThatThrowAfterEmittingKeepTheirEffects() async {
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("Partial", handles: [.load]) { _, _, emit in
          emit(.append(["saved"]))
          throw TestFailure(message: "second half failed")
        }
      ],
      reduce: testReduce,
      mapFailure: { error, _ in .note("failed: \(error)") })
    await agent.send(.load).finish()
    #expect(agent.context.items == ["saved"])
    #expect(agent.context.notes == ["failed: second half failed"])
  }

  @Test func skillReceivesTheContextSnapshotAndEnvironment() async {
    struct Greeting: SkillDependencyKey {
      static let liveValue = "default"
      static let testValue = "default"
    }
    var environment = SkillEnvironment()
    environment.dependencies[Greeting.self] = "injected"
    let seen = LockIsolated<[String]>([])
    let agent = TestAgent(
      context: TestContext(phase: .idle, items: ["existing"], notes: []),
      skills: [
        skill("Reader", handles: [.load]) { _, context, emit in
          seen.setValue(context.items + [emit.dependencies[Greeting.self], emit.skillContext.skillName])
          return .handled
        }
      ],
      reduce: testReduce, environment: environment)
    await agent.send(.load).finish()
    #expect(seen.value == ["existing", "injected", "Reader"])
  }
}

/// Counts `onChange` calls of `withObservationTracking` on `agent.context`,
/// re-registering after each one, as SwiftUI does.
@MainActor
final class ObservationCounter {
  private let counter = LockIsolated(0)
  private let agent: TestAgent

  init(_ agent: TestAgent) {
    self.agent = agent
    track()
  }

  var count: Int { counter.value }

  private func track() {
    withObservationTracking {
      _ = agent.context
    } onChange: { [counter, weak self] in
      counter.withValue { $0 += 1 }
      MainActor.assumeIsolated { self?.track() }
    }
  }
}
