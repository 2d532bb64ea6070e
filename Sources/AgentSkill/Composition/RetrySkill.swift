/// A skill that runs again after a retryable failure, waiting with
/// exponential backoff and jitter on the injected clock. Built with
/// ``Skill/retry(_:)``.
///
/// ```swift
/// let load = LoadFeedSkill().retry(RetryPolicy(maxAttempts: 3, initialDelay: .seconds(1)))
/// ```
///
/// What ``Skill/retry(_:)`` returns; its documentation describes the behaviour.
public struct RetrySkill<Base: Skill>: Skill {
  /// The skill that is retried.
  package let base: Base
  /// How it is retried.
  package let policy: RetryPolicy

  /// Wraps `base`; prefer ``Skill/retry(_:)``.
  ///
  /// - Parameters:
  ///   - base: The skill to retry.
  ///   - policy: How to retry.
  package init(_ base: Base, policy: RetryPolicy) {
    self.base = base
    self.policy = policy
  }

  /// The base skill's name.
  public var name: String { base.name }

  /// Checks `input` with the base skill's ``Skill/validate(_:)``.
  ///
  /// - Parameter input: The input.
  /// - Throws: The base skill's ``SkillInputRejection``.
  public func validate(_ input: Base.Input) throws(SkillInputRejection) {
    try base.validate(input)
  }

  /// Runs the base skill until it succeeds, fails with an error the policy
  /// does not retry, or runs out of attempts.
  ///
  /// - Parameters:
  ///   - input: The base skill's input, given to every attempt.
  ///   - context: The run's context.
  /// - Returns: The output of the first successful attempt.
  /// - Throws: ``RetryExhaustedError`` after the last attempt failed, a
  ///   non-retryable error unchanged, or `CancellationError`.
  public func run(_ input: Base.Input, context: SkillContext) async throws -> Base.Output {
    let maxAttempts = policy.maxAttempts
    var attempt = 1
    while true {
      do {
        var attemptContext = context
        attemptContext.attempt = attempt
        return try await base.run(input, context: attemptContext)
      } catch {
        if isCancellation(error) || !policy.shouldRetry(error) { throw error }
        guard attempt < maxAttempts else {
          context.logger.warning("attempt \(attempt)/\(maxAttempts) failed: \(describe(error)); giving up")
          throw RetryExhaustedError(skillName: base.name, attempts: attempt, underlying: error)
        }
        let delay = policy.delay(beforeRetry: attempt)
        context.logger.warning("attempt \(attempt)/\(maxAttempts) failed: \(describe(error)); retrying in \(delay)")
        try await context.sleep(for: delay)
        attempt += 1
      }
    }
  }
}

extension Skill {
  /// This skill, run again after retryable failures as `policy` says.
  ///
  /// ```swift
  /// let load = LoadFeedSkill().retry(RetryPolicy(maxAttempts: 4, initialDelay: .milliseconds(500)))
  /// ```
  ///
  /// - Each attempt gets the same input and context, with
  ///   ``SkillContext/attempt`` counting from 1. Progress restarts with each
  ///   attempt; a ``SkillRunner`` never shows it going backwards.
  /// - Before each retry it logs a warning with the attempt, the error and the
  ///   wait: `attempt 1/3 failed: timed out; retrying in 1.0 seconds`.
  /// - An error the policy does not retry is thrown unchanged at once.
  /// - When every attempt failed it throws ``RetryExhaustedError`` with the
  ///   attempt count and the last error.
  /// - Cancellation — during an attempt or a wait — ends the retries at once
  ///   with `CancellationError`.
  ///
  /// - Parameter policy: Attempts, backoff and which errors to retry.
  ///   Defaults to 3 attempts, 1 s doubling up to 30 s, 20 % jitter.
  /// - Returns: The retrying skill.
  public func retry(_ policy: RetryPolicy = RetryPolicy()) -> RetrySkill<Self> {
    RetrySkill(self, policy: policy)
  }
}
