import AgentSkill
import AgentSkillTesting
import Foundation
import Observation
import Testing

/// Async work updates observable
/// state off the main actor, and the view never refreshes (or refreshes from
/// the wrong thread). Skills may emit and report progress from any thread;
/// the context and the status change only on the main actor, so observers
/// are notified there.
@MainActor
@Suite("Pitfall: state updated off the main actor", .timeLimit(.minutes(5)))
struct MainActorEffectsPitfallTests {
  @Test func pitfall_stateUpdatedOffTheMainActor_effectsFromABackgroundExecutorLandOnTheMainActor() async {
    let reduced = LockIsolated(0)
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("NetworkCallback", handles: [.load]) { _, _, emit in
          // Emit from a detached background task and from a GCD queue, as
          // completion handlers do.
          try await SkillExecutor.background().execute { emit(.loading("Loading…")) }
          await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global(qos: .utility).async {
              emit(.append(["a", "b"]))
              continuation.resume()
            }
          }
          return .handled
        }
      ],
      reduce: { context, effect in
        MainActor.assertIsolated()  // traps if the reducer ever ran elsewhere
        reduced.withValue { $0 += 1 }
        return testReduce(&context, effect)
      })
    let notifiedOnMainActor = Latch()
    withObservationTracking {
      _ = agent.context.items
    } onChange: {
      MainActor.assertIsolated()
      notifiedOnMainActor.fire()
    }
    await agent.send(.load).finish()
    await notifiedOnMainActor.wait()
    #expect(reduced.value == 2)
    // The reducer left the loading phase when the items arrived (forgetting it is the other cause of a
    // spinner that never stops).
    #expect(agent.context.phase == .loaded)
    #expect(agent.context.items == ["a", "b"])
  }

  @Test func pitfall_stateUpdatedOffTheMainActor_runnerStatusFromBackgroundWorkChangesOnTheMainActor() async {
    let runner = SkillRunner(
      ProgressFromAQueueSkill(), executor: .background(), environment: SkillEnvironment(clock: TestClock()))
    let changes = LockIsolated(0)
    func track() {
      withObservationTracking {
        _ = runner.status
      } onChange: {
        MainActor.assertIsolated()
        changes.withValue { $0 += 1 }
      }
    }
    track()
    runner.perform(())
    #expect(changes.value == 1)  // running
    track()  // the next change comes from the background work: progress or success
    await runner.waitUntilIdle()
    #expect(runner.status == .succeeded(output: "done"))
    #expect(changes.value == 2)
  }
}

/// Reports progress from a GCD queue, then returns.
private struct ProgressFromAQueueSkill: Skill {
  func run(_ input: Void, context: SkillContext) async throws -> String {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.global(qos: .background).async {
        context.reportProgress(0.5)
        continuation.resume()
      }
    }
    return "done"
  }
}
