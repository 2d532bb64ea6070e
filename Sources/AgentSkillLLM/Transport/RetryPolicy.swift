import Foundation

/// How a provider retries a request the server answered with a transient
/// status (429 and 5xx by default): bounded attempts, exponential backoff
/// with jitter, and the server's `Retry-After` honoured.
///
/// Retries happen only before any of the answer has been delivered; a stream
/// that fails midway is never replayed. Backoff sleeps on the model's clock,
/// so tests drive it with `TestClock`.
///
/// ```swift
/// let model = OpenAICompatibleModel(
///   baseURL: url, model: "gpt-4o-mini",
///   retryPolicy: RetryPolicy(maxRetries: 4, initialBackoff: .seconds(1))
/// )
/// ```
public struct RetryPolicy: Sendable, Hashable {
  /// Retries after the first attempt; `0` disables retrying.
  public var maxRetries: Int
  /// The wait before the first retry.
  public var initialBackoff: Duration
  /// What each further wait is multiplied by.
  public var multiplier: Double
  /// The longest computed wait.
  public var maximumBackoff: Duration
  /// The fraction of each computed wait taken off at random (0 = none,
  /// 0.5 = waits between 50 % and 100 % of the computed value), so many
  /// clients do not retry in lockstep. A server's `Retry-After` is not jittered.
  public var jitter: Double
  /// The statuses worth retrying.
  public var retryableStatuses: Set<Int>
  /// The longest `Retry-After` the policy waits for; a server asking for
  /// more fails at once with ``LanguageModelError/rateLimited(retryAfter:message:)``.
  public var maximumRetryAfter: Duration

  /// Creates a policy.
  ///
  /// - Parameters:
  ///   - maxRetries: Retries after the first attempt. Defaults to 2.
  ///   - initialBackoff: The first wait. Defaults to 1 second.
  ///   - multiplier: The growth factor. Defaults to 2.
  ///   - maximumBackoff: The longest computed wait. Defaults to 30 seconds.
  ///   - jitter: The random fraction taken off each wait, 0…1. Defaults to 0.25.
  ///   - retryableStatuses: Statuses to retry. Defaults to 408, 409, 429, 500, 502, 503, 504 and 529.
  ///   - maximumRetryAfter: The longest `Retry-After` to wait for. Defaults to 60 seconds.
  public init(
    maxRetries: Int = 2,
    initialBackoff: Duration = .seconds(1),
    multiplier: Double = 2,
    maximumBackoff: Duration = .seconds(30),
    jitter: Double = 0.25,
    retryableStatuses: Set<Int> = [408, 409, 429, 500, 502, 503, 504, 529],
    maximumRetryAfter: Duration = .seconds(60)
  ) {
    self.maxRetries = max(0, maxRetries)
    self.initialBackoff = max(.zero, initialBackoff)
    self.multiplier = multiplier.isFinite ? max(1, multiplier) : 1
    self.maximumBackoff = max(.zero, maximumBackoff)
    self.jitter = jitter.isFinite ? min(max(jitter, 0), 1) : 0
    self.retryableStatuses = retryableStatuses
    self.maximumRetryAfter = max(.zero, maximumRetryAfter)
  }

  /// No retries.
  public static let none = RetryPolicy(maxRetries: 0)

  /// The default: two retries starting at one second.
  public static let standard = RetryPolicy()

  /// The wait before retry number `retry` (0 for the first retry), or `nil`
  /// when the policy gives up.
  ///
  /// - Parameters:
  ///   - retry: How many retries were already made.
  ///   - status: The status of the failed attempt.
  ///   - retryAfter: The server's `Retry-After`, when it sent one.
  ///   - random: A value in 0..<1 that picks the jitter.
  /// - Returns: How long to wait, or `nil` to stop retrying.
  public func delay(beforeRetry retry: Int, status: Int, retryAfter: Duration?, random: Double) -> Duration? {
    guard retry < maxRetries, retryableStatuses.contains(status) else { return nil }
    if let retryAfter {
      return retryAfter <= maximumRetryAfter ? max(.zero, retryAfter) : nil
    }
    let factor = pow(multiplier, Double(retry))
    var backoff = initialBackoff * factor
    if backoff > maximumBackoff || !factor.isFinite { backoff = maximumBackoff }
    let fraction = 1 - jitter * min(max(random, 0), 1)
    return backoff * fraction
  }

  /// Parses a `Retry-After` value: delay seconds (`"20"`, `"1.5"`) or an
  /// HTTP date, relative to `now`.
  ///
  /// - Parameters:
  ///   - value: The header value.
  ///   - now: The current date, for the date form.
  /// - Returns: The delay, or `nil` when the value is not understood.
  public static func parseRetryAfter(_ value: String, now: Date = Date()) -> Duration? {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    if let seconds = Double(trimmed), seconds.isFinite, seconds >= 0, seconds < 1e9 {
      return .milliseconds(Int64((seconds * 1000).rounded()))
    }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    guard let date = formatter.date(from: trimmed) else { return nil }
    let seconds = max(0, date.timeIntervalSince(now))
    return .milliseconds(Int64((seconds * 1000).rounded()))
  }

  /// The wait a response asks for through `retry-after-ms` or `Retry-After`.
  ///
  /// - Parameter headers: The response headers.
  /// - Returns: The requested wait, if any.
  static func retryAfter(in headers: HTTPHeaderFields) -> Duration? {
    if let milliseconds = headers["retry-after-ms"].flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }),
      milliseconds.isFinite, milliseconds >= 0, milliseconds < 1e12
    {
      return .milliseconds(Int64(milliseconds.rounded()))
    }
    return headers["retry-after"].flatMap { parseRetryAfter($0) }
  }
}
