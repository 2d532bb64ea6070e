import Foundation

/// How ``Skill/retry(_:)`` retries: how many attempts, how long to wait
/// between them (exponential backoff with jitter, on the injected clock) and
/// which errors are worth retrying.
///
/// ```swift
/// // maxAttempts: 4 = the first try and three retries
/// let load = LoadFeedSkill().retry(RetryPolicy(maxAttempts: 4, initialDelay: .milliseconds(500)))
/// ```
///
/// The same type configures the list feature's built-in skills and the
/// language model providers of `AgentSkillLLM`, which retry answers with an
/// error status by it (honouring the server's `Retry-After`).
///
/// The wait before retry `n` (1 for the first retry) is
/// `min(initialDelay × multiplier^(n-1), maxDelay) × (1 − jitter × r)`,
/// where `r` in 0…1 comes from the policy's random source. Jitter only shortens a wait,
/// so no wait exceeds ``maxDelay``; `jitter` 0.5 is "equal jitter", 1 is
/// "full jitter".
///
/// Out-of-range values are clamped rather than rejected, so a policy is
/// always usable: ``maxAttempts`` is at least 1, durations are at least zero,
/// ``multiplier`` is at least 1 (and 1 when not finite), ``jitter`` is within 0…1.
public struct RetryPolicy: Sendable {
  /// Where the random fraction `r` for jitter comes from.
  ///
  /// Tests inject a fixed value so waits are exact:
  ///
  /// ```swift
  /// RetryPolicy(initialDelay: .seconds(1), jitter: 0.5, jitterSource: .fixed(0.5))   // waits 0.75 s, 1.5 s, …
  /// ```
  package struct JitterSource: Sendable {
    private let next: @Sendable () -> Double

    /// A source that calls `next` for each wait; values outside 0…1 (and NaN) are clamped.
    ///
    /// - Parameter next: Returns the next fraction.
    package init(_ next: @escaping @Sendable () -> Double) {
      self.next = next
    }

    /// Uniformly random fractions from the system generator.
    package static let random = JitterSource { Double.random(in: 0...1) }

    /// Always `fraction` (clamped to 0…1).
    ///
    /// - Parameter fraction: The value to return.
    /// - Returns: A deterministic source.
    package static func fixed(_ fraction: Double) -> JitterSource {
      JitterSource { fraction }
    }

    /// The next fraction, within 0…1.
    package func nextFraction() -> Double {
      let value = next()
      guard !value.isNaN else { return 0 }
      return min(max(value, 0), 1)
    }
  }

  /// The most times the skill runs in all — attempts, not retries: the
  /// first try counts, so the most retries is `maxAttempts - 1`; at least 1.
  ///
  /// ```swift
  /// let policy = RetryPolicy(maxAttempts: 4)   // the first try and three retries
  /// let once = RetryPolicy(maxAttempts: 1)     // the first try only: no retry
  /// ```
  public var maxAttempts: Int {
    get { storedMaxAttempts }
    set { storedMaxAttempts = max(newValue, 1) }
  }
  /// The wait before the first retry; at least zero.
  public var initialDelay: Duration {
    get { storedInitialDelay }
    set { storedInitialDelay = max(newValue, .zero) }
  }
  /// How much each wait grows over the previous one; at least 1.
  public var multiplier: Double {
    get { storedMultiplier }
    set { storedMultiplier = newValue.isFinite ? max(newValue, 1) : 1 }
  }
  /// The longest wait, before jitter; at least zero.
  public var maxDelay: Duration {
    get { storedMaxDelay }
    set { storedMaxDelay = max(newValue, .zero) }
  }
  /// The largest fraction of a wait that jitter may remove, within 0…1.
  public var jitter: Double {
    get { storedJitter }
    set { storedJitter = newValue.isNaN ? 0 : min(max(newValue, 0), 1) }
  }
  /// Where jitter's random fraction comes from.
  package var jitterSource: JitterSource
  /// Decides whether an error is worth another attempt. Cancellation is
  /// never retried, whatever this returns.
  public var shouldRetry: @Sendable (any Error) -> Bool

  private var storedMaxAttempts = 1
  private var storedInitialDelay = Duration.zero
  private var storedMultiplier = 1.0
  private var storedMaxDelay = Duration.zero
  private var storedJitter = 0.0

