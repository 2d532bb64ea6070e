import AgentSkillLLM
import AgentSkillOffline
import AgentSkillTesting
import Foundation
import Testing

@Suite("RuleBasedModel streaming")
struct RuleBasedModelStreamTests {
  let model = OfflineFixtures.model()

  private func collect(_ model: RuleBasedModel, _ request: ChatRequest) async throws -> [ChatStreamEvent] {
    var events: [ChatStreamEvent] = []
    for try await event in model.stream(request) { events.append(event) }
    return events
  }

  @Test("text streams in word and character pieces and ends with exactly one completed equal to respond")
  func textStream() async throws {
    let request = ChatRequest(messages: [.user("hello")])
    let events = try await collect(model, request)
    let deltas = events.compactMap { event -> String? in
      if case .textDelta(let text) = event { return text }
      return nil
    }
    #expect(deltas.first == "Hello! ")
    #expect(deltas.count > 3)
    let completed = events.filter { if case .completed = $0 { true } else { false } }
    #expect(completed.count == 1)
    #expect(events.last == .completed(try await model.respond(to: request)))
    #expect(deltas.joined() == (try await model.respond(to: request)).text)
  }

  @Test("Chinese text streams one character at a time")
  func chineseStream() async throws {
    let events = try await collect(model, ChatRequest(messages: [.user("谢谢")]))
    let deltas = events.compactMap { event -> String? in
      if case .textDelta(let text) = event { return text }
      return nil
    }
    #expect(deltas.prefix(3) == ["不", "客", "气"])
  }

  @Test("a tool call streams its start and arguments, then completes")
  func toolCallStream() async throws {
    let request = ChatRequest(messages: [.user("北京天气怎么样")], tools: [OfflineFixtures.weather])
    let events = try await collect(model, request)
    #expect(events.count == 3)
    #expect(events.first == .toolCallStarted(index: 0, id: "call_1", name: "weather"))
    #expect(events.dropFirst().first == .toolCallArgumentsDelta(index: 0, fragment: #"{"city":"北京","language":"zh"}"#))
    #expect(events.last == .completed(try await model.respond(to: request)))
  }

  @Test("a paced stream waits on the injected clock before each piece")
  func pacedStream() async throws {
    let clock = TestClock()
    var paced = model
    paced.streamingPace = .milliseconds(20)
    paced.clock = clock
    let stream = paced.stream(ChatRequest(messages: [.user("谢谢")]))
    let consumer = Task {
      var count = 0
      for try await event in stream {
        if case .textDelta = event { count += 1 }
      }
      return count
    }
    // One piece per Chinese character or full-width mark.
    let expected = "不客气！还有什么需要帮忙的吗？".count
    for _ in 0..<expected {
      await clock.waitForSleepers(1)
      await clock.advance(by: .milliseconds(20))
    }
    #expect(try await consumer.value == expected)
  }

  @Test("cancelling the consumer ends a paced stream")
  func cancellation() async throws {
    let clock = TestClock()
    var paced = model
    paced.streamingPace = .seconds(1)
    paced.clock = clock
    let stream = paced.stream(ChatRequest(messages: [.user("hello")]))
    let consumer = Task {
      var events = 0
      do {
        for try await _ in stream { events += 1 }
      } catch {
        return -1
      }
      return events
    }
    await clock.waitForSleepers(1)
    consumer.cancel()
    let result = await consumer.value
    #expect(result <= 0)
  }
}
