import AgentSkill
import Foundation
import Testing

@testable import AgentSkillLLM

/// Providers retry with the core `RetryPolicy`; this file imports both
/// modules and names the type, so a second `RetryPolicy` in AgentSkillLLM
/// would not compile ("'RetryPolicy' is ambiguous for type lookup").
@Suite("HTTP retries by RetryPolicy", .timeLimit(.minutes(5)))
struct HTTPRetryTests {
  private let unavailable = LanguageModelError.httpStatus(code: 503, message: nil)

  @Test func backoffGrowsExponentiallyUpToTheMaximumAndStopsAfterTheLastAttempt() {
    let policy = RetryPolicy(
      maxAttempts: 7, initialDelay: .seconds(1), multiplier: 3, maxDelay: .seconds(20), jitter: 0)
    let delays = (1...6).map { policy.delay(afterFailedAttempt: $0, with: unavailable, requested: nil) }
    #expect(delays == [.seconds(1), .seconds(3), .seconds(9), .seconds(20), .seconds(20), .seconds(20)])
    #expect(policy.delay(afterFailedAttempt: 7, with: unavailable, requested: nil) == nil)
  }

  @Test func jitterTakesOffAtMostItsFraction() {
    for (fraction, expected) in [(0.0, Duration.seconds(10)), (1, .seconds(7)), (0.5, .milliseconds(8500))] {
      let policy = RetryPolicy(initialDelay: .seconds(10), jitter: 0.3, jitterSource: .fixed(fraction))
      let error = LanguageModelError.rateLimited(retryAfter: nil, message: nil)
      #expect(policy.delay(afterFailedAttempt: 1, with: error, requested: nil) == expected)
    }
  }

  @Test func onlyRetryableStatusesAreRetriedByDefault() {
    let policy = RetryPolicy()
    for status in [408, 409, 500, 502, 503, 504, 520, 529] {
      let error = LanguageModelError.httpStatus(code: status, message: nil)
      #expect(error.isRetryable, "\(status)")
      #expect(policy.delay(afterFailedAttempt: 1, with: error, requested: nil) != nil, "\(status)")
    }
    #expect(
      policy.delay(afterFailedAttempt: 1, with: .rateLimited(retryAfter: nil, message: nil), requested: nil) != nil)
    for status in [400, 401, 403, 404, 413, 422, 501, 505] {
      let error = LanguageModelError.httpStatus(code: status, message: nil)
      #expect(!error.isRetryable, "\(status)")
      #expect(policy.delay(afterFailedAttempt: 1, with: error, requested: nil) == nil, "\(status)")
    }
    #expect(RetryPolicy.never.delay(afterFailedAttempt: 1, with: unavailable, requested: nil) == nil)
  }

  @Test func shouldRetryDecidesWithTheProviderError() {
    let policy = RetryPolicy(jitter: 0) { error in
      (error as? LanguageModelError) == .httpStatus(code: 501, message: nil)
    }
    #expect(
      policy.delay(afterFailedAttempt: 1, with: .httpStatus(code: 501, message: nil), requested: nil) == .seconds(1))
    #expect(policy.delay(afterFailedAttempt: 1, with: unavailable, requested: nil) == nil)
  }

  @Test func retryAfterWinsUnlessItIsLongerThanTheMaximumDelay() {
    let policy = RetryPolicy(maxDelay: .seconds(30))
    let limited = LanguageModelError.rateLimited(retryAfter: .seconds(12), message: nil)
    #expect(policy.delay(afterFailedAttempt: 1, with: limited, requested: .seconds(12)) == .seconds(12))
    #expect(policy.delay(afterFailedAttempt: 1, with: limited, requested: .seconds(31)) == nil)
  }

  @Test func parsesRetryAfterSecondsAndDates() throws {
    #expect(RetryAfter.parse("20") == .seconds(20))
    #expect(RetryAfter.parse(" 1.5 ") == .milliseconds(1500))
    #expect(RetryAfter.parse("soon") == nil)
    #expect(RetryAfter.parse("-3") == nil)
    let now = try #require(ISO8601DateFormatter().date(from: "2015-10-21T07:28:00Z"))
    #expect(RetryAfter.parse("Wed, 21 Oct 2015 07:28:30 GMT", now: now) == .seconds(30))
    #expect(RetryAfter.parse("Wed, 21 Oct 2015 07:27:00 GMT", now: now) == .zero)
    #expect(RetryAfter.requested(in: ["retry-after-ms": "1500", "Retry-After": "9"]) == .milliseconds(1500))
    #expect(RetryAfter.requested(in: ["Retry-After": "9"]) == .seconds(9))
  }

  @Test func parsesGoDurationsAsOpenAISendsThem() {
    #expect(RetryAfter.goDuration("1s") == .seconds(1))
    #expect(RetryAfter.goDuration("6m0s") == .seconds(360))
    #expect(RetryAfter.goDuration("20ms") == .milliseconds(20))
    #expect(RetryAfter.goDuration("1h2m3.5s") == .milliseconds(3_723_500))
    #expect(RetryAfter.goDuration("0.5s") == .milliseconds(500))
    for bad in ["", "s", "5", "5x", "-1s", "1.2.3s", "1s2"] {
      #expect(RetryAfter.goDuration(bad) == nil, "\(bad)")
    }
  }

  @Test func parsesRFC3339TimestampsInRetryAfterAndResets() throws {
    let now = try #require(RetryAfter.timestamp("2015-10-21T07:28:00Z"))
    #expect(RetryAfter.parse("2015-10-21T07:28:30Z", now: now) == .seconds(30))
    #expect(RetryAfter.parse("2015-10-21T09:28:01.5+02:00", now: now) == .milliseconds(1500))
    #expect(RetryAfter.timestamp("2015-10-21 07:28:00") == nil)
    let headers: HTTPHeaderFields = [
      "anthropic-ratelimit-requests-remaining": "0", "anthropic-ratelimit-requests-reset": "2015-10-21T07:28:04Z",
      "anthropic-ratelimit-tokens-remaining": "10", "anthropic-ratelimit-tokens-reset": "2015-10-21T07:29:00Z",
    ]
    #expect(RetryAfter.requested(in: headers, status: 429, now: now) == .seconds(4))
    #expect(RetryAfter.requested(in: headers, status: 503, now: now) == nil)
    // Without a `…-remaining: 0`, the latest reset counts.
    var unmarked = headers
    unmarked["anthropic-ratelimit-requests-remaining"] = nil
    #expect(RetryAfter.requested(in: unmarked, status: 429, now: now) == .seconds(60))
    // `Retry-After` wins over reset headers; the response's `Date` over the local date.
    unmarked["retry-after"] = "2"
    #expect(RetryAfter.requested(in: unmarked, status: 429, now: now) == .seconds(2))
    let dated: HTTPHeaderFields = ["Date": "Wed, 21 Oct 2015 07:28:00 GMT", "Retry-After": "2015-10-21T07:28:09Z"]
    #expect(RetryAfter.requested(in: dated, status: 503, now: Date()) == .seconds(9))
  }
}

