import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Testing

@Suite("ScriptedLanguageModel", .timeLimit(.minutes(5)))
struct ScriptedLanguageModelTests {
  private struct Boom: Error, Equatable {}

  private func request(_ text: String) -> ChatRequest { ChatRequest(messages: [.user(text)]) }

  @Test func repliesInOrderAndRecordsRequests() async throws {
    let model = ScriptedLanguageModel([.toolCall(name: "get_weather", arguments: ["city": "北京"]), .text("多云")])
    let first = try await model.respond(to: request("one"))
    #expect(first.toolCalls == [ToolCall(id: "call_get_weather", name: "get_weather", arguments: ["city": "北京"])])
    #expect(first.finishReason == .toolCalls)
    let second = try await model.respond(to: request("two"))
    #expect(second == ChatResponse(text: "多云", finishReason: .stop))
    #expect(model.requests.map { $0.messages.first?.content } == ["one", "two"])
    #expect(model.pendingReplies == 0)
  }

  @Test func streamsAResponseAsDeltasEndingInCompleted() async throws {
    let response = ChatResponse(
      text: "查询中", toolCalls: [ToolCall(id: "c", name: "search_bills", arguments: ["date": "上周三"])],
      finishReason: .toolCalls, usage: TokenUsage(inputTokens: 1, outputTokens: 2))
    let model = ScriptedLanguageModel([.response(response)])
    var events: [ChatStreamEvent] = []
    for try await event in model.stream(request("x")) { events.append(event) }
    #expect(
      events == [
        .textDelta("查询中"),
        .toolCallStarted(index: 0, id: "c", name: "search_bills"),
        .toolCallArgumentsDelta(index: 0, fragment: #"{"date":"上周三"}"#),
        .usage(TokenUsage(inputTokens: 1, outputTokens: 2)),
        .completed(response),
      ])
  }

  @Test func playsEventScriptsAndRespondReturnsTheirCompletion() async throws {
    let final = ChatResponse(text: "ab", finishReason: .stop)
    let script: [ScriptedLanguageModel.StreamStep] = [
      .event(.textDelta("a")), .event(.textDelta("b")), .event(.completed(final)),
    ]
    let model = ScriptedLanguageModel([.events(script), .events(script)])
    var texts: [String] = []
    for try await event in model.stream(request("x")) {
      if case .textDelta(let text) = event { texts.append(text) }
    }
    #expect(texts == ["a", "b"])
    #expect(try await model.respond(to: request("y")) == final)
  }

  @Test func scriptedFailuresAreThrown() async throws {
    let model = ScriptedLanguageModel([
      .failure(LanguageModelError.rateLimited(retryAfter: nil, message: nil)),
      .events([.event(.textDelta("partial")), .fail(Boom())]),
    ])
    await #expect(throws: LanguageModelError.rateLimited(retryAfter: nil, message: nil)) {
      _ = try await model.respond(to: request("x"))
    }
    var received: [ChatStreamEvent] = []
    await #expect(throws: Boom()) {
      for try await event in model.stream(request("y")) { received.append(event) }
    }
    #expect(received == [.textDelta("partial")])
  }

  @Test func exhaustedScriptSaysSo() async throws {
    let model = ScriptedLanguageModel()
    await #expect(throws: ScriptedLanguageModelError.scriptExhausted(requestNumber: 1)) {
      _ = try await model.respond(to: request("x"))
    }
    await #expect(throws: ScriptedLanguageModelError.scriptExhausted(requestNumber: 2)) {
      for try await _ in model.stream(request("y")) {}
    }
    #expect(ScriptedLanguageModelError.scriptExhausted(requestNumber: 2).description.contains("enqueue"))
    model.enqueue(.text("late"))
    #expect(try await model.respond(to: request("z")).text == "late")
  }

  @Test func eventsScriptWithoutCompletionCannotBeUsedByRespond() async throws {
    let model = ScriptedLanguageModel([.events([.event(.textDelta("a"))])])
    await #expect(throws: ScriptedLanguageModelError.missingCompletedEvent(requestNumber: 1)) {
      _ = try await model.respond(to: request("x"))
    }
  }

  @Test func streamWaitsAtACheckpointUntilReleased() async throws {
    let checkpoint = Checkpoint()
    let final = ChatResponse(text: "ab", finishReason: .stop)
    let model = ScriptedLanguageModel([
      .events([.event(.textDelta("a")), .wait(checkpoint), .event(.textDelta("b")), .event(.completed(final))])
    ])
    var iterator = model.stream(request("x")).makeAsyncIterator()
    #expect(try await iterator.next() == .textDelta("a"))
    await checkpoint.waitForArrival()
    checkpoint.release()
    #expect(try await iterator.next() == .textDelta("b"))
    #expect(try await iterator.next() == .completed(final))
    #expect(try await iterator.next() == nil)
  }

  @Test func cancellingTheConsumerEndsAWaitingStream() async throws {
    let checkpoint = Checkpoint()
    let model = ScriptedLanguageModel([
      .events([.event(.textDelta("a")), .wait(checkpoint), .event(.textDelta("never"))])
    ])
    let received = Checkpoint()
    let stream = model.stream(request("x"))
    let consumer = Task {
      var texts: [String] = []
      for try await event in stream {
        if case .textDelta(let text) = event { texts.append(text) }
        received.markArrival()
      }
      return texts
    }
    await received.waitForArrival()
    await checkpoint.waitForArrival()
    consumer.cancel()
    #expect(try await consumer.value == ["a"])
    #expect(model.cancelledStreams == 1)
    #expect(!checkpoint.isReleased)
  }

  /// A stream that ends before it is released is never counted as
  /// cancelled, even when its script plays out before the stream is
  /// returned (the termination handler used to be set after the producer
  /// started, so a released finished stream counted as cancelled).
  @Test func streamsThatEndAreNeverCountedAsCancelled() async throws {
    let model = ScriptedLanguageModel((0..<200).map { .text("answer \($0)") })
    for index in 0..<200 {
      let stream = model.stream(request("q\(index)"))
      await Task.yield()  // lets the producer run ahead of the consumer
      var events = 0
      for try await _ in stream { events += 1 }
      #expect(events == 2)
    }
    #expect(model.cancelledStreams == 0)
  }

  @Test func waitForCancelledStreamsResumesWhenAConsumerCancels() async throws {
    let checkpoint = Checkpoint()
    let model = ScriptedLanguageModel([.events([.wait(checkpoint)])])
    let stream = model.stream(request("x"))
    async let waited: Void = model.waitForCancelledStreams(1)
    let consumer = Task { for try await _ in stream {} }
    await checkpoint.waitForArrival()
    consumer.cancel()
    await waited
    #expect(model.cancelledStreams == 1)
    #expect(!checkpoint.isReleased)
  }

  @Test func waitForRequestsResumesOnArrival() async throws {
    let model = ScriptedLanguageModel([.text("1"), .text("2")])
    async let waited: Void = model.waitForRequests(2)
    _ = try await model.respond(to: request("a"))
    _ = try await model.respond(to: request("b"))
    await waited
    #expect(model.requests.count == 2)
  }
}
