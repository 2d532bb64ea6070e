import AgentSkillLLM
import Foundation
import Testing

@Suite("RetryPolicy", .timeLimit(.minutes(5)))
struct RetryPolicyTests {
  @Test func backoffGrowsExponentiallyUpToTheMaximum() {
    let policy = RetryPolicy(
      maxRetries: 6, initialBackoff: .seconds(1), multiplier: 3, maximumBackoff: .seconds(20), jitter: 0)
    let delays = (0..<6).map { policy.delay(beforeRetry: $0, status: 503, retryAfter: nil, random: 0.5) }
    #expect(delays == [.seconds(1), .seconds(3), .seconds(9), .seconds(20), .seconds(20), .seconds(20)])
    #expect(policy.delay(beforeRetry: 6, status: 503, retryAfter: nil, random: 0) == nil)
  }

  @Test func jitterTakesOffAtMostItsFraction() {
    let policy = RetryPolicy(initialBackoff: .seconds(10), jitter: 0.3)
    #expect(policy.delay(beforeRetry: 0, status: 429, retryAfter: nil, random: 0) == .seconds(10))
    #expect(policy.delay(beforeRetry: 0, status: 429, retryAfter: nil, random: 1) == .seconds(7))
    #expect(policy.delay(beforeRetry: 0, status: 429, retryAfter: nil, random: 0.5) == .milliseconds(8500))
  }

  @Test func onlyRetryableStatusesAreRetried() {
    let policy = RetryPolicy.standard
    for status in [408, 409, 429, 500, 502, 503, 504, 529] {
      #expect(policy.delay(beforeRetry: 0, status: status, retryAfter: nil, random: 0) != nil, "\(status)")
    }
    for status in [400, 401, 403, 404, 413, 422, 501] {
      #expect(policy.delay(beforeRetry: 0, status: status, retryAfter: nil, random: 0) == nil, "\(status)")
    }
    #expect(RetryPolicy.none.delay(beforeRetry: 0, status: 503, retryAfter: nil, random: 0) == nil)
  }

  @Test func retryAfterWinsUnlessItIsTooLong() {
    let policy = RetryPolicy(maximumRetryAfter: .seconds(30))
    #expect(policy.delay(beforeRetry: 0, status: 429, retryAfter: .seconds(12), random: 1) == .seconds(12))
    #expect(policy.delay(beforeRetry: 0, status: 429, retryAfter: .seconds(31), random: 0) == nil)
  }

  @Test func parsesRetryAfterSecondsAndDates() throws {
    #expect(RetryPolicy.parseRetryAfter("20") == .seconds(20))
    #expect(RetryPolicy.parseRetryAfter(" 1.5 ") == .milliseconds(1500))
    #expect(RetryPolicy.parseRetryAfter("soon") == nil)
    #expect(RetryPolicy.parseRetryAfter("-3") == nil)
    let now = try #require(ISO8601DateFormatter().date(from: "2015-10-21T07:28:00Z"))
    #expect(RetryPolicy.parseRetryAfter("Wed, 21 Oct 2015 07:28:30 GMT", now: now) == .seconds(30))
    #expect(RetryPolicy.parseRetryAfter("Wed, 21 Oct 2015 07:27:00 GMT", now: now) == .zero)
  }

  @Test func invalidSettingsAreClamped() {
    let policy = RetryPolicy(maxRetries: -2, multiplier: .nan, jitter: 7)
    #expect(policy.maxRetries == 0)
    #expect(policy.multiplier == 1)
    #expect(policy.jitter == 1)
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

  @Test func transientErrorsAreMarked() {
    #expect(LanguageModelError.httpStatus(code: 503, message: nil).isTransient)
    #expect(!LanguageModelError.httpStatus(code: 401, message: nil).isTransient)
    #expect(LanguageModelError.streamEndedEarly(reason: "x").isTransient)
    #expect(!LanguageModelError.malformedResponse(reason: "x", snippet: "").isTransient)
  }
}
