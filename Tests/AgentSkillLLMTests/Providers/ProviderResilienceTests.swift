import AgentSkill
import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation
import Testing

@Suite("Provider errors, retries and timeouts", .timeLimit(.minutes(5)))
struct ProviderResilienceTests {
  typealias Fixtures = ProviderFixtures

  private let hello = ChatRequest(messages: [.user("hi")])
  private static let ok: JSONValue = ["choices": [["message": ["content": "ok"], "finish_reason": "stop"]]]

  // MARK: Status errors

  @Test func unauthorizedExplainsTheFixAndHidesTheKey() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(
      .json(
        [
          "error": [
            "message": .string(
              "Incorrect API key provided: \(Fixtures.apiKey). You can find your API key in your account."),
            "type": "invalid_request_error", "code": "invalid_api_key",
          ]
        ], status: 401))
    let error = await caughtError { _ = try await Fixtures.openAI(server).respond(to: hello) }
    guard case LanguageModelError.httpStatus(401, let message?)? = error else {
      Issue.record("expected HTTP 401, got \(String(describing: error))")
      return
    }
    #expect(message.hasPrefix("Incorrect API key provided: [REDACTED]."))
    let description = String(describing: try #require(error))
    #expect(description.contains("Check the API key"))
    #expect(!description.contains(Fixtures.apiKey))
  }

  @Test func keysInExtraHeadersAreRedactedToo() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let key = "azure-key-0123456789abcdef"
    server.enqueue(
      .json(["error": ["message": .string("Access denied due to invalid subscription key \(key).")]], status: 401))
    let model = OpenAICompatibleModel(
      baseURL: server.url("/openai"), model: "gpt-4o", extraHeaders: ["api-key": key], retryPolicy: .never)
    let error = await caughtError { _ = try await model.respond(to: hello) }
    #expect(server.requests.first?.headers["api-key"] == key)
    #expect(server.requests.first?.headers["authorization"] == nil)
    let description = String(describing: try #require(error))
    #expect(description.contains("invalid subscription key [REDACTED]"))
    #expect(!description.contains(key))
  }

