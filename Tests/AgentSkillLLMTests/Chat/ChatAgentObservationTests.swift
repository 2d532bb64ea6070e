import AgentSkill
import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation
import Observation
import Testing

/// Counts how often an observed read would refresh a view.
@MainActor
private final class RefreshCounter {
  private(set) var count = 0
  private let read: @MainActor () -> Void

  init(_ read: @escaping @MainActor () -> Void) {
    self.read = read
    track()
  }

  private func track() {
    withObservationTracking {
      read()
    } onChange: { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        self.count += 1
        self.track()
      }
    }
  }
}

@Suite("ChatAgent observation")
@MainActor
struct ChatAgentObservationTests {
  typealias Fixtures = ChatFixtures

  @Test func streamingTwoHundredTokensWritesTheContextAHandfulOfTimes() async throws {
    let clock = TestClock()
    let halfway = Checkpoint()
    var steps: [ScriptedLanguageModel.StreamStep] = Array(repeating: .event(.textDelta("字")), count: 100)
    steps.append(.wait(halfway))
    steps += Array(repeating: .event(.textDelta("字")), count: 100)
    steps.append(.event(.completed(ChatResponse(text: String(repeating: "字", count: 200), finishReason: .stop))))
    let model = ScriptedLanguageModel([.events(steps)])
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([]), clock: clock)
    let refreshes = RefreshCounter { _ = chat.messages }

    let task = chat.send("写一段话")
    await halfway.waitForArrival()
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(50))
    await chat.waitUntil { $0.messages.last?.role == .assistant && !($0.messages.last?.text.isEmpty ?? true) }
    halfway.release()
    await task.finish()

    let applied = chat.timeline.entries.compactMap { entry -> ChatEffect? in
      if case .effectApplied(let effect) = entry.event { return effect }
      return nil
    }
    let textBatches = applied.filter {
      if case .appendText = $0 { return true }
      return false
    }
    #expect(chat.messages.last?.text.count == 200)
    #expect(chat.messages.last?.isStreaming == false)
    #expect(textBatches.count == 1)
    #expect(applied.count <= 10)
    #expect(refreshes.count >= 3)
    #expect(refreshes.count <= applied.count)
  }
}
