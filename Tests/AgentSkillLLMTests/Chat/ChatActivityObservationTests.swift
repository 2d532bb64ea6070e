import AgentSkill
import AgentSkillLLM
import Foundation
import Observation
import Testing

/// The chat's activity bar depends on the phase (and, in the phases that show them, the calls, the confirmation
/// or the question), never on the streamed text of an answer.
@Suite("Chat activity observation", .timeLimit(.minutes(1)))
@MainActor
struct ChatActivityObservationTests {
  /// Counts the `onChange` calls of one tracking of `read`.
  @MainActor
  final class Tracked {
    let changes = LockIsolated(0)
    init(_ read: @MainActor () -> Void) {
      withObservationTracking {
        read()
      } onChange: { [changes] in
        changes.withValue { $0 += 1 }
      }
    }
  }

  @Test("streaming an answer does not refresh the activity; the end of the turn does")
  func streamedTextDoesNotRefreshTheActivity() {
    let agent = Agent<ChatContext, ChatIntent, ChatEffect>(
      context: ChatContext(), skills: [], reduce: ChatReducer.reduce)
    agent.apply(.turnStarted(turn: 1, text: "hi"))
    agent.apply(.transition(.responding))
    let answer = ChatAgentMessage(id: .init(turn: 1, index: 1), role: .assistant, text: "", isStreaming: true)
    agent.apply(.appendMessage(answer))
    #expect(ChatActivity(agent: agent) == .responding)
    let activity = Tracked { _ = ChatActivity(agent: agent) }
    let whole = Tracked { _ = ChatActivity(context: agent.context) }
    agent.apply(.appendText(answer.id, "Hel"))
    agent.apply(.appendText(answer.id, "lo"))
    #expect(agent.messages.last?.text == "Hello")
    #expect(activity.changes.value == 0)
    #expect(whole.changes.value == 1)  // reading the whole context, as the bar used to, refreshes on every window
    agent.apply(.turnFinished)
    #expect(activity.changes.value == 1)
    #expect(ChatActivity(agent: agent) == .idle)
  }
}
