import AgentSkill
import AgentSkillTesting
import Foundation
import Observation
import Testing

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct SkillRunnerTests {
  let clock = TestClock()

  func makeRunner<S: Skill>(
    _ skill: S, policy: PerformPolicy = .cancelPrevious, executor: SkillExecutor = .default,
    monitor: (any SkillMonitor)? = nil, logSink: (any LogSink)? = nil
  ) -> SkillRunner<S> {
    SkillRunner(
      skill, policy: policy, executor: executor,
      environment: SkillEnvironment(clock: clock, monitor: monitor, logSink: logSink))
  }

  @Test func performShowsRunningAtOnceAndSucceeds() async {
    let runner = makeRunner(SleepingSkill())
    #expect(runner.status == .idle)
    let task = runner.perform(21)
    #expect(runner.status == .running(progress: nil))
    #expect(runner.isRunning)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await task.value
    #expect(runner.status == .succeeded(output: 42))
    #expect(runner.status.error == nil)
  }

  @Test func failureSetsStatusAndLastErrorAndNextRunClearsIt() async {
    let runner = makeRunner(SleepingSkill(failure: TestFailure(message: "offline")))
    let task = runner.perform(1)
    await clock.waitForSleepers(1)
    await clock.run()
    await task.value
    #expect(runner.status == .failed(error: TestFailure(message: "offline")))
    #expect(runner.status.error as? TestFailure == TestFailure(message: "offline"))

    runner.perform(2)
    #expect(runner.status.error == nil)
    #expect(runner.isRunning)
  }

  @Test func cancelDuringSleepEndsCancelledAtOnceAndSkillSeesCancellation() async {
    let log = CancellationLog()
    let runner = makeRunner(CancellationObservingSkill(log: log))
    let task = runner.perform(7)
    await clock.waitForSleepers(1)
    runner.cancel()
    #expect(runner.status == .cancelled)
    await task.value
    #expect(runner.status == .cancelled)
    #expect(log.cancelledInputs == [7])
    #expect(!clock.hasSleepers)
  }

  @Test func cancelledRunStaysCancelledEvenIfTheSkillReturnsLater() async {
    let log = CancellationLog()
    let runner = makeRunner(CancellationObservingSkill(log: log, ignoresCancellation: true))
    let task = runner.perform(3)
    await clock.waitForSleepers(1)
    runner.cancel()
    await task.value
    #expect(log.cancelledInputs == [3])
    #expect(runner.status == .cancelled)
  }

  @Test func cancellingTheReturnedTaskEndsCancelledEvenIfTheSkillReturns() async {
    let log = CancellationLog()
    let runner = makeRunner(CancellationObservingSkill(log: log, ignoresCancellation: true))
    let task = runner.perform(5)
    await clock.waitForSleepers(1)
    task.cancel()
    await task.value
    #expect(runner.status == .cancelled)
  }

  @Test func cancelAfterFinishingLeavesTheResult() async {
    let runner = makeRunner(SleepingSkill())
    let task = runner.perform(2)
    await clock.waitForSleepers(1)
    await clock.run()
    await task.value
    runner.cancel()
    #expect(runner.status == .succeeded(output: 4))
  }

  @Test func cancelWhileIdleLeavesIdle() {
    let runner = makeRunner(SleepingSkill())
    runner.cancel()
    #expect(runner.status == .idle)
  }

  @Test func cancelPreviousSupersedesAndTheOldResultNeverOverwrites() async {
    let log = CancellationLog()
    let runner = makeRunner(CancellationObservingSkill(log: log, ignoresCancellation: true))
    let first = runner.perform(1)
    await clock.waitForSleepers(1)
    let second = runner.perform(2)
    await first.value
    // The first run returned (it ignores cancellation) but must not win.
    #expect(runner.status == .running(progress: nil))
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await second.value
    #expect(runner.status == .succeeded(output: 2))
    #expect(log.cancelledInputs == [1])
  }

  @Test func dropWhileRunningKeepsTheRunningRun() async {
    let runner = makeRunner(SleepingSkill(), policy: .dropWhileRunning)
    let first = runner.perform(1)
    let second = runner.perform(100)
    #expect(first == second)
    await clock.waitForSleepers(1)
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    await second.value
    #expect(runner.status == .succeeded(output: 2))
  }

  @Test func enqueueRunsRequestsInOrder() async {
    let outputs = LockIsolated([Int]())
    let skill = ClosureSkill<Int, Int>("Queued") { input, context in
      try await context.sleep(for: .seconds(1))
      outputs.withValue { $0.append(input) }
      return input
    }
    let runner = makeRunner(skill, policy: .enqueue)
    runner.perform(1)
    runner.perform(2)
    let last = runner.perform(3)
    for _ in 1...3 {
      await clock.waitForSleepers(1)
      await clock.advance(by: .seconds(1))
    }
    await last.value
    #expect(outputs.value == [1, 2, 3])
    #expect(runner.status == .succeeded(output: 3))
  }

  @Test func cancelDropsQueuedRequests() async {
    let outputs = LockIsolated([Int]())
    let skill = ClosureSkill<Int, Int>("Queued") { input, context in
      try await context.sleep(for: .seconds(1))
      outputs.withValue { $0.append(input) }
      return input
    }
    let runner = makeRunner(skill, policy: .enqueue)
    runner.perform(1)
    let queued = runner.perform(2)
    await clock.waitForSleepers(1)
    runner.cancel()
    await queued.value
    await clock.run()
    #expect(outputs.value.isEmpty)
    #expect(runner.status == .cancelled)
  }

  @Test func progressIsClampedMonotonicAndRejectsNaN() async {
    let skill = ClosureSkill<Void, Int>("Progress") { _, context in
      context.reportProgress(0.2)
      context.reportProgress(0.5)
      context.reportProgress(0.3)  // backwards: ignored
      context.reportProgress(.nan)  // rejected
      context.reportProgress(1.7)  // clamped to 1
      try await context.sleep(for: .seconds(1))
      return 1
    }
    let runner = makeRunner(skill, executor: .immediate)
    var seen: [Double] = []
    let task = runner.perform(())
    while seen.last != 1 {
      await runner.waitForStatus { $0.progress != nil && $0.progress != seen.last }
      if let progress = runner.status.progress { seen.append(progress) }
    }
    #expect(seen.allSatisfy { (0...1).contains($0) })
    #expect(seen == seen.sorted())
    #expect(seen.last == 1)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await task.value
    #expect(runner.status == .succeeded(output: 1))
  }

  @Test func lateProgressFromACancelledRunIsIgnored() async {
    let report = LockIsolated<(@Sendable (Double) -> Void)?>(nil)
    let skill = ClosureSkill<Void, Void>("Late") { _, context in
      report.setValue { context.reportProgress($0) }
      try await context.sleep(for: .seconds(10))
    }
    let runner = makeRunner(skill, executor: .immediate)
    let task = runner.perform(())
    await clock.waitForSleepers(1)
    runner.cancel()
    await task.value
    report.value?(0.9)
    await Task.yield()
    #expect(runner.status.isCancelled)
  }

  @Test func eachStatusChangeNotifiesObserversOnce() async {
    let runner = makeRunner(SleepingSkill())
    let notifications = LockIsolated(0)
    func track() {
      withObservationTracking {
        _ = runner.status
      } onChange: {
        notifications.withValue { $0 += 1 }
      }
    }
    track()
    let task = runner.perform(1)  // idle → running
    #expect(notifications.value == 1)
    track()
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await task.value  // running → succeeded
    #expect(notifications.value == 2)
    #expect(runner.status == .succeeded(output: 2))
  }

  @Test func releasingTheRunnerCancelsItsWorkAndFreesIt() async {
    let log = CancellationLog()
    weak var weakRunner: SkillRunner<CancellationObservingSkill>?
    var task: Task<Void, Never>?
    do {
      let runner = makeRunner(CancellationObservingSkill(log: log))
      weakRunner = runner
      task = runner.perform(9)
      await clock.waitForSleepers(1)
    }
    #expect(weakRunner == nil)
    await task?.value
    #expect(log.cancelledInputs == [9])
  }

  @Test(arguments: [PerformPolicy.cancelPrevious, .dropWhileRunning, .enqueue])
  func releasingTheRunnerCancelsItsRunningAndQueuedWorkInEveryPolicy(policy: PerformPolicy) async {
    let log = CancellationLog()
    weak var weakRunner: SkillRunner<CancellationObservingSkill>?
    var tasks: [Task<Void, Never>] = []
    do {
      let runner = makeRunner(CancellationObservingSkill(log: log), policy: policy)
      weakRunner = runner
      tasks.append(runner.perform(1))
      await clock.waitForSleepers(1)
      tasks.append(runner.perform(2))  // queued with .enqueue
      await clock.waitForSleepers(1)
    }
    #expect(weakRunner == nil)
    for task in tasks { await task.value }
    await clock.run()
    // Superseded or running runs were cancelled; a queued run never started.
    #expect(log.cancelledInputs == (policy == .cancelPrevious ? [1, 2] : [1]))
  }

  @Test func aQueuedRunDoesNotKeepTheRunnerAlive() async {
    let log = CancellationLog()
    weak var weakRunner: SkillRunner<CancellationObservingSkill>?
    let queued: Task<Void, Never>
    do {
      let runner = makeRunner(CancellationObservingSkill(log: log), policy: .enqueue)
      weakRunner = runner
      runner.perform(1)
      await clock.waitForSleepers(1)
      queued = runner.perform(2)
      // The first run ends; the queued one starts and sleeps.
      await clock.advance(by: .seconds(1))
      await clock.waitForSleepers(1)
    }
    #expect(weakRunner == nil)
    await queued.value
    #expect(log.cancelledInputs == [2])
  }

  @Test func backgroundExecutorRunsTheSkillAtTheChosenPriority() async {
    let skill = ClosureSkill<Void, TaskPriority>("Where") { _, _ in Task.currentPriority }
    let background = makeRunner(skill, executor: .background())
    await background.perform(()).value
    #expect(background.status.output == .background)
    let utility = makeRunner(skill, executor: .background(priority: .utility))
    await utility.perform(()).value
    #expect(utility.status.output == .utility)
  }

  @Test func logLinesAreTaggedWithTheRunnerID() async {
    let lines = RecordingLogSink()
    let skill = ClosureSkill<Void, Void>("UploadSkill") { _, context in context.logger.info("uploading") }
    let runner = makeRunner(skill, logSink: lines)
    await runner.perform(()).value
    let tag = "[UploadSkill-\(runner.id.short)]"
    #expect(lines.messages == ["\(tag) started", "\(tag) uploading", "\(tag) succeeded"])
    #expect(runner.tag == "UploadSkill-\(runner.id.short)")
  }

  @Test func monitorReceivesStartProgressAndFinish() async {
    let monitor = RecordingSkillMonitor()
    let skill = ClosureSkill<Void, Void>("Monitored") { _, context in
      context.reportProgress(0.5)
      try await context.sleep(for: .milliseconds(250))
    }
    let runner = makeRunner(skill, monitor: monitor)
    let task = runner.perform(())
    await clock.waitForSleepers(1)
    await clock.run()
    await task.value
    #expect(monitor.kinds == ["started", "progressed", "finished"])
    if case .finished(let info, let duration) = monitor.events.last {
      #expect(info.skillName == "Monitored")
      #expect(duration == .milliseconds(250))
    } else {
      Issue.record("expected a finished event, got \(monitor.kinds)")
    }
  }

  @Test func statusEqualityComparesErrorsByValueOrDescription() {
    struct Opaque: Error {}
    typealias Status = SkillStatus<Int>
    #expect(Status.failed(error: TestFailure(message: "a")) == .failed(error: TestFailure(message: "a")))
    #expect(Status.failed(error: TestFailure(message: "a")) != .failed(error: TestFailure(message: "b")))
    #expect(Status.failed(error: Opaque()) == .failed(error: Opaque()))
    #expect(Status.failed(error: Opaque()) != .failed(error: TestFailure(message: "a")))
    #expect(Status.running(progress: 0.99) != .running(progress: 1))
    #expect(Status.running(progress: nil) == .running(progress: nil))
  }
}
