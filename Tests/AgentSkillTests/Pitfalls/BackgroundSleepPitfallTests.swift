import AgentSkill
import AgentSkillAutonomy
import AgentSkillTesting
import Testing

/// Sleeps stretched in the background. No timer of any
/// kind runs while iOS keeps an app suspended; what the library controls is
/// which clock measures the wait and how much slack the clock may add. The
/// debouncer, throttler and poller sleep on the injected clock and pass
/// their explicit tolerance to every sleep.
@MainActor
@Suite("Pitfall: sleeps stretched in the background", .timeLimit(.minutes(5)))
struct BackgroundSleepPitfallTests {
  @Test func pitfall_sleepsStretchedInTheBackground_debounceAndThrottlePassTheirToleranceToTheClock() async {
    let base = TestClock()
    let clock = ToleranceRecordingClock(base: base)

    let strict = Debouncer(for: .seconds(1.5), clock: clock) { (_: String) in }
    strict.send("a")
    await base.waitForSleepers(1)
    // Zero, not `nil`: the clock is told not to coalesce the wake-up.
    #expect(clock.tolerances.values == [.zero])
    strict.cancel()

    let relaxed = Debouncer(for: .seconds(1.5), tolerance: .milliseconds(100), clock: clock) { (_: String) in }
    relaxed.send("b")
    await base.waitForSleepers(1)
    relaxed.cancel()

    let throttler = Throttler(for: .seconds(2), tolerance: .milliseconds(20), clock: clock) { (_: Int) in }
    throttler.send(1)
    await base.waitForSleepers(1)
    throttler.cancel()

    let poller = Poller(
      every: .seconds(5), tolerance: .milliseconds(250), run: ClosureSkill<Void, Void> { _, _ in },
      environment: SkillEnvironment(clock: clock))
    poller.start()
    await base.waitForSleepers(1)
    poller.stop()

    #expect(clock.tolerances.values == [.zero, .milliseconds(100), .milliseconds(20), .milliseconds(250)])
  }

  @Test func pitfall_sleepsStretchedInTheBackground_anOverdueDebounceFiresOnceWithTheLastValue() async {
    let clock = TestClock()
    let fired = Recorder<String>()
    let debouncer = Debouncer(for: .seconds(1.5), clock: clock) { value in fired.append(value) }
    debouncer.send("dra")
    debouncer.send("draft")
    await clock.waitForSleepers(1)
    // The app was suspended for 10 s; on a continuous clock the deadline has long passed.
    await clock.advance(by: .seconds(10))
    await fired.wait(forCount: 1)
    #expect(fired.values == ["draft"])
    #expect(!clock.hasSleepers)
  }

  @Test func pitfall_sleepsStretchedInTheBackground_flushActsBeforeSuspensionWithoutWaiting() async {
    let clock = TestClock()
    let fired = Recorder<String>()
    let debouncer = Debouncer(for: .seconds(1.5), clock: clock) { value in fired.append(value) }
    debouncer.send("draft")
    await clock.waitForSleepers(1)
    debouncer.flush()  // scene phase → background
    await fired.wait(forCount: 1)
    #expect(fired.values == ["draft"])
    #expect(clock.now.offset == .zero)
  }
}
