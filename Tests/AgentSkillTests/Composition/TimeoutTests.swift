import AgentSkill
import AgentSkillTesting
import Testing

@Suite("Timeout", .timeLimit(.minutes(5)))
struct TimeoutTests {
  /// Sleeps `duration` on the context's clock, recording whether it was cancelled.
  private func sleeper(_ duration: Duration, cancelled: Counter) -> ClosureSkill<Void, String> {
    ClosureSkill("SlowSkill") { _, context in
      do {
        try await context.sleep(for: duration)
      } catch {
        cancelled.increment()
        throw error
      }
      return "done"
    }
  }

  @Test("the limit fires on the TestClock, cancels the skill and names skill and limit")
  func timeoutFires() async throws {
    let clock = TestClock()
    let cancelled = Counter()
    let skill = sleeper(.seconds(10), cancelled: cancelled).timeout(.seconds(5))
    let task = Task { try await Harness(clock: clock).run(skill, ()) }
    await clock.waitForSleepers(2)
    await clock.advance(by: .seconds(5))
    let error = try await #require(throws: SkillTimeoutError.self) { try await task.value }
    #expect(error == SkillTimeoutError(skillName: "SlowSkill", limit: .seconds(5)))
    #expect(error.description.hasPrefix("SlowSkill timed out after 5.0 seconds."))
    #expect(cancelled.value == 1)
    #expect(!clock.hasSleepers)
  }

  @Test("the skill finishing first wins and the timer is cancelled")
  func skillWins() async throws {
    let clock = TestClock()
    let cancelled = Counter()
    let skill = sleeper(.seconds(1), cancelled: cancelled).timeout(.seconds(5))
    let task = Task { try await Harness(clock: clock).run(skill, ()) }
    await clock.waitForSleepers(2)
    await clock.advance(by: .seconds(1))
    #expect(try await task.value == "done")
    #expect(cancelled.value == 0)
    #expect(!clock.hasSleepers)
    #expect(clock.now.offset == .seconds(1))
  }

  @Test("the skill's own error passes through unchanged")
  func skillErrorPassesThrough() async throws {
    let skill = failing(StubError("boom"), name: "Failing", as: (Void, Int).self).timeout(.seconds(5))
    let error = try await #require(throws: StubError.self) { try await Harness(clock: TestClock()).run(skill, ()) }
    #expect(error == StubError("boom"))
  }

  @Test("a limit of zero or less times out at once without starting the skill")
  func nonPositiveLimit() async throws {
    let started = Counter()
    let base = ClosureSkill<Void, Int>("Instant") { _, _ in
      started.increment()
      return 1
    }
    for limit in [Duration.zero, .seconds(-1)] {
      let error = try await #require(throws: SkillTimeoutError.self) {
        try await Harness(clock: TestClock()).run(base.timeout(limit), ())
      }
      #expect(error.limit == limit)
    }
    #expect(started.value == 0)
  }

  @Test("cancelling the run cancels both sides and throws CancellationError")
  func outerCancellation() async throws {
    let clock = TestClock()
    let cancelled = Counter()
    let skill = sleeper(.seconds(10), cancelled: cancelled).timeout(.seconds(5))
    let task = Task { try await Harness(clock: clock).run(skill, ()) }
    await clock.waitForSleepers(2)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(cancelled.value == 1)
    #expect(!clock.hasSleepers)
  }

  @Test("timeouts are retryable: retry(timeout) tries again after the limit")
  func retryAfterTimeout() async throws {
    let clock = TestClock()
    let attempts = Counter()
    let skill = ClosureSkill<Void, Int>("Load") { _, context in
      let attempt = attempts.increment()
      if attempt == 1 { try await context.sleep(for: .seconds(60)) }
      return attempt
    }
    .timeout(.seconds(5))
    .retry(.immediate(maxAttempts: 2))
    let task = Task { try await Harness(clock: clock).run(skill, ()) }
    await clock.waitForSleepers(2)
    await clock.advance(by: .seconds(5))
    #expect(try await task.value == 2)
  }
}
