import AgentSkillTesting
import Testing

@testable import AgentSkill
@testable import AgentSkillAutonomy

@Suite("Throttler", .timeLimit(.minutes(5)))
struct ThrottlerTests {
  private struct Firing: Equatable, Sendable {
    let value: String
    let at: Duration
  }

  @Test("both edges: first value at once, last at the window's end, then a new window")
  func bothEdges() async {
    let clock = TestClock()
    let firings = Recorder<Firing>()
    let throttler = Throttler(for: .seconds(1), clock: clock) { (value: String) in
      firings.append(Firing(value: value, at: clock.offset))
    }
    throttler.send("a")
    await firings.wait(forCount: 1)
    #expect(throttler.isThrottling)
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(300))
    throttler.send("b")
    await clock.advance(by: .milliseconds(300))
    throttler.send("c")
    await clock.advance(by: .milliseconds(400))
    await firings.wait(forCount: 2)
    await clock.waitForSleepers(1)  // the trailing run opened a window until 2 s
    await clock.advance(by: .milliseconds(500))
    throttler.send("d")
    await clock.advance(by: .milliseconds(500))
    await firings.wait(forCount: 3)
    #expect(await clock.run())
    #expect(
      firings.values == [
        Firing(value: "a", at: .zero),
        Firing(value: "c", at: .seconds(1)),
        Firing(value: "d", at: .seconds(2)),
      ]
    )
    await eventually("the window after d closed (3 s)") { !throttler.isThrottling }
  }

  @Test("leading edge: values inside the window are dropped")
  func leadingEdge() async {
    let clock = TestClock()
    let firings = Recorder<Firing>()
    let throttler = Throttler(for: .seconds(1), edge: .leading, clock: clock) { (value: String) in
      firings.append(Firing(value: value, at: clock.offset))
    }
    throttler.send("a")
    await clock.waitForSleepers(1)
    // The action records the clock when it runs: let it run before time moves on.
    await firings.wait(forCount: 1)
    await clock.advance(by: .milliseconds(500))
    throttler.send("b")
    await clock.advance(by: .milliseconds(500))
    await eventually("the window closed (1 s)") { !throttler.isThrottling }
    #expect(clock.sleeperCount == 0)
    await clock.advance(by: .milliseconds(200))
    throttler.send("c")
    await firings.wait(forCount: 2)
    #expect(await clock.run())
    #expect(firings.values == [Firing(value: "a", at: .zero), Firing(value: "c", at: .milliseconds(1200))])
  }

  @Test("trailing edge: nothing at once, the last value when the window ends")
  func trailingEdge() async {
    let clock = TestClock()
    let firings = Recorder<Firing>()
    let throttler = Throttler(for: .seconds(1), edge: .trailing, clock: clock) { (value: String) in
      firings.append(Firing(value: value, at: clock.offset))
    }
    throttler.send("a")
    await clock.waitForSleepers(1)
    #expect(firings.count == 0)
    await clock.advance(by: .milliseconds(500))
    throttler.send("b")
    await clock.advance(by: .milliseconds(500))
    await firings.wait(forCount: 1)
    #expect(await clock.run())
    #expect(firings.values == [Firing(value: "b", at: .seconds(1))])
  }

  @Test("actions run one at a time, in order")
  func actionsRunSerially() async {
    let clock = TestClock()
    let gate = Gate()
    let log = Recorder<String>()
    let throttler = Throttler(for: .seconds(1), clock: clock) { (value: String) in
      log.append("start \(value)")
      if value == "a" { await gate.wait() }
      log.append("end \(value)")
    }
    throttler.send("a")
    await gate.arrivals.wait(forCount: 1)
    throttler.send("b")
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))  // b is chosen while a still runs
    #expect(log.values == ["start a"])
    gate.open()
    await log.wait(forCount: 4)
    #expect(log.values == ["start a", "end a", "start b", "end b"])
  }

  @Test("cancel drops the trailing value")
  func cancelDropsTrailingValue() async {
    let clock = TestClock()
    let firings = Recorder<String>()
    let throttler = Throttler(for: .seconds(1), clock: clock) { (value: String) in firings.append(value) }
    throttler.send("a")
    await firings.wait(forCount: 1)
    throttler.send("b")
    throttler.cancel()
    #expect(!throttler.isThrottling)
    #expect(clock.sleeperCount == 0)
    await clock.advance(by: .seconds(2))
    throttler.send("c")
    await firings.wait(forCount: 2)
    #expect(firings.values == ["a", "c"])
  }

  @Test("call runs work at most once per interval")
  func callWork() async {
    let clock = TestClock()
    let ran = Recorder<Int>()
    let throttler = Throttler(for: .seconds(5), edge: .leading, clock: clock)
    for index in 1...10 { throttler.call { ran.append(index) } }
    await ran.wait(forCount: 1)
    #expect(await clock.run())
    #expect(ran.values == [1])
  }

  @Test("releasing the throttler stops it; its tasks do not retain it")
  func releaseStops() async {
    let clock = TestClock()
    let firings = Recorder<String>()
    var throttler: Throttler<String>? = Throttler(for: .seconds(1), clock: clock) { value in firings.append(value) }
    weak let weakThrottler = throttler
    throttler?.send("a")
    throttler?.send("b")
    await clock.waitForSleepers(1)
    throttler = nil
    #expect(weakThrottler == nil)
    #expect(clock.sleeperCount == 0)
    await clock.advance(by: .seconds(2))
    #expect(!firings.values.contains("b"))
  }

  @Test("sleeps pass the explicit tolerance to the clock")
  func passesTolerance() async {
    let base = TestClock()
    let clock = ToleranceRecordingClock(base: base)
    let throttler = Throttler(for: .seconds(1), tolerance: .milliseconds(20), clock: clock) { (_: String) in }
    throttler.send("a")
    await base.waitForSleepers(1)
    #expect(clock.tolerances.values == [.milliseconds(20)])
    throttler.cancel()
  }
}
