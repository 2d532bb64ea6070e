import AgentSkill
import Foundation

extension RetryPolicy {
  /// How long a provider waits before its next attempt, after attempt number
  /// `attempt` (from 1) was answered with an error status, or `nil` to give up.
  ///
  /// The policy's ``RetryPolicy/maxAttempts`` and ``RetryPolicy/shouldRetry``
  /// decide whether to retry (the latter receives the ``LanguageModelError``
  /// the attempt fails with). A wait the server asked for (`Retry-After`)
  /// replaces the computed backoff when it is no longer than
  /// ``RetryPolicy/maxDelay``; a server asking for more fails at once.
  ///
  /// - Parameters:
  ///   - attempt: How many attempts were made, from 1.
  ///   - error: The error the attempt fails with.
  ///   - requested: The server's `Retry-After`, when it sent one.
  /// - Returns: The wait, or `nil` to stop retrying.
  func delay(afterFailedAttempt attempt: Int, with error: LanguageModelError, requested: Duration?) -> Duration? {
    guard attempt < maxAttempts, shouldRetry(error) else { return nil }
    if let requested {
      return requested <= maxDelay ? max(.zero, requested) : nil
    }
    return delay(beforeRetry: attempt)
  }
}

/// The wait an HTTP response asks for before the next request.
enum RetryAfter {
  /// Parses a `Retry-After` value: delay seconds (`"20"`, `"1.5"`) or an
  /// HTTP date, relative to `now`.
  ///
  /// - Parameters:
  ///   - value: The header value.
  ///   - now: The current date, for the date form.
  /// - Returns: The delay, or `nil` when the value is not understood.
  static func parse(_ value: String, now: Date = Date()) -> Duration? {
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
  static func requested(in headers: HTTPHeaderFields) -> Duration? {
    if let milliseconds = headers["retry-after-ms"].flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }),
      milliseconds.isFinite, milliseconds >= 0, milliseconds < 1e12
    {
      return .milliseconds(Int64(milliseconds.rounded()))
    }
    return headers["retry-after"].flatMap { parse($0) }
  }
}
