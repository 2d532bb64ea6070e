import AgentSkill
import AgentSkillTesting
import Testing

@Suite(.timeLimit(.minutes(5)))
struct TestClockTests {
  @Test func sleepersResumeOnlyWhenTimeReachesTheirDeadline() async throws {
    let clock = TestClock()
    let woke = LockIsolated([String]())
    let short = Task {
      try await clock.sleep(for: .seconds(1))
      woke.withValue { $0.append("short") }
    }
    let long = Task {
      try await clock.sleep(for: .seconds(3))
      woke.withValue { $0.append("long") }
    }
    await clock.waitForSleepers(2)
    await clock.advance(by: .milliseconds(999))
    #expect(woke.value.isEmpty)
    await clock.advance(by: .milliseconds(1))
    try await short.value
    #expect(woke.value == ["short"])
    await clock.advance(by: .seconds(2))
    try await long.value
    #expect(woke.value == ["short", "long"])
    #expect(clock.now.offset == .seconds(3))
  }

  @Test func aSleepWhoseDeadlineHasPassedResumesAtOnce() async throws {
    let clock = TestClock()
    await clock.advance(by: .seconds(5))
    try await clock.sleep(until: TestClock.Instant(offset: .seconds(2)))
    try await clock.sleep(for: .zero)
    #expect(!clock.hasSleepers)
  }

  @Test func cancellingASleeperThrowsCancellationError() async {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .seconds(10)) }
    await clock.waitForSleepers(1)
    task.cancel()
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(!clock.hasSleepers)
  }

  @Test func aTaskCancelledBeforeSleepingThrowsWithoutRegistering() async {
    let clock = TestClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(clock.sleeperCount == 0)
  }

  @Test func advanceResumesChainedSleepsWithinTheWindowInOrder() async throws {
    let clock = TestClock()
    let ticks = LockIsolated([Duration]())
    let ticker = Task {
      for _ in 0..<5 {
        try await clock.sleep(for: .seconds(1))
        ticks.withValue { $0.append(clock.now.offset) }
      }
    }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(3))
    #expect(ticks.value == [.seconds(1), .seconds(2), .seconds(3)])
    #expect(clock.now.offset == .seconds(3))
    #expect(await clock.run())
    try await ticker.value
    #expect(ticks.value.count == 5)
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func advanceToAnEarlierInstantLeavesTimeUnchanged() async {
    let clock = TestClock()
    await clock.advance(by: .seconds(2))
    await clock.advance(to: TestClock.Instant(offset: .seconds(1)))
    #expect(clock.now.offset == .seconds(2))
  }

  @Test func runGivesUpOnAnEndlessSleeperAndReportsIt() async {
    let clock = TestClock()
    let forever = Task {
      while !Task.isCancelled { try? await clock.sleep(for: .seconds(1)) }
    }
    await clock.waitForSleepers(1)
    let drained = await clock.run(limit: 10)
    #expect(!drained)
    #expect(clock.hasSleepers)
    forever.cancel()
    await forever.value
  }

  @Test func immediateClockReturnsAtOnceAndAccumulatesTime() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(2))
    try await clock.sleep(for: .milliseconds(500))
    #expect(clock.now.offset == .milliseconds(2500))
  }

  @Test func stopwatchMeasuresTestTime() async {
    let clock = TestClock()
    let elapsed = clock.stopwatch()
    await clock.advance(by: .milliseconds(1500))
    #expect(elapsed() == .milliseconds(1500))
  }
}
