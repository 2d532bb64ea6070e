import AgentSkill
import AgentSkillTesting
import Testing

@Suite("Retry", .timeLimit(.minutes(5)))
struct RetryTests {
  /// 1 s doubling, half of each wait removed by jitter × 0.5 → 0.75 s, 1.5 s, 3 s, …
  private func policy(maxAttempts: Int, shouldRetry: (@Sendable (any Error) -> Bool)? = nil) -> RetryPolicy {
    RetryPolicy(
      maxAttempts: maxAttempts, initialDelay: .seconds(1), multiplier: 2, maxDelay: .seconds(30),
      jitter: 0.5, jitterSource: .fixed(0.5), shouldRetry: shouldRetry ?? RetryPolicy.defaultShouldRetry
    )
  }

  /// Fails its first `failures` attempts with `StubError("attempt N")`, then returns the attempt number.
  private func flaky(failures: Int, attempts: Counter) -> ClosureSkill<Void, Int> {
    ClosureSkill("FlakySkill") { _, _ in
      let attempt = attempts.increment()
      if attempt <= failures { throw StubError("attempt \(attempt)") }
      return attempt
    }
  }

  @Test("backoff sleeps end at the exact deadlines on the injected clock")
  func backoffDeadlines() async throws {
    let clock = TestClock()
    let attempts = Counter()
    let harness = Harness(clock: clock)
    let skill = flaky(failures: 3, attempts: attempts).retry(policy(maxAttempts: 4))
    let task = Task { try await harness.run(skill, ()) }

    await clock.waitForSleepers(1)
    #expect(attempts.value == 1)
    #expect(clock.pendingDeadlines == [TestClock.Instant(offset: .milliseconds(750))])
    await clock.advance(by: .milliseconds(750))

    await clock.waitForSleepers(1)
    #expect(attempts.value == 2)
    #expect(clock.pendingDeadlines == [TestClock.Instant(offset: .milliseconds(2250))])
    await clock.advance(by: .milliseconds(1500))

    await clock.waitForSleepers(1)
    #expect(clock.pendingDeadlines == [TestClock.Instant(offset: .milliseconds(5250))])
    await clock.advance(by: .seconds(3))

    #expect(try await task.value == 4)
    #expect(attempts.value == 4)
    #expect(clock.now.offset == .milliseconds(5250))
  }

  @Test("each retry is logged with the error and the wait")
  func retriesAreLogged() async throws {
    let harness = Harness()
    let skill = flaky(failures: 1, attempts: Counter()).retry(policy(maxAttempts: 3))
    _ = try await harness.run(skill, ())
    let warnings = harness.logs.entries.value.filter { $0.level == .warning }.map(\.message)
    #expect(warnings == ["attempt 1/3 failed: stub error attempt 1; retrying in 0.75 seconds"])
  }

  @Test("when every attempt fails the error counts the attempts and wraps the last error")
  func exhausted() async throws {
    let attempts = Counter()
    let skill = flaky(failures: .max, attempts: attempts).retry(policy(maxAttempts: 3))
    let error = try await #require(throws: RetryExhaustedError.self) { try await Harness().run(skill, ()) }
    #expect(error.attempts == 3)
    #expect(error.skillName == "FlakySkill")
    #expect(error.underlying as? StubError == StubError("attempt 3"))
    #expect(error.description.hasPrefix("FlakySkill failed after 3 attempts (last error: stub error attempt 3)."))
    #expect(attempts.value == 3)
  }

  @Test("errors marked non-retryable are thrown at once, unwrapped")
  func nonRetryableNotRetried() async throws {
    let attempts = Counter()
    let skill = ClosureSkill<Void, Int>("Validate") { _, _ in
      attempts.increment()
      throw PermanentError()
    }
    .retry(policy(maxAttempts: 5))
    await #expect(throws: PermanentError.self) { try await Harness().run(skill, ()) }
    #expect(attempts.value == 1)
  }

  @Test("a custom predicate decides which errors are retried")
  func customPredicate() async throws {
    let attempts = Counter()
    let onlyNetwork = policy(maxAttempts: 5) { ($0 as? StubError)?.id == "network" }
    let skill = ClosureSkill<Void, Int>("Load") { _, _ in
      let attempt = attempts.increment()
      throw StubError(attempt < 3 ? "network" : "server")
    }
    .retry(onlyNetwork)
    let error = try await #require(throws: StubError.self) { try await Harness().run(skill, ()) }
    #expect(error == StubError("server"))
    #expect(attempts.value == 3)
  }