  /// Creates a policy.
  ///
  /// - Parameters:
  ///   - maxAttempts: The most times the skill runs, counting the first
  ///     try — attempts, not retries: `4` is the first try and three
  ///     retries. Defaults to 3 (two retries); values below 1 mean 1 (no retry).
  ///   - initialDelay: The wait before the first retry. Defaults to 1 second.
  ///   - multiplier: How much each wait grows. Defaults to 2.
  ///   - maxDelay: The longest wait, before jitter. Defaults to 30 seconds.
  ///   - jitter: The largest fraction of a wait that jitter may remove.
  ///     Defaults to 0.2.
  ///   - shouldRetry: Which errors are retried. Defaults to
  ///     ``defaultShouldRetry(_:)``: everything except cancellation and
  ///     ``RetryableError``s whose ``RetryableError/isRetryable`` is `false`.
  public init(
    maxAttempts: Int = 3,
    initialDelay: Duration = .seconds(1),
    multiplier: Double = 2,
    maxDelay: Duration = .seconds(30),
    jitter: Double = 0.2,
    shouldRetry: @escaping @Sendable (any Error) -> Bool = RetryPolicy.defaultShouldRetry
  ) {
    self.init(
      maxAttempts: maxAttempts, initialDelay: initialDelay, multiplier: multiplier, maxDelay: maxDelay,
      jitter: jitter, jitterSource: .random, shouldRetry: shouldRetry)
  }

  /// A policy whose jitter comes from `jitterSource` (tests pass a fixed fraction).
  package init(
    maxAttempts: Int = 3,
    initialDelay: Duration = .seconds(1),
    multiplier: Double = 2,
    maxDelay: Duration = .seconds(30),
    jitter: Double = 0.2,
    jitterSource: JitterSource,
    shouldRetry: @escaping @Sendable (any Error) -> Bool = RetryPolicy.defaultShouldRetry
  ) {
    self.jitterSource = jitterSource
    self.shouldRetry = shouldRetry
    self.maxAttempts = maxAttempts
    self.initialDelay = initialDelay
    self.multiplier = multiplier
    self.maxDelay = maxDelay
    self.jitter = jitter
  }

  /// Retries at once, without waiting, up to `maxAttempts` attempts in all.
  ///
  /// - Parameter maxAttempts: The most times the skill runs, counting the
  ///   first try: `4` is the first try and three retries.
  /// - Returns: A policy with no backoff.
  public static func immediate(maxAttempts: Int) -> RetryPolicy {
    RetryPolicy(maxAttempts: maxAttempts, initialDelay: .zero, maxDelay: .zero, jitter: 0)
  }

  /// No retry: the work runs once.
  ///
  /// For places that take a policy where a failure must not be repeated,
  /// such as a language model provider's `retryPolicy`.
  public static var never: RetryPolicy { RetryPolicy(maxAttempts: 1, initialDelay: .zero, maxDelay: .zero, jitter: 0) }

  /// The default retry decision: `false` for `CancellationError` and for a
  /// ``RetryableError`` that says it is not retryable, `true` otherwise.
  ///
  /// - Parameter error: The error an attempt threw.
  /// - Returns: Whether to retry.
  public static func defaultShouldRetry(_ error: any Error) -> Bool {
    if error is CancellationError { return false }
    if let error = error as? any RetryableError { return error.isRetryable }
    return true
  }

  /// The wait before retry number `retry` (1 for the first retry), for a
  /// jitter fraction `fraction`.
  ///
  /// ```swift
  /// let policy = RetryPolicy(initialDelay: .seconds(1), multiplier: 2, jitter: 0.5)
  /// policy.delay(beforeRetry: 3, jitterFraction: 0.5)   // 4 s × (1 − 0.5 × 0.5) = 3 s
  /// ```
  ///
  /// - Parameters:
  ///   - retry: Which retry, from 1; values below 1 mean 1.
  ///   - fraction: The random fraction in 0…1 (clamped).
  /// - Returns: The wait, between zero and ``maxDelay``.
  package func delay(beforeRetry retry: Int, jitterFraction fraction: Double) -> Duration {
    guard initialDelay > .zero, maxDelay > .zero else { return .zero }
    let growth = pow(multiplier, Double(max(retry, 1) - 1))
    let ratioToCap = maxDelay / initialDelay
    let capped = growth.isFinite && growth < ratioToCap ? initialDelay * growth : maxDelay
    let r = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
    return capped * (1 - jitter * r)
  }

  /// The wait before retry number `retry`, drawing the jitter fraction from the policy's random source.
  ///
  /// - Parameter retry: Which retry, from 1.
  /// - Returns: The wait, between zero and ``maxDelay``.
  public func delay(beforeRetry retry: Int) -> Duration {
    delay(beforeRetry: retry, jitterFraction: jitterSource.nextFraction())
  }
}
