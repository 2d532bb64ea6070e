import AgentSkill
import AgentSkillLLM
import Testing

@testable import AgentSkillFoundationModels

@Suite("FoundationModels tool relay: calls reach the agent, results reach the model", .timeLimit(.minutes(2)))
struct FoundationToolRelayTests {
  /// Waits, without a clock, until `count` calls wait on `relay`.
  static func waitForCalls(_ count: Int, on relay: FoundationToolRelay) async {
    while relay.waitingCalls < count { await Task.yield() }
  }

  @Test("a call waits, without throwing, for the result the agent sends back")
  func callReturnsTheAgentsResult() async throws {
    let relay = FoundationToolRelay()
    let call = Task { try await relay.call(name: "weather", arguments: ["city": "北京"]) }
    let response = try await relay.response { _ in }
    #expect(response.finishReason == .toolCalls)
    let handed = try #require(response.toolCalls.first)
    #expect(handed.name == "weather")
    #expect(handed.arguments == ["city": "北京"])
    #expect(handed.id.hasPrefix(relay.idPrefix))
    relay.answer(FoundationSessionStep.Output(callID: handed.id, text: "多云 18°C"))
    #expect(try await call.value == "多云 18°C")
  }

  @Test("parallel calls made together are handed back together, none lost")
  func parallelCallsTogether() async throws {
    let relay = FoundationToolRelay()
    let beijing = Task { try await relay.call(name: "weather", arguments: ["city": "北京"]) }
    let shanghai = Task { try await relay.call(name: "weather", arguments: ["city": "上海"]) }
    await Self.waitForCalls(2, on: relay)
    let response = try await relay.response { _ in }
    #expect(response.toolCalls.count == 2)
    #expect(Set(response.toolCalls.map(\.arguments)) == [["city": "北京"], ["city": "上海"]])
    #expect(Set(response.toolCalls.map(\.id)).count == 2)
    for call in response.toolCalls {
      relay.answer(FoundationSessionStep.Output(callID: call.id, text: call.arguments["city"]?.stringValue ?? ""))
    }
    #expect(try await beijing.value == "北京")
    #expect(try await shanghai.value == "上海")
  }

  @Test("a parallel call made after the first was handed back comes with the next request, not lost")
  func parallelCallLater() async throws {
    let relay = FoundationToolRelay()
    let first = Task { try await relay.call(name: "weather", arguments: ["city": "北京"]) }
    let firstResponse = try await relay.response { _ in }
    #expect(firstResponse.toolCalls.map(\.arguments) == [["city": "北京"]])
    let second = Task { try await relay.call(name: "weather", arguments: ["city": "上海"]) }
    await Self.waitForCalls(2, on: relay)
    relay.answer(FoundationSessionStep.Output(callID: firstResponse.toolCalls[0].id, text: "多云"))
    #expect(try await first.value == "多云")
    let secondResponse = try await relay.response { _ in }
    #expect(secondResponse.toolCalls.map(\.arguments) == [["city": "上海"]])
    relay.answer(FoundationSessionStep.Output(callID: secondResponse.toolCalls[0].id, text: "晴"))
    #expect(try await second.value == "晴")
  }

  @Test("text streams to the reader and the answer ends the response")
  func textAndFinish() async throws {
    let relay = FoundationToolRelay()
    relay.emit(.text("北京"))
    relay.emit(.text("多云。"))
    relay.emit(.finished)
    let pieces = LockIsolated<[String]>([])
    let response = try await relay.response { piece in pieces.withValue { $0.append(piece) } }
    #expect(pieces.value == ["北京", "多云。"])
    #expect(response == ChatResponse(text: "北京多云。", finishReason: .stop))
  }

  @Test("closing ends a waiting call and the reader with CancellationError")
  func closeEndsWaiting() async throws {
    let relay = FoundationToolRelay()
    let call = Task { try await relay.call(name: "weather", arguments: ["city": "北京"]) }
    _ = try await relay.response { _ in }
    let reader = Task { try await relay.response { _ in } }
    relay.close()
    await #expect(throws: CancellationError.self) { try await call.value }
    await #expect(throws: CancellationError.self) { try await reader.value }
    await #expect(throws: CancellationError.self) { try await relay.call(name: "weather", arguments: [:]) }
  }

  @Test("cancelling the reading task ends its wait")
  func readerCancellation() async throws {
    let relay = FoundationToolRelay()
    let reader = Task { try await relay.response { _ in } }
    reader.cancel()
    await #expect(throws: CancellationError.self) { try await reader.value }
  }
}