  @Test("CancellationError thrown by the skill is never retried")
  func cancellationErrorNotRetried() async throws {
    let attempts = Counter()
    let skill = ClosureSkill<Void, Int>("Load") { _, _ in
      attempts.increment()
      throw CancellationError()
    }
    .retry(policy(maxAttempts: 5) { _ in true })
    await #expect(throws: CancellationError.self) { try await Harness().run(skill, ()) }
    #expect(attempts.value == 1)
  }

  @Test("cancelling during a backoff sleep ends the retries promptly with CancellationError")
  func cancelDuringBackoff() async throws {
    let clock = TestClock()
    let attempts = Counter()
    let skill = flaky(failures: .max, attempts: attempts).retry(policy(maxAttempts: 10))
    let task = Task { try await Harness(clock: clock).run(skill, ()) }
    await clock.waitForSleepers(1)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(attempts.value == 1)
    #expect(!clock.hasSleepers)
    #expect(clock.now.offset == .zero)
  }

  @Test("maxAttempts below 1 means a single attempt")
  func nonPositiveAttemptsClamp() async throws {
    #expect(RetryPolicy(maxAttempts: 0).maxAttempts == 1)
    #expect(RetryPolicy(maxAttempts: -3).maxAttempts == 1)
    let attempts = Counter()
    let skill = flaky(failures: .max, attempts: attempts).retry(policy(maxAttempts: 0))
    let error = try await #require(throws: RetryExhaustedError.self) { try await Harness().run(skill, ()) }
    #expect(error.attempts == 1)
    #expect(attempts.value == 1)
  }

  @Test("out-of-range policy values are clamped")
  func policyClamps() {
    let policy = RetryPolicy(
      initialDelay: .seconds(-1), multiplier: .nan, maxDelay: .seconds(-5), jitter: 7
    )
    #expect(policy.initialDelay == .zero)
    #expect(policy.multiplier == 1)
    #expect(policy.maxDelay == .zero)
    #expect(policy.jitter == 1)
    #expect(RetryPolicy(multiplier: 0.5).multiplier == 1)
    #expect(RetryPolicy(jitter: -1).jitter == 0)
    #expect(RetryPolicy.JitterSource.fixed(4).nextFraction() == 1)
    #expect(RetryPolicy.JitterSource.fixed(.nan).nextFraction() == 0)
  }

  @Test("delays grow by the multiplier, stop at maxDelay, and jitter only shortens them")
  func delayFormula() {
    let policy = RetryPolicy(initialDelay: .seconds(1), multiplier: 3, maxDelay: .seconds(10), jitter: 0.5)
    #expect(policy.delay(beforeRetry: 1, jitterFraction: 0) == .seconds(1))
    #expect(policy.delay(beforeRetry: 2, jitterFraction: 0) == .seconds(3))
    #expect(policy.delay(beforeRetry: 3, jitterFraction: 0) == .seconds(9))
    #expect(policy.delay(beforeRetry: 4, jitterFraction: 0) == .seconds(10))
    #expect(policy.delay(beforeRetry: 4, jitterFraction: 1) == .seconds(5))
    #expect(policy.delay(beforeRetry: 10_000, jitterFraction: 0) == .seconds(10))
    #expect(policy.delay(beforeRetry: .min, jitterFraction: 0) == .seconds(1))
    #expect(RetryPolicy.immediate(maxAttempts: 3).delay(beforeRetry: 2, jitterFraction: 0.3) == .zero)
  }

  @Test("the wait draws its jitter fraction from the injected source")
  func jitterSourceIsUsed() {
    let fractions = LockIsolated([0.0, 1.0, 0.5])
    let source = RetryPolicy.JitterSource { fractions.withValue { $0.removeFirst() } }
    let policy = RetryPolicy(initialDelay: .seconds(2), multiplier: 1, jitter: 1, jitterSource: source)
    #expect(policy.delay(beforeRetry: 1) == .seconds(2))
    #expect(policy.delay(beforeRetry: 1) == .zero)
    #expect(policy.delay(beforeRetry: 1) == .seconds(1))
    let random = RetryPolicy(initialDelay: .seconds(1), multiplier: 1, jitter: 0.5).delay(beforeRetry: 1)
    #expect(random >= .milliseconds(500) && random <= .seconds(1))
  }

  @Test("retries of a pipeline step happen inside the step")
  func retryInsidePipeline() async throws {
    let attempts = Counter()
    let pipeline = adding(1, name: "Prepare")
      .then(
        ClosureSkill<Int, Int>("Upload") { value, _ in
          if attempts.increment() < 2 { throw StubError("busy") }
          return value * 10
        }
        .retry(policy(maxAttempts: 2))
      )
    #expect(try await Harness().run(pipeline, 1) == 20)
    #expect(pipeline.name == "Pipeline(Prepare,Upload)")
  }
}
