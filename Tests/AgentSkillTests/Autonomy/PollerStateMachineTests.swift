import Testing

@testable import AgentSkill
@testable import AgentSkillAutonomy

@Suite("PollerStateMachine", .timeLimit(.minutes(5)))
struct PollerStateMachineTests {
  @Test("start is idempotent until stopped")
  func startIsIdempotent() {
    var machine = PollerStateMachine()
    let first = machine.start()
    let second = machine.start()
    let stopped = machine.stop()
    let stoppedAgain = machine.stop()
    let restarted = machine.start()
    #expect(first == .startLoop(1))
    #expect(second == .alreadyPolling)
    #expect(stopped == 1)
    #expect(stoppedAgain == nil)
    #expect(restarted == .startLoop(2))
  }

  @Test("ticks are counted and evaluated while no run is in flight")
  func ticksEvaluate() throws {
    var machine = PollerStateMachine()
    let loop = try #require(Self.loopID(machine.start()))
    let first = machine.tick(loop: loop)
    let started = machine.conditionsEvaluated(isMet: false, tick: 1, loop: loop)
    let second = machine.tick(loop: loop)
    #expect(first == .evaluate(tick: 1))
    #expect(!started)
    #expect(second == .evaluate(tick: 2))
  }

  @Test("a tick during a run is skipped, naming the running tick")
  func tickDuringRunIsSkipped() throws {
    var machine = PollerStateMachine()
    let loop = try #require(Self.loopID(machine.start()))
    _ = machine.tick(loop: loop)
    let started = machine.conditionsEvaluated(isMet: true, tick: 1, loop: loop)
    #expect(started)
    #expect(machine.runningTick == 1)
    let skipped = machine.tick(loop: loop)
    #expect(skipped == .skip(tick: 2, running: 1))
    machine.runFinished(tick: 1)
    #expect(machine.runningTick == nil)
    let third = machine.tick(loop: loop)
    #expect(third == .evaluate(tick: 3))
  }

  @Test("a stopped loop is told to stop and cannot start runs")
  func staleLoop() throws {
    var machine = PollerStateMachine()
    let old = try #require(Self.loopID(machine.start()))
    _ = machine.tick(loop: old)
    _ = machine.stop()
    let started = machine.conditionsEvaluated(isMet: true, tick: 1, loop: old)
    let oldTick = machine.tick(loop: old)
    #expect(!started)
    #expect(oldTick == .stop)
    let new = try #require(Self.loopID(machine.start()))
    machine.loopEnded(old)
    #expect(machine.loop == new)
    let newTick = machine.tick(loop: new)
    #expect(newTick == .evaluate(tick: 2))
  }

  @Test("a run that outlives its loop still blocks overlap after a restart")
  func runOutlivesLoop() throws {
    var machine = PollerStateMachine()
    let old = try #require(Self.loopID(machine.start()))
    _ = machine.tick(loop: old)
    let started = machine.conditionsEvaluated(isMet: true, tick: 1, loop: old)
    #expect(started)
    _ = machine.stop()
    let new = try #require(Self.loopID(machine.start()))
    let skipped = machine.tick(loop: new)
    #expect(skipped == .skip(tick: 2, running: 1))
    machine.runFinished(tick: 1)
    let next = machine.tick(loop: new)
    #expect(next == .evaluate(tick: 3))
  }

  private static func loopID(_ action: PollerStateMachine.StartAction) -> UInt64? {
    if case .startLoop(let id) = action { return id }
    return nil
  }
}
