import AgentSkill
import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Testing

/// A phase with a payload that has no equality stops views from refreshing,
/// and a stream that is never finished leaves the UI stuck. For the chat
/// agent: its phase carries only skill ids and strings, and a streamed reply
/// leaves the responding state on success, failure and cancellation.
@MainActor
@Suite("Pitfall: chat phases and streamed replies", .timeLimit(.minutes(5)))
struct ChatPitfallTests {
  typealias Fixtures = ChatFixtures

  @Test func pitfall_nonEquatablePhasePayloads_agentPhaseCarriesOnlyStrings() {
    let phases: [ChatPhase] = [
      .idle, .analyzing, .selectingSkill, .executing(skillID: "weather"),
      .awaitingConfirmation(skillID: "reminder"), .responding, .failed("The provider is down."),
    ]
    #expect(phases.map(\.kind) == ChatPhase.Kind.allCases)
    for phase in phases {
      #expect(chatNonPlainPayloadTypes(of: phase).isEmpty, "\(phase)")
    }
    // Results live in the messages, so a new skill is a new phase.
    #expect(ChatPhase.executing(skillID: "weather") != .executing(skillID: "ledger"))
  }

  @Test func pitfall_streamNeverFinishes_chatReplyEndsOnSuccessFailureAndCancellation() async throws {
    let clock = TestClock()
    let paused = Checkpoint()
    let model = ScriptedLanguageModel([
      .text("北京今天多云。"),
      .events([.event(.textDelta("北京今天")), .fail(LanguageModelError.streamEndedEarly(reason: "cut off"))]),
      .events([.event(.textDelta("你好")), .wait(paused), .event(.textDelta("never"))]),
    ])
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([Fixtures.weather()]), clock: clock)

    await chat.send("你好").finish()
    #expect(chat.phase == .idle)
    #expect(chat.messages.last?.text == "北京今天多云。")
    #expect(chat.messages.last?.isStreaming == false)

    await chat.send("再说一次").finish()
    #expect(chat.phase.kind == .failed)
    #expect(chat.messages.allSatisfy { !$0.isStreaming })

    let turn = chat.send("你好")
    await paused.waitForArrival()
    await chat.cancel().finish()
    await turn.finish()
    #expect(chat.phase == .idle)
    #expect(chat.messages.allSatisfy { !$0.isStreaming })
    await model.waitForCancelledStreams(1)  // the turn settles before its stream's task notices
    #expect(model.cancelledStreams == 1)
    #expect(!paused.isReleased)
  }
}

/// The types of the associated values of an enum value that are not plain
/// (`String`, `Int`, `Double`, `Bool`, or optionals and tuples of them).
func chatNonPlainPayloadTypes(of value: Any) -> [String] {
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .enum else { return [] }
  var found: [String] = []
  for child in mirror.children { collectChatNonPlain(child.value, into: &found) }
  return found
}

private func collectChatNonPlain(_ payload: Any, into found: inout [String]) {
  let mirror = Mirror(reflecting: payload)
  switch mirror.displayStyle {
  case .tuple:
    for child in mirror.children { collectChatNonPlain(child.value, into: &found) }
  case .optional:
    if let wrapped = mirror.children.first { collectChatNonPlain(wrapped.value, into: &found) }
  default:
    switch payload {
    case is String, is Int, is Double, is Bool: break
    default: found.append(String(describing: type(of: payload)))
    }
  }
}
