import Testing

@testable import AgentSkill
@testable import AgentSkillAutonomy

@Suite("ThrottleStateMachine", .timeLimit(.minutes(5)))
struct ThrottleStateMachineTests {
  private typealias Machine = ThrottleStateMachine<String>

  private func leadingFire(_ action: Machine.SendAction) -> (value: String, timer: UInt64, until: Duration)? {
    if case .fireAndStartTimer(let value, let timer, let until) = action { return (value, timer, until) }
    return nil
  }

  private func timerStart(_ action: Machine.SendAction) -> (timer: UInt64, until: Duration)? {
    if case .startTimer(let timer, let until) = action { return (timer, until) }
    return nil
  }

  private func isNone(_ action: Machine.SendAction) -> Bool {
    if case .none = action { return true }
    return false
  }

  private func trailingFire(_ action: Machine.TimerAction) -> (value: String, next: Duration?)? {
    if case .fire(let value, let next) = action { return (value, next) }
    return nil
  }

  private func stops(_ action: Machine.TimerAction) -> Bool {
    if case .stop = action { return true }
    return false
  }

  @Test("leading: the first value fires at once, the rest of the window is dropped")
  func leading() throws {
    var machine = Machine(interval: .seconds(1), edge: .leading)
    let first = try #require(leadingFire(machine.send("a", at: .zero)))
    #expect(first.value == "a")
    #expect(first.until == .seconds(1))
    #expect(isNone(machine.send("b", at: .milliseconds(500))))
    #expect(stops(machine.timerFired(first.timer, at: .seconds(1))))
    #expect(machine.window == nil)
    #expect(leadingFire(machine.send("c", at: .milliseconds(1200)))?.value == "c")
  }

  @Test("trailing: the window's last value fires when it ends")
  func trailing() throws {
    var machine = Machine(interval: .seconds(1), edge: .trailing)
    let timer = try #require(timerStart(machine.send("a", at: .zero)))
    #expect(timer.until == .seconds(1))
    #expect(isNone(machine.send("b", at: .milliseconds(500))))
    let fire = try #require(trailingFire(machine.timerFired(timer.timer, at: .seconds(1))))
    #expect(fire.value == "b")
    #expect(fire.next == nil)
    #expect(machine.window == nil)
  }

  @Test("both: first at once, last at the end, and the trailing run opens a new window")
  func bothEdges() throws {
    var machine = Machine(interval: .seconds(1), edge: .both)
    let first = try #require(leadingFire(machine.send("a", at: .zero)))
    #expect(isNone(machine.send("b", at: .milliseconds(300))))
    #expect(isNone(machine.send("c", at: .milliseconds(600))))
    let trailing = try #require(trailingFire(machine.timerFired(first.timer, at: .seconds(1))))
    #expect(trailing.value == "c")
    #expect(trailing.next == .seconds(2))
    #expect(isNone(machine.send("d", at: .milliseconds(1500))))
    let next = try #require(trailingFire(machine.timerFired(first.timer, at: .seconds(2))))
    #expect(next.value == "d")
    #expect(stops(machine.timerFired(first.timer, at: .seconds(3))))
    #expect(machine.window == nil)
  }

  @Test("a window with no trailing value closes quietly")
  func bothWithoutTrailingValue() throws {
    var machine = Machine(interval: .seconds(1), edge: .both)
    let first = try #require(leadingFire(machine.send("a", at: .zero)))
    #expect(stops(machine.timerFired(first.timer, at: .seconds(1))))
    #expect(machine.window == nil)
  }

  @Test("an early wake-up sleeps until the window ends")
  func earlyWake() throws {
    var machine = Machine(interval: .seconds(1), edge: .both)
    let first = try #require(leadingFire(machine.send("a", at: .zero)))
    guard case .sleep(let until) = machine.timerFired(first.timer, at: .milliseconds(900)) else {
      Issue.record("expected sleep")
      return
    }
    #expect(until == .seconds(1))
  }

  @Test("cancel closes the window; the old timer is stale")
  func cancel() throws {
    var machine = Machine(interval: .seconds(1), edge: .both)
    let first = try #require(leadingFire(machine.send("a", at: .zero)))
    _ = machine.send("b", at: .milliseconds(500))
    #expect(machine.cancel() == first.timer)
    #expect(machine.cancel() == nil)
    #expect(stops(machine.timerFired(first.timer, at: .seconds(1))))
    let again = try #require(leadingFire(machine.send("c", at: .milliseconds(1100))))
    #expect(again.timer != first.timer)
  }
}
