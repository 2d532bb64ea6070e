import AgentSkillTesting
import Testing

@testable import AgentSkill
@testable import AgentSkillAutonomy

@MainActor
private final class Editor {
  var draft = ""
}

@Suite("Poller", .timeLimit(.minutes(5)))
struct PollerTests {
  @Test("ticks at once and then every interval; runs only while the condition holds")
  func ticksAndRunsWhenConditionHolds() async throws {
    let clock = TestClock()
    let online = LockIsolated(false)
    let runs = Recorder<Duration>()
    let events = Recorder<PollerEvent>()
    let poller = Poller(
      every: .seconds(5),
      when: .predicate("online") { online.value },
      run: ClosureSkill<Void, Void> { _, _ in runs.append(clock.offset) },
      environment: SkillEnvironment(clock: clock),
      onEvent: { events.append($0) }
    )
    poller.start()
    #expect(poller.isPolling)
    let first = try #require(await events.outcome(ofTick: 1))
    #expect(first.skipReason == .conditionsUnmet(ConditionEvaluation(condition: "online", isMet: false)))
    #expect(first.skipReason?.description == "conditions not met: online")

    online.setValue(true)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(5))
    #expect(try #require(await events.outcome(ofTick: 2)).label == "succeeded")
    #expect(runs.values == [.seconds(5)])

    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(5))
    #expect(try #require(await events.outcome(ofTick: 3)).label == "succeeded")

    online.setValue(false)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(5))
    #expect(try #require(await events.outcome(ofTick: 4)).label == "skipped")
    #expect(runs.values == [.seconds(5), .seconds(10)])
    #expect(events.values.map(\.label) == ["skipped", "started", "succeeded", "started", "succeeded", "skipped"])
    poller.stop()
  }

  @Test("conditions are re-evaluated after a run")
  func conditionsReevaluatedAfterRun() async throws {
    let clock = TestClock()
    let pending = LockIsolated(true)
    let events = Recorder<PollerEvent>()
    let poller = Poller(
      every: .seconds(1),
      when: .predicate("work pending") { pending.value },
      run: ClosureSkill<Void, Void> { _, _ in pending.setValue(false) },
      environment: SkillEnvironment(clock: clock),
      onEvent: { events.append($0) }
    )
    poller.start()
    #expect(try #require(await events.outcome(ofTick: 1)).label == "succeeded")
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    let second = try #require(await events.outcome(ofTick: 2))
    #expect(second.skipReason?.description == "conditions not met: work pending")
    poller.stop()
  }

  @Test("a tick while the previous run is still going is skipped")
  func overlappingTickIsSkipped() async throws {
    let clock = TestClock()
    let gate = Gate()
    let events = Recorder<PollerEvent>()
    let poller = Poller(
      every: .seconds(5),
      run: ClosureSkill<Void, Void> { _, _ in await gate.wait() },
      environment: SkillEnvironment(clock: clock),
      onEvent: { events.append($0) }
    )
    poller.start()
    await gate.arrivals.wait(forCount: 1)
    #expect(poller.isRunningSkill)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(5))
    let second = try #require(await events.outcome(ofTick: 2))
    #expect(second.skipReason == .previousRunInProgress(startedOnTick: 1))
    #expect(second.skipReason?.description == "previous run (tick 1) still running")

    gate.open()
    #expect(try #require(await events.outcome(ofTick: 1)).label == "succeeded")
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(5))
    #expect(try #require(await events.outcome(ofTick: 3)).label == "succeeded")
    #expect(gate.arrivals.count == 2)
    poller.stop()
  }

  @Test("a failing run is reported to the handler, log and monitor, and polling continues")
  func failureIsReportedAndPollingContinues() async throws {
    struct SaveFailed: Error, CustomStringConvertible {
      var description: String { "disk full" }
    }
    let clock = TestClock()
    let attempts = LockIsolated(0)
    let events = Recorder<PollerEvent>()
    let sink = LineSink()
    let monitor = EventMonitor()
    let poller = Poller(
      every: .seconds(5),
      run: ClosureSkill<Void, Void>("SaveSkill") { _, _ in
        let attempt = attempts.withValue { value -> Int in
          value += 1
          return value
        }
        if attempt == 1 { throw SaveFailed() }
      },
      environment: SkillEnvironment(clock: clock, monitor: monitor, logSink: sink),
      onEvent: { events.append($0) }
    )
    poller.start()
    let first = try #require(await events.outcome(ofTick: 1))
    guard case .failed(_, let error, _) = first else {
      Issue.record("expected a failure, got \(first.label)")
      return
    }
    #expect(error is SaveFailed)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(5))
    #expect(try #require(await events.outcome(ofTick: 2)).label == "succeeded")

    let errors = sink.entries.values.filter { $0.level == .error }
    #expect(errors.count == 1)
    #expect(errors.first?.message == "tick 1: SaveSkill failed: disk full; polling continues")
    #expect(errors.first?.tag.hasPrefix("SaveSkillPoller-") == true)
    let failures = monitor.events.values.filter {
      if case .failed = $0 { return true }
      return false
    }
    #expect(failures.count == 1)
    #expect(failures.first?.run.skillName == "SaveSkill")
    poller.stop()
  }

  @Test("stop cancels a run in progress and the sleep")
  func stopCancelsRun() async throws {
    let clock = TestClock()
    let events = Recorder<PollerEvent>()
    let poller = Poller(
      every: .seconds(5),
      run: ClosureSkill<Void, Void> { _, context in try await context.sleep(for: .seconds(60)) },
      environment: SkillEnvironment(clock: clock),
      onEvent: { events.append($0) }
    )
    poller.start()
    await clock.waitForSleepers(2)  // the loop and the run
    poller.stop()
    let outcome = try #require(await events.outcome(ofTick: 1))
    #expect(outcome.label == "cancelled")
    await eventually("the poller stopped polling") { !poller.isPolling }
    #expect(clock.sleeperCount == 0)
    #expect(!poller.isRunningSkill)
  }

  @Test("releasing the poller stops it; its tasks do not retain it")
  func releaseStops() async {
    let clock = TestClock()
    let runs = Recorder<Duration>()
    var poller: Poller? = Poller(
      every: .seconds(5),
      run: ClosureSkill<Void, Void> { _, _ in runs.append(clock.offset) },
      environment: SkillEnvironment(clock: clock)
    )
    weak let weakPoller = poller
    poller?.start()
    await runs.wait(forCount: 1)
    await clock.waitForSleepers(1)
    poller = nil
    #expect(weakPoller == nil)
    #expect(clock.sleeperCount == 0)
    await clock.advance(by: .seconds(30))
    #expect(runs.values == [.zero])
  }

  @Test("run() polls in the calling task until it is cancelled")
  func runInCallingTask() async {
    let clock = TestClock()
    let runs = Recorder<Duration>()
    let poller = Poller(
      every: .seconds(5),
      run: ClosureSkill<Void, Void> { _, _ in runs.append(clock.offset) },
      environment: SkillEnvironment(clock: clock)
    )
    let task = Task { await poller.run() }
    await runs.wait(forCount: 1)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(5))
    await runs.wait(forCount: 2)
    #expect(poller.isPolling)
    task.cancel()
    await task.value
    #expect(!poller.isPolling)
    #expect(runs.values == [.zero, .seconds(5)])
  }

  @Test("start while polling does not start a second loop")
  func startTwice() async {
    let clock = TestClock()
    let runs = Recorder<Duration>()
    let poller = Poller(
      every: .seconds(5),
      run: ClosureSkill<Void, Void> { _, _ in runs.append(clock.offset) },
      environment: SkillEnvironment(clock: clock)
    )
    poller.start()
    poller.start()
    await runs.wait(forCount: 1)
    await clock.waitForSleepers(1)
    #expect(clock.sleeperCount == 1)
    poller.stop()
    #expect(runs.count == 1)
  }

  @MainActor
  @Test("the input is read on the main actor when each run starts")
  func inputReadOnMainActorPerRun() async {
    let clock = TestClock()
    let editor = Editor()
    let saved = Recorder<String>()
    let poller = Poller(
      every: .seconds(5),
      run: ClosureSkill<String, Void> { draft, _ in saved.append(draft) },
      environment: SkillEnvironment(clock: clock)
    ) { @MainActor in editor.draft }
    editor.draft = "first"
    poller.start()
    await saved.wait(forCount: 1)
    editor.draft = "second"
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(5))
    await saved.wait(forCount: 2)
    #expect(saved.values == ["first", "second"])
    poller.stop()
  }

  @Test("sleeps pass a tolerance of a tenth of the interval unless given")
  func tolerance() async {
    let base = TestClock()
    let clock = ToleranceRecordingClock(base: base)
    let skill = ClosureSkill<Void, Void> { _, _ in }
    let poller = Poller(every: .seconds(5), run: skill, environment: SkillEnvironment(clock: clock))
    #expect(poller.tolerance == .milliseconds(500))
    poller.start()
    await base.waitForSleepers(1)
    #expect(clock.tolerances.values == [.milliseconds(500)])
    poller.stop()

    let explicit = Poller(every: .seconds(5), tolerance: .zero, run: skill, environment: SkillEnvironment(clock: clock))
    #expect(explicit.tolerance == .zero)
    let tiny = Poller(every: .zero, run: skill, environment: SkillEnvironment(clock: clock))
    #expect(tiny.interval == .milliseconds(1))
  }

  @Test("evaluate explains the condition without running anything")
  func evaluateExplains() async {
    let poller = Poller(
      every: .seconds(5),
      when: .all(.predicate("online") { false }, .not(.predicate("focus mode") { false })),
      run: ClosureSkill<Void, Void> { _, _ in Issue.record("must not run") },
      environment: SkillEnvironment(clock: TestClock())
    )
    let evaluation = await poller.evaluate()
    #expect(evaluation.unmet == ["online"])
    #expect(poller.condition.description == "online ∧ ¬focus mode")
  }

  @Test("after a stall one tick happens at once and the schedule continues from it")
  func stallCatchesUpOnce() async throws {
    let clock = TestClock()
    let gate = Gate()
    let checks = Recorder<Duration>()
    let events = Recorder<PollerEvent>()
    let poller = Poller(
      every: .seconds(5),
      when: .predicate("ready") {
        checks.append(clock.offset)
        if checks.count == 1 { await gate.wait() }
        return false
      },
      run: ClosureSkill<Void, Void> { _, _ in },
      environment: SkillEnvironment(clock: clock),
      onEvent: { events.append($0) }
    )
    poller.start()
    await gate.arrivals.wait(forCount: 1)
    await clock.advance(by: .seconds(12))  // the first check stalls past two ticks
    gate.open()
    _ = await events.outcome(ofTick: 2)
    #expect(checks.values == [.zero, .seconds(12)])
    await clock.waitForSleepers(1)
    #expect(clock.pendingDeadlines == [TestClock.Instant(offset: .seconds(17))])
    poller.stop()
  }

  @Test("an input that throws counts as a failed run")
  func throwingInputFails() async throws {
    let clock = TestClock()
    let events = Recorder<PollerEvent>()
    let poller = Poller(
      every: .seconds(5),
      run: ClosureSkill<String, Void> { _, _ in Issue.record("must not run without input") },
      environment: SkillEnvironment(clock: clock),
      onEvent: { events.append($0) },
      input: { throw TestFailure("no draft") }
    )
    poller.start()
    let outcome = try #require(await events.outcome(ofTick: 1))
    guard case .failed(_, let error, _) = outcome else {
      Issue.record("expected a failure, got \(outcome.label)")
      return
    }
    #expect((error as? TestFailure)?.description == "no draft")
    poller.stop()
  }
}
