import AgentSkillTesting
import Testing

@testable import AgentSkill
@testable import AgentSkillAutonomy

@Suite("Debouncer", .timeLimit(.minutes(5)))
struct DebouncerTests {
  private struct Firing: Equatable, Sendable {
    let value: String
    let at: Duration
  }

  @Test("fires once, exactly one interval after a single send")
  func firesAfterQuietPeriod() async {
    let clock = TestClock()
    let firings = Recorder<Firing>()
    let debouncer = Debouncer(for: .seconds(1), clock: clock) { (value: String) in
      firings.append(Firing(value: value, at: clock.offset))
    }
    debouncer.send("a")
    #expect(debouncer.isPending)
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(999))
    await clock.waitForSleepers(1)
    #expect(firings.count == 0)

    await clock.advance(by: .milliseconds(1))
    await firings.wait(forCount: 1)
    #expect(firings.values == [Firing(value: "a", at: .seconds(1))])
    #expect(await clock.run())
    #expect(firings.count == 1)
    #expect(!debouncer.isPending)
  }

  @Test("every send restarts the window; only the last value fires")
  func sendsRestartTheWindow() async {
    let clock = TestClock()
    let firings = Recorder<Firing>()
    let debouncer = Debouncer(for: .seconds(1), clock: clock) { (value: String) in
      firings.append(Firing(value: value, at: clock.offset))
    }
    debouncer.send("h")
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(500))
    debouncer.send("he")
    await clock.advance(by: .milliseconds(400))
    debouncer.send("hel")
    await clock.advance(by: .milliseconds(600))  // t = 1.5: the first deadline passed, the window did not
    await clock.waitForSleepers(1)
    #expect(firings.count == 0)
    #expect(clock.pendingDeadlines == [TestClock.Instant(offset: .milliseconds(1900))])

    await clock.advance(by: .milliseconds(400))
    await firings.wait(forCount: 1)
    #expect(firings.values == [Firing(value: "hel", at: .milliseconds(1900))])
    #expect(await clock.run())
    #expect(firings.count == 1)
  }

  @Test("a burst keeps a single sleeper")
  func burstUsesOneSleeper() async {
    let clock = TestClock()
    let debouncer = Debouncer(for: .seconds(1), clock: clock) { (_: Int) in }
    for value in 0..<100 { debouncer.send(value) }
    await clock.waitForSleepers(1)
    #expect(clock.sleeperCount == 1)
    debouncer.cancel()
  }

  @Test("separate bursts fire separately")
  func separateBursts() async {
    let clock = TestClock()
    let firings = Recorder<Firing>()
    let debouncer = Debouncer(for: .seconds(1), clock: clock) { (value: String) in
      firings.append(Firing(value: value, at: clock.offset))
    }
    debouncer.send("a")
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await firings.wait(forCount: 1)
    await clock.advance(by: .seconds(2))
    debouncer.send("b")
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await firings.wait(forCount: 2)
    #expect(firings.values == [Firing(value: "a", at: .seconds(1)), Firing(value: "b", at: .seconds(4))])
  }

  @Test("call runs only the last work given")
  func callRunsLastWork() async {
    let clock = TestClock()
    let ran = Recorder<Int>()
    let debouncer = Debouncer(for: .milliseconds(300), clock: clock)
    debouncer.call { ran.append(1) }
    debouncer.call { ran.append(2) }
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(300))
    await ran.wait(forCount: 1)
    #expect(await clock.run())
    #expect(ran.values == [2])
  }

  @Test("cancel drops the pending value")
  func cancelDropsPendingValue() async {
    let clock = TestClock()
    let firings = Recorder<String>()
    let debouncer = Debouncer(for: .seconds(1), clock: clock) { (value: String) in firings.append(value) }
    debouncer.send("a")
    await clock.waitForSleepers(1)
    debouncer.cancel()
    #expect(!debouncer.isPending)
    #expect(clock.sleeperCount == 0)
    await clock.advance(by: .seconds(5))
    #expect(firings.count == 0)

    debouncer.send("b")
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await firings.wait(forCount: 1)
    #expect(firings.values == ["b"])
  }

  @Test("flush runs the pending value at once")
  func flushRunsNow() async {
    let clock = TestClock()
    let firings = Recorder<Firing>()
    let debouncer = Debouncer(for: .seconds(10), clock: clock) { (value: String) in
      firings.append(Firing(value: value, at: clock.offset))
    }
    debouncer.send("draft")
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(2))
    debouncer.flush()
    await firings.wait(forCount: 1)
    #expect(firings.values == [Firing(value: "draft", at: .seconds(2))])
    #expect(clock.sleeperCount == 0)
    debouncer.flush()
    #expect(await clock.run())
    #expect(firings.count == 1)
  }

  @Test("a new value cancels the running action by default")
  func newValueCancelsRunningAction() async {
    let clock = TestClock()
    let gate = Gate()
    let outcomes = Recorder<String>()
    let debouncer = Debouncer(for: .seconds(1), clock: clock) { (value: String) in
      if value == "slow" { await gate.wait() }
      outcomes.append("\(value) cancelled=\(Task.isCancelled)")
    }
    debouncer.send("slow")
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await gate.arrivals.wait(forCount: 1)
    #expect(debouncer.isRunning)

    debouncer.send("fast")
    gate.open()
    await outcomes.wait(forCount: 1)
    #expect(outcomes.values == ["slow cancelled=true"])
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await outcomes.wait(forCount: 2)
    #expect(outcomes.values == ["slow cancelled=true", "fast cancelled=false"])
  }

  @Test("with enqueue actions never overlap and run in order")
  func enqueueSerialises() async {
    let clock = TestClock()
    let gate = Gate()
    let log = Recorder<String>()
    let debouncer = Debouncer(for: .seconds(1), overlap: .enqueue, clock: clock) { (value: String) in
      log.append("start \(value)")
      if value == "a" { await gate.wait() }
      log.append("end \(value) cancelled=\(Task.isCancelled)")
    }
    debouncer.send("a")
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await gate.arrivals.wait(forCount: 1)

    debouncer.send("b")
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))  // b's window ends while a still runs
    #expect(log.values == ["start a"])
    #expect(debouncer.isPending)

    gate.open()
    await log.wait(forCount: 4)
    #expect(log.values == ["start a", "end a cancelled=false", "start b", "end b cancelled=false"])
  }

  @Test("releasing the debouncer cancels the pending value; its tasks do not retain it")
  func releaseCancels() async {
    let clock = TestClock()
    let firings = Recorder<String>()
    var debouncer: Debouncer<String>? = Debouncer(for: .seconds(1), clock: clock) { value in
      firings.append(value)
    }
    weak let weakDebouncer = debouncer
    debouncer?.send("a")
    await clock.waitForSleepers(1)
    debouncer = nil
    #expect(weakDebouncer == nil)
    #expect(clock.sleeperCount == 0)
    await clock.advance(by: .seconds(5))
    #expect(firings.count == 0)
  }

  @Test("sleeps pass the explicit tolerance to the clock")
  func passesTolerance() async {
    let base = TestClock()
    let clock = ToleranceRecordingClock(base: base)
    let firings = Recorder<String>()
    let debouncer = Debouncer(for: .seconds(1), tolerance: .milliseconds(50), clock: clock) { (value: String) in
      firings.append(value)
    }
    debouncer.send("a")
    await base.waitForSleepers(1)
    await base.advance(by: .milliseconds(500))
    debouncer.send("b")
    await base.advance(by: .milliseconds(500))  // wakes at 1 s and sleeps again until 1.5 s
    await base.waitForSleepers(1)
    await base.advance(by: .milliseconds(500))
    await firings.wait(forCount: 1)
    #expect(firings.values == ["b"])
    #expect(clock.tolerances.values == [.milliseconds(50), .milliseconds(50)])

    let defaultTolerance = Debouncer(for: .seconds(1), clock: clock) { (_: String) in }
    #expect(defaultTolerance.tolerance == .zero)
  }
}
