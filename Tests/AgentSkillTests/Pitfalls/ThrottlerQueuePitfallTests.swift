import AgentSkill
import AgentSkillAutonomy
import AgentSkillTesting
import Testing

/// An `AsyncStream` whose continuation is never
/// finished keeps its consumer suspended forever. The throttler is the one
/// type in `AgentSkill` built on a stream; releasing it finishes the stream,
/// so its consumer ends and lets go of the action.
@MainActor
@Suite("Pitfall: a stream that never finishes", .timeLimit(.minutes(5)))
struct ThrottlerQueuePitfallTests {
  /// Fires `released` when it is deallocated.
  final class Canary: Sendable {
    let released: Latch
    init(released: Latch) { self.released = released }
    deinit { released.fire() }
  }

  @Test func pitfall_streamNeverFinishes_releasedThrottlerEndsItsQueue() async {
    let clock = TestClock()
    let ran = Recorder<Int>()
    let canaryReleased = Latch()
    weak var weakCanary: Canary?
    do {
      let canary = Canary(released: canaryReleased)
      weakCanary = canary
      let throttler = Throttler(for: .seconds(1), clock: clock) { (value: Int) in
        withExtendedLifetime(canary) { ran.append(value) }
      }
      throttler.send(1)
      await ran.wait(forCount: 1)
      throttler.send(2)  // the trailing value, pending when the throttler goes away
      await clock.waitForSleepers(1)
    }
    // Only the consumer of the throttler's queue still referenced the
    // action; it ends once the queue is finished.
    await canaryReleased.wait()
    #expect(weakCanary == nil)
    await clock.run()
    #expect(ran.values == [1])
    #expect(!clock.hasSleepers)
  }
}
