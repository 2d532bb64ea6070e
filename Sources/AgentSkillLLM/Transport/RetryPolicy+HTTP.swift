import AgentSkill
import Foundation

extension RetryPolicy {
  /// How long a provider waits before its next attempt, after attempt number
  /// `attempt` (from 1) was answered with an error status, or `nil` to give up.
  ///
  /// The policy's ``RetryPolicy/maxAttempts`` and ``RetryPolicy/shouldRetry``
  /// decide whether to retry (the latter receives the ``LanguageModelError``
  /// the attempt fails with). A wait the server asked for (``RetryAfter``)
  /// replaces the computed backoff when it is no longer than
  /// ``RetryPolicy/maxDelay``; a server asking for more fails at once.
  ///
  /// - Parameters:
  ///   - attempt: How many attempts were made, from 1.
  ///   - error: The error the attempt fails with.
  ///   - requested: The wait the server asked for, when it did.
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
///
/// Read in this order: `retry-after-ms`; `Retry-After` as seconds, an HTTP
/// date (RFC 9110 IMF-fixdate) or an RFC 3339 timestamp; and, for a 429 only,
/// the vendors' rate-limit reset headers — OpenAI's `x-ratelimit-reset-requests`
/// / `-tokens` (durations such as `1s`, `6m0s`, `20ms`) and Anthropic's
/// `anthropic-ratelimit-requests-reset` / `-tokens-reset` /
/// `-input-tokens-reset` / `-output-tokens-reset` (RFC 3339 timestamps). Of
/// the reset headers, those whose limit is used up (`…-remaining: 0`) count;
/// when none says so, the latest reset does. Dates are measured from the
/// response's own `Date` header when it has one, so a skewed local clock
/// does not lengthen or shorten the wait.
enum RetryAfter {
  /// Parses a `Retry-After` value: delay seconds (`"20"`, `"1.5"`), an HTTP
  /// date or an RFC 3339 timestamp, relative to `now`.
  ///
  /// - Parameters:
  ///   - value: The header value.
  ///   - now: The current date, for the date forms.
  /// - Returns: The delay, or `nil` when the value is not understood.
  static func parse(_ value: String, now: Date = Date()) -> Duration? {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    if let seconds = Double(trimmed) { return duration(seconds: seconds) }
    guard let date = httpDate(trimmed) ?? timestamp(trimmed) else { return nil }
    return duration(seconds: max(0, date.timeIntervalSince(now)))
  }

  /// The wait a response with `status` asks for (see ``RetryAfter``).
  ///
  /// - Parameters:
  ///   - headers: The response headers.
  ///   - status: The HTTP status; the vendors' reset headers count for 429 only.
  ///   - now: The local date, used when the response has no readable `Date` header.
  /// - Returns: The requested wait, if any.
  static func requested(in headers: HTTPHeaderFields, status: Int = 429, now: Date = Date()) -> Duration? {
    if let milliseconds = headers["retry-after-ms"].flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }),
      milliseconds.isFinite, milliseconds >= 0, milliseconds < 1e12
    {
      return .milliseconds(Int64(milliseconds.rounded()))
    }
    let serverNow = headers["date"].flatMap { httpDate($0.trimmingCharacters(in: .whitespaces)) } ?? now
    if let wait = headers["retry-after"].flatMap({ parse($0, now: serverNow) }) { return wait }
    guard status == 429 else { return nil }
    return vendorReset(in: headers, now: serverNow)
  }

  /// The limits whose reset headers are read: (reset header, remaining header, value form).
  private static let resetHeaders: [(reset: String, remaining: String, isTimestamp: Bool)] = [
    ("x-ratelimit-reset-requests", "x-ratelimit-remaining-requests", false),
    ("x-ratelimit-reset-tokens", "x-ratelimit-remaining-tokens", false),
    ("anthropic-ratelimit-requests-reset", "anthropic-ratelimit-requests-remaining", true),
    ("anthropic-ratelimit-tokens-reset", "anthropic-ratelimit-tokens-remaining", true),
    ("anthropic-ratelimit-input-tokens-reset", "anthropic-ratelimit-input-tokens-remaining", true),
    ("anthropic-ratelimit-output-tokens-reset", "anthropic-ratelimit-output-tokens-remaining", true),
  ]

  /// The wait until the exhausted limits reset, or the latest reset when none is marked exhausted.
  private static func vendorReset(in headers: HTTPHeaderFields, now: Date) -> Duration? {
    var exhausted: [Duration] = []
    var all: [Duration] = []
    for limit in resetHeaders {
      guard let value = headers[limit.reset]?.trimmingCharacters(in: .whitespaces) else { continue }
      let wait: Duration?
      if limit.isTimestamp {
        wait = timestamp(value).flatMap { duration(seconds: max(0, $0.timeIntervalSince(now))) }
      } else {
        wait = goDuration(value)
      }
      guard let wait else { continue }
      all.append(wait)
      if headers[limit.remaining]?.trimmingCharacters(in: .whitespaces) == "0" { exhausted.append(wait) }
    }
    return (exhausted.isEmpty ? all : exhausted).max()
  }

  /// `seconds` as a duration, or `nil` when negative, not finite or absurdly long.
  private static func duration(seconds: Double) -> Duration? {
    guard seconds.isFinite, seconds >= 0, seconds < 1e9 else { return nil }
    return .milliseconds(Int64((seconds * 1000).rounded()))
  }

  /// An RFC 9110 IMF-fixdate such as `Wed, 21 Oct 2015 07:28:00 GMT`.
  static func httpDate(_ value: String) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    return formatter.date(from: value)
  }

  /// An RFC 3339 timestamp such as `2015-10-21T07:28:00Z` or `2015-10-21T07:28:00.250+02:00`.
  static func timestamp(_ value: String) -> Date? {
    guard value.count >= 20, value.contains("T") || value.contains("t") else { return nil }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = formatter.date(from: value) { return date }
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.date(from: value)
  }

  /// A Go-style duration as OpenAI sends it: `1s`, `6m0s`, `20ms`, `1h2m3.5s`.
  static func goDuration(_ value: String) -> Duration? {
    let units: [(suffix: String, seconds: Double)] = [
      ("ms", 1e-3), ("us", 1e-6), ("µs", 1e-6), ("ns", 1e-9), ("h", 3600), ("m", 60), ("s", 1),
    ]
    var rest = Substring(value)
    var total = 0.0
    guard !rest.isEmpty else { return nil }
    while !rest.isEmpty {
      let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
      guard !number.isEmpty, let amount = Double(number) else { return nil }
      rest = rest.dropFirst(number.count)
      guard let unit = units.first(where: { rest.hasPrefix($0.suffix) }) else { return nil }
      rest = rest.dropFirst(unit.suffix.count)
      total += amount * unit.seconds
    }
    return duration(seconds: total)
  }
}