  @Test func anthropicErrorBodiesGiveTheirMessage() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(
      .json(
        ["type": "error", "error": ["type": "invalid_request_error", "message": "max_tokens: Field required"]],
        status: 400))
    let error = await caughtError { _ = try await Fixtures.anthropic(server).respond(to: hello) }
    #expect(error as? LanguageModelError == .httpStatus(code: 400, message: "max_tokens: Field required"))
  }

  @Test func notFoundSuggestsCheckingTheBaseURL() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.text("404 page not found", status: 404))
    let error = await caughtError { _ = try await Fixtures.openAI(server).respond(to: hello) }
    let description = String(describing: try #require(error))
    #expect(description.contains("HTTP 404"))
    #expect(description.contains("404 page not found"))
    #expect(description.contains("/v1"))
  }

  // MARK: Retries

  @Test func retriesRateLimitsAndServerErrorsWithBackoffOnTheClock() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(
      .json(["error": ["message": "Rate limit reached"]], status: 429, headers: ["Retry-After": "3"]),
      .json(["error": ["message": "overloaded"]], status: 503),
      .text("<html>bad gateway</html>", status: 502, contentType: "text/html"),
      .json(Self.ok))
    let clock = TestClock()
    let policy = RetryPolicy(maxAttempts: 4, initialDelay: .seconds(1), multiplier: 2, jitter: 0)
    let model = Fixtures.openAI(server, clock: clock, retryPolicy: policy)
    let request = hello
    let task = Task { try await model.respond(to: request) }

    await clock.waitForSleepers(1)
    #expect(server.requests.count == 1)
    #expect(clock.pendingDeadlines == [TestClock.Instant(offset: .seconds(3))])  // Retry-After, not the 1 s backoff
    await clock.advance(by: .seconds(3))
    await clock.waitForSleepers(1)
    #expect(server.requests.count == 2)
    #expect(clock.pendingDeadlines == [TestClock.Instant(offset: .seconds(5))])  // second retry: 1 s × 2
    await clock.advance(by: .seconds(2))
    await clock.waitForSleepers(1)
    #expect(clock.pendingDeadlines == [TestClock.Instant(offset: .seconds(9))])  // third retry: 1 s × 4
    await clock.advance(by: .seconds(4))

    #expect(try await task.value.text == "ok")
    #expect(server.requests.count == 4)
    #expect(clock.now.offset == .seconds(9))
  }

  @Test func anthropicOverloadedIsRetried() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(
      .json(["type": "error", "error": ["type": "overloaded_error", "message": "Overloaded"]], status: 529),
      .json(["content": [["type": "text", "text": "ok"]], "stop_reason": "end_turn"]))
    let clock = TestClock()
    let model = Fixtures.anthropic(server, clock: clock, retryPolicy: RetryPolicy(maxAttempts: 2, jitter: 0))
    let request = hello
    let task = Task { try await model.respond(to: request) }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    #expect(try await task.value.text == "ok")
    #expect(server.requests.count == 2)
  }

  @Test func givesUpAfterTheLastRetryWithTheRateLimit() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    for _ in 0..<3 {
      server.enqueue(.json(["error": ["message": "slow down"]], status: 429, headers: ["retry-after-ms": "1500"]))
    }
    let clock = TestClock()
    let model = Fixtures.openAI(server, clock: clock, retryPolicy: RetryPolicy(maxAttempts: 3, jitter: 0))
    let request = hello
    let task = Task { try await model.respond(to: request) }
    for _ in 0..<2 {
      await clock.waitForSleepers(1)
      await clock.advance(by: .milliseconds(1500))
    }
    let error = await caughtError { _ = try await task.value }
    #expect(error as? LanguageModelError == .rateLimited(retryAfter: .milliseconds(1500), message: "slow down"))
    #expect(server.requests.count == 3)
  }

  /// A retry that waits on the test clock: the first request's answer, then the wait asked for, then "ok".
  private func expectWait(
    _ expected: Duration, after failure: ScriptedHTTPResponse, success: ScriptedHTTPResponse,
    model makeModel: (LoopbackServer, TestClock) -> any LanguageModel
  ) async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(failure, success)
    let clock = TestClock()
    let model = makeModel(server, clock)
    let request = hello
    let task = Task { try await model.respond(to: request) }
    await clock.waitForSleepers(1)
    #expect(server.requests.count == 1)
    #expect(clock.pendingDeadlines == [TestClock.Instant(offset: expected)])
    await clock.advance(by: expected - .milliseconds(1))
    #expect(clock.hasSleepers)  // not a moment early
    await clock.advance(by: .milliseconds(1))
    #expect(try await task.value.text == "ok")
    #expect(server.requests.count == 2)
  }

  private static let anthropicOK: JSONValue = ["content": [["type": "text", "text": "ok"]], "stop_reason": "end_turn"]
  private static let policy = RetryPolicy(maxAttempts: 2, initialDelay: .seconds(1), maxDelay: .seconds(60), jitter: 0)

  @Test func retryAfterAsAnHTTPDateWaitsFromTheResponsesDate() async throws {
    // The response's own Date is "now": the local clock (years later) does not matter.
    let unavailable = ScriptedHTTPResponse.json(
      ["error": ["message": "overloaded"]], status: 503,
      headers: ["Date": "Wed, 21 Oct 2015 07:28:00 GMT", "Retry-After": "Wed, 21 Oct 2015 07:28:07 GMT"])
    try await expectWait(.seconds(7), after: unavailable, success: .json(Self.ok)) { server, clock in
      Fixtures.openAI(server, clock: clock, retryPolicy: Self.policy)
    }
  }

  @Test func openAIResetHeaderOfTheExhaustedLimitSetsTheWait() async throws {
    let limited = ScriptedHTTPResponse.json(
      ["error": ["message": "Rate limit reached for requests", "type": "requests"]], status: 429,
      headers: [
        "x-ratelimit-limit-requests": "60", "x-ratelimit-remaining-requests": "0",
        "x-ratelimit-reset-requests": "6.5s", "x-ratelimit-limit-tokens": "150000",
        "x-ratelimit-remaining-tokens": "149000", "x-ratelimit-reset-tokens": "6m0s",
      ])
    try await expectWait(.milliseconds(6500), after: limited, success: .json(Self.ok)) { server, clock in
      Fixtures.openAI(server, clock: clock, retryPolicy: Self.policy)
    }
  }

  @Test func anthropicResetTimestampOfTheExhaustedLimitSetsTheWait() async throws {
    let limited = ScriptedHTTPResponse.json(
      ["type": "error", "error": ["type": "rate_limit_error", "message": "Number of input tokens has exceeded"]],
      status: 429,
      headers: [
        "Date": "Wed, 21 Oct 2015 07:28:00 GMT",
        "anthropic-ratelimit-requests-remaining": "49", "anthropic-ratelimit-requests-reset": "2015-10-21T07:29:00Z",
        "anthropic-ratelimit-input-tokens-remaining": "0",
        "anthropic-ratelimit-input-tokens-reset": "2015-10-21T07:28:12.250Z",
      ])
    try await expectWait(.milliseconds(12250), after: limited, success: .json(Self.anthropicOK)) { server, clock in
      Fixtures.anthropic(server, clock: clock, retryPolicy: Self.policy)
    }
  }

  @Test func resetHeadersDoNotDelayA503() async throws {
    // Vendors send reset headers on every answer; only a 429 is about the rate limit.
    let unavailable = ScriptedHTTPResponse.json(
      ["error": ["message": "overloaded"]], status: 503,
      headers: ["x-ratelimit-remaining-requests": "0", "x-ratelimit-reset-requests": "40s"])
    try await expectWait(.seconds(1), after: unavailable, success: .json(Self.ok)) { server, clock in
      Fixtures.openAI(server, clock: clock, retryPolicy: Self.policy)
    }
  }

  @Test func resetBeyondTheMaximumDelayFailsAtOnceWithTheWait() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(
      .json(
        ["error": ["message": "quota"]], status: 429,
        headers: ["x-ratelimit-remaining-tokens": "0", "x-ratelimit-reset-tokens": "6m0s"]))
    let clock = TestClock()
    let model = Fixtures.openAI(server, clock: clock, retryPolicy: Self.policy)
    let error = await caughtError { _ = try await model.respond(to: hello) }
    #expect(error as? LanguageModelError == .rateLimited(retryAfter: .seconds(360), message: "quota"))
    #expect(server.requests.count == 1)
    #expect(!clock.hasSleepers)
  }

  @Test func retryAfterBeyondTheLimitFailsAtOnce() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.json(["error": ["message": "quota"]], status: 429, headers: ["Retry-After": "3600"]))
    let clock = TestClock()
    let model = Fixtures.openAI(server, clock: clock, retryPolicy: RetryPolicy(maxAttempts: 6))
    let error = await caughtError { _ = try await model.respond(to: hello) }
    #expect(error as? LanguageModelError == .rateLimited(retryAfter: .seconds(3600), message: "quota"))
    #expect(server.requests.count == 1)
    #expect(!clock.hasSleepers)
  }

  @Test func jitterShortensTheBackoffWithinItsBounds() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.json(["error": ["message": "x"]], status: 500), .json(Self.ok))
    let clock = TestClock()
    let policy = RetryPolicy(maxAttempts: 2, initialDelay: .seconds(4), jitter: 0.5)
    let model = Fixtures.openAI(server, clock: clock, retryPolicy: policy)
    let request = hello
    let task = Task { try await model.respond(to: request) }
    await clock.waitForSleepers(1)
    let deadline = try #require(clock.pendingDeadlines.first)
    #expect(deadline.offset >= .seconds(2) && deadline.offset <= .seconds(4))
    await clock.run()
    #expect(try await task.value.text == "ok")
  }

  @Test func clientErrorsAreNotRetried() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.json(["error": ["message": "bad tool schema"]], status: 400))
    let model = Fixtures.openAI(server, retryPolicy: RetryPolicy(maxAttempts: 4))
    let error = await caughtError { _ = try await model.respond(to: hello) }
    #expect(error as? LanguageModelError == .httpStatus(code: 400, message: "bad tool schema"))
    #expect(server.requests.count == 1)
  }

  @Test func streamsRetryBeforeTheirFirstByteButNeverAfter() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let partial = Fixtures.openAIStream([["choices": [["index": 0, "delta": ["content": "Hel"]]]]], done: false)
    server.enqueue(
      .json(["error": ["message": "busy"]], status: 503),
      .eventStream(steps: [.text(partial), .disconnect]))
    let clock = TestClock()
    let model = Fixtures.openAI(server, clock: clock, retryPolicy: RetryPolicy(maxAttempts: 4, jitter: 0))
    let request = hello
    let task = Task { try await collect(model.stream(request)) }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    let error = await caughtError { _ = try await task.value }
    guard case LanguageModelError.streamEndedEarly? = error else {
      Issue.record("expected streamEndedEarly, got \(String(describing: error))")
      return
    }
    #expect(server.requests.count == 2)
    #expect(!clock.hasSleepers)
  }

  // MARK: Timeouts and cancellation

  @Test func timeoutOnTheClockFailsTheRequestAndClosesTheConnection() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let never = Checkpoint()
    server.enqueue(.json(Self.ok).delayed(by: [.wait(never)]))
    let clock = TestClock()
    let model = Fixtures.openAI(server, clock: clock, timeout: .seconds(30))
    let request = hello
    let task = Task { try await model.respond(to: request) }
    await never.waitForArrival()
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(29))
    #expect(clock.hasSleepers)
    await clock.advance(by: .seconds(1))
    let error = await caughtError { _ = try await task.value }
    #expect(error as? LanguageModelError == .timedOut(after: .seconds(30)))
    await server.waitForClientDisconnect()
    #expect(String(describing: try #require(error)).contains("timeout"))
  }

  @Test func streamTimesOutWhenNoResponseHeadArrives() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let never = Checkpoint()
    server.enqueue(.eventStream("data: [DONE]\n\n").delayed(by: [.wait(never)]))
    let clock = TestClock()
    let model = Fixtures.anthropic(server, clock: clock, timeout: .seconds(10))
    let request = hello
    let task = Task { try await collect(model.stream(request)) }
    await never.waitForArrival()
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(10))
    let error = await caughtError { _ = try await task.value }
    #expect(error as? LanguageModelError == .timedOut(after: .seconds(10)))
    await server.waitForClientDisconnect()
  }

  @Test func cancellingAStreamMidwayClosesTheConnection() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let never = Checkpoint()
    let first = Fixtures.openAIStream([["choices": [["index": 0, "delta": ["content": "Hel"]]]]], done: false)
    server.enqueue(.eventStream(steps: [.text(first), .wait(never), .text("data: [DONE]\n\n")]))
    let model = Fixtures.openAI(server)
    let request = hello
    let receivedText = Checkpoint()
    let task = Task {
      var sawCompletion = false
      for try await event in model.stream(request) {
        if case .textDelta = event { receivedText.markArrival() }
        if case .completed = event { sawCompletion = true }
      }
      return sawCompletion
    }
    await receivedText.waitForArrival()
    task.cancel()
    await server.waitForClientDisconnect()
    #expect(server.clientDisconnects == 1)
    // A cancelled consumer's stream ends without a completion — quietly (as every AsyncStream does) or, when the
    // cancellation lands while the transport waits for bytes, with a CancellationError; never with another error.
    do {
      #expect(try await task.value == false)
    } catch {
      #expect(error is CancellationError, "\(error)")
    }
  }

  @Test func cancellingAnthropicStreamClosesTheConnection() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let never = Checkpoint()
    let start = Fixtures.anthropicStream([
      ["type": "message_start", "message": ["usage": ["input_tokens": 3, "output_tokens": 1]]],
      ["type": "content_block_start", "index": 0, "content_block": ["type": "text", "text": ""]],
      ["type": "content_block_delta", "index": 0, "delta": ["type": "text_delta", "text": "Hi"]],
    ])
    server.enqueue(.eventStream(steps: [.text(start), .wait(never)]))
    let model = Fixtures.anthropic(server)
    let request = hello
    let receivedText = Checkpoint()
    let task = Task {
      for try await event in model.stream(request) {
        if case .textDelta = event { receivedText.markArrival() }
      }
    }
    await receivedText.waitForArrival()
    task.cancel()
    await server.waitForClientDisconnect()
    _ = await task.result
  }

  // MARK: Truncated and malformed answers

  @Test func streamWithoutDoneIsTruncated() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let stream = Fixtures.openAIStream(
      [
        ["choices": [["index": 0, "delta": ["content": "Hello"]]]],
        ["choices": [["index": 0, "delta": [:], "finish_reason": "stop"]]],
      ], done: false)
    server.enqueue(.eventStream(stream))
    let error = await caughtError { _ = try await collect(Fixtures.openAI(server).stream(hello)) }
    guard case LanguageModelError.streamEndedEarly(let reason)? = error else {
      Issue.record("expected streamEndedEarly, got \(String(describing: error))")
      return
    }
    #expect(reason.contains("[DONE]"))
  }

  @Test func connectionClosedMidEventIsTruncated() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(
      ScriptedHTTPResponse(
        headers: ["Content-Type": "text/event-stream"],
        body: .raw(contentLength: nil, [.text("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hel")])))
    let error = await caughtError { _ = try await collect(Fixtures.openAI(server).stream(hello)) }
    guard case LanguageModelError.streamEndedEarly(let reason)? = error else {
      Issue.record("expected streamEndedEarly, got \(String(describing: error))")
      return
    }
    #expect(reason.contains("middle of an event"))
  }

  @Test func wholeResponseCutShortIsTruncated() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(
      ScriptedHTTPResponse(
        headers: ["Content-Type": "application/json"],
        body: .raw(contentLength: 500, [.text(#"{"choices": [{"message": {"content": "Hel"#), .disconnect])))
    let error = await caughtError { _ = try await Fixtures.openAI(server).respond(to: hello) }
    guard case LanguageModelError.streamEndedEarly(let reason)? = error else {
      Issue.record("expected streamEndedEarly, got \(String(describing: error))")
      return
    }
    #expect(reason.contains("before the whole response arrived"))
  }

  @Test func anthropicStreamWithoutMessageStopIsTruncated() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let stream = Fixtures.anthropicStream([
      ["type": "message_start", "message": ["usage": ["input_tokens": 3, "output_tokens": 1]]],
      ["type": "content_block_start", "index": 0, "content_block": ["type": "text", "text": ""]],
      ["type": "content_block_delta", "index": 0, "delta": ["type": "text_delta", "text": "Hi"]],
    ])
    server.enqueue(.eventStream(steps: [.text(stream), .disconnect]))
    let error = await caughtError { _ = try await collect(Fixtures.anthropic(server).stream(hello)) }
    guard case LanguageModelError.streamEndedEarly? = error else {
      Issue.record("expected streamEndedEarly, got \(String(describing: error))")
      return
    }
  }

  @Test func htmlPageWithStatus200IsMalformedWithASnippet() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let page = "<!DOCTYPE html><html><body>Welcome to nginx! key \(Fixtures.apiKey)</body></html>"
    server.enqueue(.text(page, contentType: "text/html"), .text(page, contentType: "text/html"))
    let model = Fixtures.openAI(server)
    for error in [
      await caughtError { _ = try await model.respond(to: hello) },
      await caughtError { _ = try await collect(model.stream(hello)) },
    ] {
      guard case LanguageModelError.malformedResponse(_, let snippet)? = error else {
        Issue.record("expected malformedResponse, got \(String(describing: error))")
        continue
      }
      #expect(snippet.hasPrefix("<!DOCTYPE html><html><body>Welcome to nginx!"))
      #expect(!snippet.contains(Fixtures.apiKey))
    }
  }

  @Test func malformedJSONIsMalformedWithASnippet() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.text(#"{"choices": [ {"message": "#, contentType: "application/json"))
    let error = await caughtError { _ = try await Fixtures.openAI(server).respond(to: hello) }
    guard case LanguageModelError.malformedResponse(let reason, let snippet)? = error else {
      Issue.record("expected malformedResponse, got \(String(describing: error))")
      return
    }
    #expect(reason.contains("not JSON"))
    #expect(snippet == #"{"choices": [ {"message":"#)
  }

  @Test func unexpectedJSONShapeIsMalformed() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.json(["object": "list", "data": []]), .json(["id": "msg"]))
    let openAIError = await caughtError { _ = try await Fixtures.openAI(server).respond(to: hello) }
    guard case LanguageModelError.malformedResponse(let reason, _)? = openAIError else {
      Issue.record("expected malformedResponse, got \(String(describing: openAIError))")
      return
    }
    #expect(reason.contains("no choices"))
    let anthropicError = await caughtError { _ = try await Fixtures.anthropic(server).respond(to: hello) }
    guard case LanguageModelError.malformedResponse? = anthropicError else {
      Issue.record("expected malformedResponse, got \(String(describing: anthropicError))")
      return
    }
  }

  @Test func invalidUTF8IsMalformed() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let prefix = Array(#"{"choices":[{"message":{"content":"ab"#.utf8)
    let suffix = Array(#""},"finish_reason":"stop"}]}"#.utf8)
    server.enqueue(
      ScriptedHTTPResponse(
        headers: ["Content-Type": "application/json"], body: .bytes(Data(prefix + [0xFF, 0xFE] + suffix))))
    let streamPrefix = Array(#"data: {"choices":[{"index":0,"delta":{"content":"ab"#.utf8)
    let streamSuffix = Array("\"}}]}\n\ndata: [DONE]\n\n".utf8)
    server.enqueue(.eventStream(steps: [.send(Data(streamPrefix + [0xC3, 0x28] + streamSuffix))]))
    let model = Fixtures.openAI(server)
    let respondError = await caughtError { _ = try await model.respond(to: hello) }
    guard case LanguageModelError.malformedResponse(let reason, _)? = respondError else {
      Issue.record("expected malformedResponse, got \(String(describing: respondError))")
      return
    }
    #expect(reason.contains("UTF-8"))
    let streamError = await caughtError { _ = try await collect(model.stream(hello)) }
    guard case LanguageModelError.malformedResponse(let streamReason, _)? = streamError else {
      Issue.record("expected malformedResponse, got \(String(describing: streamError))")
      return
    }
    #expect(streamReason.contains("UTF-8"))
  }

  @Test func hugeArgumentsAreRejectedNotBuffered() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let huge = "{\"city\": \"" + String(repeating: "北", count: 20_000) + "\"}"
    server.enqueue(
      .json([
        "choices": [
          ["message": ["tool_calls": [["id": "c", "function": ["name": "get_weather", "arguments": .string(huge)]]]]]
        ]
      ]))
    let chunks: [JSONValue] = [
      [
        "choices": [
          ["index": 0, "delta": ["tool_calls": [["index": 0, "id": "c", "function": ["name": "get_weather"]]]]]
        ]
      ]
    ]
    let fragment =
      ["choices": [["index": 0, "delta": ["tool_calls": [["index": 0, "function": ["arguments": .string(huge)]]]]]]]
      as JSONValue
    server.enqueue(.eventStream(Fixtures.openAIStream(chunks + [fragment, fragment]), chunkSize: 4096))
    let model = Fixtures.openAI(server, maximumResponseBytes: 50_000)
    let request = ChatRequest(messages: [.user("x")], tools: [try Fixtures.weather])
    for error in [
      await caughtError { _ = try await model.respond(to: request) },
      await caughtError { _ = try await collect(model.stream(request)) },
    ] {
      guard case LanguageModelError.malformedResponse(let reason, _)? = error else {
        Issue.record("expected malformedResponse, got \(String(describing: error))")
        continue
      }
      #expect(reason.contains("50000"))
    }
  }

  @Test func plainTextAnswerToAStreamIsNotAnEventStream() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.text("upstream connect error or disconnect/reset before headers"))
    let error = await caughtError { _ = try await collect(Fixtures.openAI(server).stream(hello)) }
    guard case LanguageModelError.malformedResponse(let reason, let snippet)? = error else {
      Issue.record("expected malformedResponse, got \(String(describing: error))")
      return
    }
    #expect(reason.contains("not an event stream"))
    #expect(snippet.hasPrefix("upstream connect error"))
  }

  @Test func jsonErrorAnswerToAStreamIsAProviderError() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.json(["error": "model \"llama9\" not found, try pulling it first"]))
    let error = await caughtError { _ = try await collect(Fixtures.openAI(server).stream(hello)) }
    #expect(
      error as? LanguageModelError
        == .providerError(type: nil, message: "model \"llama9\" not found, try pulling it first"))
  }

  // A port held closed, not a stopped server's: another test's server could be handed a stopped server's port.

  @Test func aServerThatIsNotRunningIsNamedByItsAddress() async throws {
    let closed = try ClosedPort()
    defer { closed.release() }
    let model = AnthropicModel(
      baseURL: closed.url(), apiKey: Fixtures.apiKey, model: "claude-test", retryPolicy: .never, clock: TestClock())
    let error = await caughtError { _ = try await model.respond(to: hello) }
    #expect(error as? LanguageModelError == .serverNotRunning(address: "http://127.0.0.1:\(closed.port)"))
    #expect(String(describing: try #require(error)).contains("Start the model server"))
  }

  @Test func aStreamToAServerThatIsNotRunningIsNotAStreamCutShort() async throws {
    let closed = try ClosedPort()
    defer { closed.release() }
    let model = OpenAICompatibleModel(
      baseURL: closed.url("/v1"), apiKey: Fixtures.apiKey, model: "test-model", retryPolicy: .never, clock: TestClock())
    let error = await caughtError { _ = try await collect(model.stream(hello)) }
    #expect(error as? LanguageModelError == .serverNotRunning(address: "http://127.0.0.1:\(closed.port)"))
  }
}
