import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation
import Testing

/// An `AsyncStream` whose continuation is never
/// finished leaves `for await` suspended forever, and the UI stuck in
/// "running". Every stream the library creates finishes — on success, on
/// failure and on cancellation — and cancelling or abandoning one releases
/// its work (the HTTP connection). The suite's time limit turns a stream
/// that never finishes into a failure instead of a hang.
@Suite("Pitfall: a stream that never finishes", .timeLimit(.minutes(5)))
struct StreamFinishPitfallTests {
  typealias Fixtures = ProviderFixtures

  private let hello = ChatRequest(messages: [.user("hi")])

  private static let openAIText = Fixtures.openAIStream([
    ["choices": [["index": 0, "delta": ["content": "Hel"]]]],
    ["choices": [["index": 0, "delta": ["content": "lo"], "finish_reason": "stop"]]],
  ])

  private static let anthropicText = Fixtures.anthropicStream([
    ["type": "message_start", "message": ["usage": ["input_tokens": 3, "output_tokens": 1]]],
    ["type": "content_block_start", "index": 0, "content_block": ["type": "text", "text": ""]],
    ["type": "content_block_delta", "index": 0, "delta": ["type": "text_delta", "text": "Hello"]],
    ["type": "content_block_stop", "index": 0],
    ["type": "message_delta", "delta": ["stop_reason": "end_turn"], "usage": ["output_tokens": 2]],
    ["type": "message_stop"],
  ])

  // MARK: Providers

  @Test func pitfall_streamNeverFinishes_providerStreamsFinishOnSuccess() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.eventStream(Self.openAIText), .eventStream(Self.anthropicText))
    let openAI = try await collect(Fixtures.openAI(server).stream(hello))
    let anthropic = try await collect(Fixtures.anthropic(server).stream(hello))
    #expect(Fixtures.completed(in: openAI)?.text == "Hello")
    #expect(Fixtures.completed(in: anthropic)?.text == "Hello")
  }

  @Test func pitfall_streamNeverFinishes_providerStreamsFinishOnFailure() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(
      .json(["error": ["message": "boom"]], status: 500),
      .eventStream(steps: [
        .text("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hel\"}}]}\n\n"), .disconnect,
      ]),
      .eventStream(
        Fixtures.anthropicStream([
          ["type": "message_start", "message": ["usage": ["input_tokens": 1, "output_tokens": 1]]],
          ["type": "error", "error": ["type": "overloaded_error", "message": "Overloaded"]],
        ])))
    let status = await caughtError { _ = try await collect(Fixtures.openAI(server).stream(hello)) }
    let cut = await caughtError { _ = try await collect(Fixtures.openAI(server).stream(hello)) }
    let event = await caughtError { _ = try await collect(Fixtures.anthropic(server).stream(hello)) }
    guard case LanguageModelError.httpStatus(500, _)? = status else {
      Issue.record("expected httpStatus 500, got \(String(describing: status))")
      return
    }
    guard case LanguageModelError.streamEndedEarly? = cut else {
      Issue.record("expected streamEndedEarly, got \(String(describing: cut))")
      return
    }
    #expect(event as? LanguageModelError == .providerError(type: "overloaded_error", message: "Overloaded"))
  }

  @Test func pitfall_streamNeverFinishes_providerStreamsFinishOnCancellation() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let never = Checkpoint()
    let first = Fixtures.openAIStream([["choices": [["index": 0, "delta": ["content": "Hel"]]]]], done: false)
    server.enqueue(.eventStream(steps: [.text(first), .wait(never)]))
    let model = Fixtures.openAI(server)
    let request = hello
    let received = Checkpoint()
    let consumer = Task {
      var count = 0
      for try await _ in model.stream(request) {
        count += 1
        received.markArrival()
      }
      return count
    }
    await received.waitForArrival()
    consumer.cancel()
    // The loop ends (no hang) and the connection is closed.
    _ = await consumer.result
    await server.waitForClientDisconnect()
    #expect(server.clientDisconnects == 1)
    #expect(!never.isReleased)
  }

  @Test func pitfall_streamNeverFinishes_cancellingBeforeTheFirstEventFinishesTheStream() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let never = Checkpoint()
    server.enqueue(.eventStream(Self.anthropicText).delayed(by: [.wait(never)]))
    let model = Fixtures.anthropic(server)
    let request = hello
    let consumer = Task {
      var count = 0
      for try await _ in model.stream(request) { count += 1 }
      return count
    }
    await never.waitForArrival()
    consumer.cancel()
    let result = await consumer.result
    await server.waitForClientDisconnect()
    #expect((try? result.get()) ?? 0 == 0)
  }

  @Test func pitfall_streamNeverFinishes_anAbandonedStreamReleasesItsConnection() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let never = Checkpoint()
    server.enqueue(.eventStream(steps: [.text(": keep-alive\n\n"), .wait(never)]))
    do {
      let stream = Fixtures.openAI(server).stream(hello)
      await server.waitForRequests(1)
      withExtendedLifetime(stream) {}
    }
    // Nobody iterates the stream any more: its work is cancelled, the socket closed.
    await server.waitForClientDisconnect()
    #expect(server.clientDisconnects == 1)
  }

  // MARK: Transport

  @Test func pitfall_streamNeverFinishes_transportBodyFinishesOnSuccessFailureAndCancellation() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let transport = URLSessionTransport()
    let never = Checkpoint()
    server.enqueue(
      .eventStream(steps: [.text("a"), .text("b")]),
      .eventStream(steps: [.text("partial"), .disconnect]),
      .eventStream(steps: [.text("first"), .wait(never)]))

    let whole = try await transport.send(TransportRequest(url: server.url("/ok")))
    #expect(try await collect(whole.body).reduce(Data(), +) == Data("ab".utf8))

    let cut = try await transport.send(TransportRequest(url: server.url("/cut")))
    let error = await caughtError { _ = try await collect(cut.body) }
    guard case LanguageModelError.connectionFailed? = error else {
      Issue.record("expected connectionFailed, got \(String(describing: error))")
      return
    }

    let url = server.url("/slow")
    let received = Checkpoint()
    let consumer = Task {
      let response = try await transport.send(TransportRequest(url: url))
      for try await _ in response.body { received.markArrival() }
    }
    await received.waitForArrival()
    consumer.cancel()
    _ = await consumer.result
    await server.waitForClientDisconnect()
    #expect(!never.isReleased)
  }

  // MARK: Scripted model

  @Test func pitfall_streamNeverFinishes_scriptedModelStreamsFinishOnSuccessFailureAndCancellation() async throws {
    let checkpoint = Checkpoint()
    let model = ScriptedLanguageModel([
      .text("ok"),
      .events([.event(.textDelta("a")), .fail(LanguageModelError.connectionFailed(reason: "scripted"))]),
      .events([.event(.textDelta("a")), .wait(checkpoint), .event(.textDelta("never"))]),
    ])
    let events = try await collect(model.stream(hello))
    #expect(Fixtures.completed(in: events)?.text == "ok")

    let error = await caughtError { _ = try await collect(model.stream(hello)) }
    #expect(error as? LanguageModelError == .connectionFailed(reason: "scripted"))

    let stream = model.stream(hello)
    let consumer = Task {
      var count = 0
      for try await _ in stream { count += 1 }
      return count
    }
    await checkpoint.waitForArrival()
    consumer.cancel()
    _ = await consumer.result
    #expect(model.cancelledStreams == 1)
    #expect(!checkpoint.isReleased)
  }
}