@Suite("HTTPHeaderFields", .timeLimit(.minutes(5)))
struct HTTPHeaderFieldsTests {
  @Test func lookupIgnoresCaseAndKeepsOrder() {
    var headers: HTTPHeaderFields = ["Content-Type": "application/json", "X-A": "1"]
    headers["content-type"] = "text/plain"
    headers["X-B"] = "2"
    #expect(headers["CONTENT-TYPE"] == "text/plain")
    #expect(headers.map(\.name) == ["Content-Type", "X-A", "X-B"])
    headers["x-a"] = nil
    #expect(headers.count == 2)
  }

  @Test func appendKeepsDuplicatesUntilReplaced() {
    var headers = HTTPHeaderFields()
    headers.append(name: "Set-Cookie", value: "a")
    headers.append(name: "set-cookie", value: "b")
    #expect(headers.count == 2)
    headers["Set-Cookie"] = "c"
    #expect(headers.count == 1)
    #expect(headers["set-cookie"] == "c")
  }

  @Test func mergeReplacesAndAdds() {
    var headers: HTTPHeaderFields = ["Accept": "a", "X": "1"]
    headers.merge(["accept": "b", "Y": "2"])
    #expect(headers["Accept"] == "b")
    #expect(headers["y"] == "2")
    #expect(headers.count == 3)
  }

  @Test func descriptionRedactsCredentials() {
    let headers: HTTPHeaderFields = ["Authorization": "Bearer sk-live", "x-api-key": "k-123", "Accept": "*/*"]
    #expect(headers.description == "Authorization: [REDACTED]\nx-api-key: [REDACTED]\nAccept: */*")
  }
}

@Suite("LanguageModelError", .timeLimit(.minutes(5)))
struct LanguageModelErrorTests {
  @Test(arguments: [
    (401, "API key"), (403, "permissions"), (404, "base URL"), (400, "tool schemas"), (413, "shorten"),
    (500, "try again later"), (503, "try again later"),
  ])
  func statusMessagesSayWhatToDo(code: Int, advice: String) {
    #expect(LanguageModelError.httpStatus(code: code, message: nil).description.contains(advice))
  }

  @Test func everyCaseExplainsItself() {
    let errors: [LanguageModelError] = [
      .rateLimited(retryAfter: .seconds(20), message: "Rate limit reached"),
      .timedOut(after: .milliseconds(1500)),
      .cancelled,
      .connectionFailed(reason: "Connection refused"),
      .malformedResponse(reason: "the body is not JSON", snippet: "<html>"),
      .streamEndedEarly(reason: "no [DONE]"),
      .providerError(type: "overloaded_error", message: "Overloaded"),
      .invalidRequest(reason: "missing id"),
    ]
    for error in errors {
      #expect(error.description.count > 40, "\(error)")
      #expect(error.errorDescription == error.description)
    }
    #expect(errors[0].description.contains("20 s"))
    #expect(errors[1].description.contains("1.5 s"))
    #expect(errors[4].description.contains("<html>"))
    #expect(errors[6].description.contains("retry in a little while"))
  }

  @Test func transientErrorsAreRetryable() {
    #expect(LanguageModelError.httpStatus(code: 503, message: nil).isRetryable)
    #expect(!LanguageModelError.httpStatus(code: 401, message: nil).isRetryable)
    #expect(LanguageModelError.streamEndedEarly(reason: "x").isRetryable)
    #expect(!LanguageModelError.malformedResponse(reason: "x", snippet: "").isRetryable)
    #expect(RetryPolicy.defaultShouldRetry(LanguageModelError.timedOut(after: .seconds(1))))
    #expect(!RetryPolicy.defaultShouldRetry(LanguageModelError.invalidRequest(reason: "x")))
  }
}
