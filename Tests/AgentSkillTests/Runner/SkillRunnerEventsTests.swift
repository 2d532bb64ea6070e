import AgentSkill
import AgentSkillTesting
import Testing

/// Rejects negative inputs, reports half-way progress, sleeps a second on
/// the clock and returns its input doubled (or throws `failure`).
struct CheckedSkill: Skill {
  var failure: TestFailure?
  let runs = Recorder<Int>()

  func validate(_ input: Int) throws(SkillInputRejection) {
    if input < 0 { throw SkillInputRejection("Enter a number of 0 or more.") }
  }

  func run(_ input: Int, context: SkillContext) async throws -> Int {
    runs.append(input)
    context.reportProgress(0.5)
    try await context.sleep(for: .seconds(1))
    if let failure { throw failure }
    return input * 2
  }
}

@MainActor
@Suite("SkillRunner events", .timeLimit(.minutes(2)))
struct SkillRunnerEventsTests {
  let clock = TestClock()

  func makeRunner(
    _ skill: CheckedSkill = CheckedSkill(), policy: PerformPolicy = .cancelPrevious
  ) -> SkillRunner<CheckedSkill> {
    SkillRunner(skill, policy: policy, executor: .immediate, environment: SkillEnvironment(clock: clock))
  }

  @Test("a successful run streams started, progress and succeeded, then ends")
  func aSuccessfulRunStreamsItsEvents() async {
    let runner = makeRunner()
    var events = runner.performWithEvents(21).makeAsyncIterator()
    #expect(await events.next()?.description == "started")
    #expect(await events.next()?.description == "progress(0.5)")
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    #expect(await events.next()?.description == "succeeded(42)")
    #expect(await events.next() == nil)
    #expect(runner.status == .succeeded(output: 42))
  }

  @Test("a failed run streams failed, then ends")
  func aFailedRunStreamsFailed() async {
    let runner = makeRunner(CheckedSkill(failure: TestFailure("offline")))
    var events = runner.performWithEvents(1).makeAsyncIterator()
    #expect(await events.next()?.description == "started")
    #expect(await events.next()?.description == "progress(0.5)")
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    #expect(await events.next()?.description == "failed(offline)")
    #expect(await events.next() == nil)
    #expect(runner.status.error as? TestFailure == TestFailure("offline"))
  }

  @Test("rejected input is its own status: the skill never runs, nothing failed")
  func rejectedInputIsItsOwnStatus() async {
    let skill = CheckedSkill()
    let runner = makeRunner(skill)
    var events = runner.performWithEvents(-1).makeAsyncIterator()
    let rejection = SkillInputRejection("Enter a number of 0 or more.")
    #expect(runner.status == .rejected(rejection))
    #expect(runner.status.rejection?.message == "Enter a number of 0 or more.")
    #expect(runner.status.error == nil)
    #expect(runner.status.failureMessage == nil)
    #expect(runner.status.isFinished)
    #expect(!runner.isRunning)
    #expect(runner.status.error == nil)
    #expect(await events.next()?.description == "rejected(Enter a number of 0 or more.)")
    #expect(await events.next() == nil)
    #expect(skill.runs.values.isEmpty)

    let task = runner.perform(2)
    #expect(runner.isRunning)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await task.value
    #expect(runner.status == .succeeded(output: 4))
    #expect(skill.runs.values == [2])
  }

  @Test("wrappers keep the wrapped skill's validation")
  func wrappersKeepTheWrappedSkillsValidation() async {
    let skill = CheckedSkill()
    let rejection = SkillInputRejection("Enter a number of 0 or more.")
    #expect(throws: rejection) { try skill.retry(.immediate(maxAttempts: 2)).validate(-1) }
    #expect(throws: rejection) { try skill.timeout(.seconds(5)).validate(-1) }
    #expect(throws: rejection) { try skill.eraseToAnySkill().validate(-1) }
    #expect(throws: rejection) { try skill.then(ClosureSkill<Int, Int>("Same") { value, _ in value }).validate(-1) }
    #expect(throws: rejection) { try skill.named("Checked").validate(-1) }
    #expect(throws: Never.self) { try skill.retry().validate(1) }

    let runner = SkillRunner(skill.retry(), executor: .immediate, environment: SkillEnvironment(clock: clock))
    runner.perform(-3)
    #expect(runner.status == .rejected(rejection))
    #expect(skill.runs.values.isEmpty)
  }

  @Test("cancel ends the stream with cancelled")
  func cancelEndsTheStream() async {
    let runner = makeRunner()
    var events = runner.performWithEvents(1).makeAsyncIterator()
    #expect(await events.next()?.description == "started")
    await clock.waitForSleepers(1)
    runner.cancel()
    var rest: [String] = []
    while let event = await events.next() { rest.append(event.description) }
    #expect(rest.last == "cancelled")
    #expect(rest.filter { $0 == "cancelled" }.count == 1)
    #expect(runner.status == .cancelled)
  }

  @Test("a run superseded by a newer one ends cancelled; the newer one streams its own events")
  func aSupersededRunEndsCancelled() async {
    let runner = makeRunner()
    var first = runner.performWithEvents(1).makeAsyncIterator()
    #expect(await first.next()?.description == "started")
    var second = runner.performWithEvents(2).makeAsyncIterator()
    var rest: [String] = []
    while let event = await first.next() { rest.append(event.description) }
    #expect(rest.last == "cancelled")
    #expect(await second.next()?.description == "started")
    #expect(await second.next()?.description == "progress(0.5)")
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    #expect(await second.next()?.description == "succeeded(4)")
    #expect(await second.next() == nil)
  }

  @Test("releasing the runner ends the stream with cancelled")
  func releasingTheRunnerEndsTheStream() async {
    var runner: SkillRunner<CheckedSkill>? = makeRunner()
    weak let weakRunner = runner
    var events = runner?.performWithEvents(1).makeAsyncIterator()
    #expect(await events?.next()?.description == "started")
    await clock.waitForSleepers(1)
    runner = nil
    #expect(weakRunner == nil)
    var rest: [String] = []
    while let event = await events?.next() { rest.append(event.description) }
    #expect(rest.last == "cancelled")
  }

  @Test("a request the policy ignores ends at once without events")
  func anIgnoredRequestEndsAtOnce() async {
    let runner = makeRunner(policy: .dropWhileRunning)
    let running = runner.perform(1)
    var ignored = runner.performWithEvents(2).makeAsyncIterator()
    #expect(await ignored.next() == nil)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await running.value
    #expect(runner.status == .succeeded(output: 2))
  }

  @Test("a queued request streams once it starts; cancel drops it with cancelled")
  func aQueuedRequestStreamsOnceItStarts() async {
    let runner = makeRunner(policy: .enqueue)
    runner.perform(1)
    var queued = runner.performWithEvents(2).makeAsyncIterator()
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    #expect(await queued.next()?.description == "started")
    #expect(await queued.next()?.description == "progress(0.5)")
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    #expect(await queued.next()?.description == "succeeded(4)")
    #expect(await queued.next() == nil)

    runner.perform(3)
    var dropped = runner.performWithEvents(4).makeAsyncIterator()
    runner.cancel()
    #expect(await dropped.next()?.description == "cancelled")
    #expect(await dropped.next() == nil)
  }
}
