import Testing

@testable import AgentSkill
@testable import AgentSkillAutonomy

@Suite("DebounceStateMachine", .timeLimit(.minutes(5)))
struct DebounceStateMachineTests {
  private typealias Machine = DebounceStateMachine<String>

  private func fired(_ action: Machine.TimerAction) -> (run: UInt64, value: String)? {
    if case .fire(let run, let value) = action { return (run, value) }
    return nil
  }

  private func sleepsUntil(_ action: Machine.TimerAction) -> Duration? {
    if case .sleep(let until) = action { return until }
    return nil
  }

  private func stops(_ action: Machine.TimerAction) -> Bool {
    if case .stop = action { return true }
    return false
  }

  @Test("the first send starts one timer; later sends only move the deadline")
  func sendsMoveTheDeadline() throws {
    var machine = Machine(interval: .seconds(1), overlap: .cancelPrevious)
    let first = machine.send("a", at: .zero)
    let timer = try #require(first.startTimer)
    #expect(timer.until == .seconds(1))
    #expect(first.cancelRun == nil)

    let second = machine.send("ab", at: .milliseconds(400))
    #expect(second.startTimer == nil)
    #expect(machine.pending?.deadline == .milliseconds(1400))
    #expect(machine.pending?.value == "ab")
  }

  @Test("a timer that wakes before the moved deadline sleeps again, then fires the last value")
  func timerSleepsAgainThenFires() throws {
    var machine = Machine(interval: .seconds(1), overlap: .cancelPrevious)
    let timer = try #require(machine.send("a", at: .zero).startTimer)
    _ = machine.send("ab", at: .milliseconds(400))

    #expect(sleepsUntil(machine.timerFired(timer.id, at: .seconds(1))) == .milliseconds(1400))
    let fire = try #require(fired(machine.timerFired(timer.id, at: .milliseconds(1400))))
    #expect(fire.value == "ab")
    #expect(machine.pending == nil)
    #expect(machine.timer == nil)
    #expect(machine.run == fire.run)

    if case .stop = machine.runFinished(fire.run) {} else { Issue.record("expected stop") }
    #expect(machine.run == nil)
  }

  @Test("cancel drops the value and makes the old timer stale")
  func cancelMakesTimerStale() throws {
    var machine = Machine(interval: .seconds(1), overlap: .cancelPrevious)
    let timer = try #require(machine.send("a", at: .zero).startTimer)
    let cancelled = machine.cancel()
    #expect(cancelled.timer == timer.id)
    #expect(cancelled.run == nil)
    #expect(machine.pending == nil)
    #expect(stops(machine.timerFired(timer.id, at: .seconds(1))))

    let next = try #require(machine.send("b", at: .seconds(2)).startTimer)
    #expect(next.id != timer.id)
    #expect(stops(machine.timerFired(timer.id, at: .seconds(3))))
    #expect(fired(machine.timerFired(next.id, at: .seconds(3)))?.value == "b")
  }

  @Test("with cancelRunning a send cancels the running action, whose finish is then stale")
  func cancelRunningCancelsTheRun() throws {
    var machine = Machine(interval: .seconds(1), overlap: .cancelPrevious)
    let timer = try #require(machine.send("a", at: .zero).startTimer)
    let run = try #require(fired(machine.timerFired(timer.id, at: .seconds(1)))).run

    let send = machine.send("b", at: .milliseconds(1500))
    #expect(send.cancelRun == run)
    let nextTimer = try #require(send.startTimer)
    if case .stop = machine.runFinished(run) {} else { Issue.record("a cancelled run must be stale") }
    #expect(fired(machine.timerFired(nextTimer.id, at: .milliseconds(2500)))?.value == "b")
  }

