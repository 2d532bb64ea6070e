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

@Suite("ChatAgent observation", .timeLimit(.minutes(5)))
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
    await clock.advance(by: ChatAgentOptions().streamBatchWindow)
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

  @Test func streamedTextIsAppliedAfterTheDefaultBatchWindowOf100Milliseconds() async throws {
    let window = ChatAgentOptions().streamBatchWindow
    #expect(window == .milliseconds(100))
    #expect((Duration.milliseconds(80)...Duration.milliseconds(120)).contains(window))
    let clock = TestClock()
    let paused = Checkpoint()
    let model = ScriptedLanguageModel([
      .events([
        .event(.textDelta("嗨，我在")), .wait(paused),
        .event(.completed(ChatResponse(text: "嗨，我在", finishReason: .stop))),
      ])
    ])
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([]), clock: clock)

    let task = chat.send("你好")
    await paused.waitForArrival()
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(50))
    #expect(chat.messages.last?.text != "嗨，我在")
    #expect(clock.hasSleepers)
    await clock.advance(by: .milliseconds(50))
    await chat.waitUntil { $0.messages.last?.text == "嗨，我在" }
    paused.release()
    await task.finish()
  }

  /// A view that shows only the phase (the activity bar) is refreshed when
  /// the phase changes, not by the batches of streamed text.
  @Test func aViewOfThePhaseIsNotRefreshedByStreamedText() async throws {
    let clock = TestClock()
    let pauses = (0..<5).map { _ in Checkpoint() }
    var steps: [ScriptedLanguageModel.StreamStep] = [.event(.textDelta("一"))]
    for pause in pauses {
      steps.append(.wait(pause))
      steps.append(.event(.textDelta("字")))
    }
    steps.append(.event(.completed(ChatResponse(text: "一字字字字字", finishReason: .stop))))
    let model = ScriptedLanguageModel([.events(steps)])
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([]), clock: clock)
    var phases: [ChatPhase] = []
    let phaseRefreshes = RefreshCounter { phases.append(chat.phase) }
    let messageRefreshes = RefreshCounter { _ = chat.messages }

    let task = chat.send("写一段话")
    for (index, pause) in pauses.enumerated() {
      await pause.waitForArrival()
      await clock.waitForSleepers(1)
      await clock.advance(by: ChatAgentOptions().streamBatchWindow)
      await chat.waitUntil { $0.messages.last?.text.count == index + 1 }
      pause.release()
    }
    await task.finish()
    #expect(chat.messages.last?.text == "一字字字字字")
    // Every text batch refreshed the conversation; the phase view saw phase changes only.
    #expect(messageRefreshes.count >= 6)
    let distinctPhases = zip(phases, phases.dropFirst()).filter { $0 != $1 }.count
    #expect(phaseRefreshes.count == distinctPhases)
    #expect(phaseRefreshes.count < messageRefreshes.count)
  }
}
