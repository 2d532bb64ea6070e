#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillList
  import SwiftUI

  /// Asks the assistant and shows its reply as it streams in. It reads the streamed text itself, through the
  /// agent: each streamed window refreshes this panel, not the list around it.
  struct AssistantPanel: View {
    @Environment(MessageListAgent<Message>.self) private var agent

    var body: some View {
      if agent.isStreaming {
        VStack(alignment: .leading, spacing: 8) {
          Text(agent.streamedText.isEmpty ? "…" : agent.streamedText)
          Button("Stop", systemImage: "stop.circle") { agent.send(.cancelStream) }
        }
      } else {
        Button("Summarize my inbox", systemImage: "sparkles") {
          agent.send(.stream("Summarize my inbox"))
        }
      }
    }
  }
#endif