  @Test("with enqueue a due value waits for the running action, then runs on the same task")
  func enqueueSerialises() throws {
    var machine = Machine(interval: .seconds(1), overlap: .enqueue)
    let timer = try #require(machine.send("a", at: .zero).startTimer)
    let run = try #require(fired(machine.timerFired(timer.id, at: .seconds(1)))).run

    let send = machine.send("b", at: .milliseconds(1100))
    #expect(send.cancelRun == nil)
    let nextTimer = try #require(send.startTimer)
    #expect(stops(machine.timerFired(nextTimer.id, at: .milliseconds(2100))))
    #expect(machine.pending?.value == "b")

    guard case .fire(let nextRun, let value) = machine.runFinished(run) else {
      Issue.record("expected the waiting value to fire")
      return
    }
    #expect(value == "b")
    #expect(nextRun != run)
    #expect(machine.run == nextRun)
  }

  @Test("with dropWhileRunning a value due while the action runs is dropped, on the timer and on flush")
  func dropWhileRunningDrops() throws {
    var machine = Machine(interval: .seconds(1), overlap: .dropWhileRunning)
    let timer = try #require(machine.send("a", at: .zero).startTimer)
    let run = try #require(fired(machine.timerFired(timer.id, at: .seconds(1)))).run

    let send = machine.send("b", at: .milliseconds(1100))
    #expect(send.cancelRun == nil)
    let nextTimer = try #require(send.startTimer)
    #expect(stops(machine.timerFired(nextTimer.id, at: .milliseconds(2100))))
    #expect(machine.pending == nil)
    if case .stop = machine.runFinished(run) {} else { Issue.record("a dropped value must not run later") }

    let third = try #require(machine.send("c", at: .seconds(3)).startTimer)
    let secondRun = try #require(fired(machine.timerFired(third.id, at: .seconds(4)))).run
    _ = machine.send("d", at: .milliseconds(4100))
    let flush = machine.flush(at: .milliseconds(4200))
    #expect(flush.fire == nil)
    #expect(flush.cancelRun == nil)
    #expect(machine.pending == nil)
    #expect(machine.run == secondRun)
  }

  @Test("a value sent during a run waits for its own quiet period")
  func valueDuringRunWaitsForItsTimer() throws {
    var machine = Machine(interval: .seconds(1), overlap: .enqueue)
    let timer = try #require(machine.send("a", at: .zero).startTimer)
    let run = try #require(fired(machine.timerFired(timer.id, at: .seconds(1)))).run
    _ = machine.send("b", at: .milliseconds(1100))
    if case .stop = machine.runFinished(run) {} else { Issue.record("the timer, not the run, fires b") }
    #expect(machine.pending?.value == "b")
  }

  @Test("flush fires the pending value at once and cancels its timer")
  func flushFiresNow() throws {
    var machine = Machine(interval: .seconds(1), overlap: .cancelPrevious)
    #expect(machine.flush(at: .zero).fire == nil)
    let timer = try #require(machine.send("a", at: .zero).startTimer)
    let flush = machine.flush(at: .milliseconds(200))
    #expect(flush.cancelTimer == timer.id)
    #expect(flush.fire?.value == "a")
    #expect(machine.pending == nil)
    #expect(stops(machine.timerFired(timer.id, at: .seconds(1))))
  }

  @Test("flush during a run with enqueue runs the value after it")
  func flushWaitsForRun() throws {
    var machine = Machine(interval: .seconds(1), overlap: .enqueue)
    let timer = try #require(machine.send("a", at: .zero).startTimer)
    let run = try #require(fired(machine.timerFired(timer.id, at: .seconds(1)))).run
    let nextTimer = try #require(machine.send("b", at: .milliseconds(1100)).startTimer)
    let flush = machine.flush(at: .milliseconds(1200))
    #expect(flush.cancelTimer == nextTimer.id)
    #expect(flush.fire == nil)
    guard case .fire(_, let value) = machine.runFinished(run) else {
      Issue.record("expected the flushed value to fire")
      return
    }
    #expect(value == "b")
  }

  @Test("a negative interval counts as zero")
  func negativeInterval() throws {
    var machine = Machine(interval: .seconds(-5), overlap: .cancelPrevious)
    let timer = try #require(machine.send("a", at: .seconds(3)).startTimer)
    #expect(timer.until == .seconds(3))
  }
}
