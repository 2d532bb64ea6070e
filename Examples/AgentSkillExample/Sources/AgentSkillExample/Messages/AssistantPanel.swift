#if canImport(SwiftUI)
  import AgentSkill
  import SwiftUI

  /// Asks the assistant and shows its reply as it streams in.
  struct AssistantPanel: View {
    let text: String
    let isStreaming: Bool
    @Environment(ListAgent<Message>.self) private var agent

    var body: some View {
      if isStreaming {
        VStack(alignment: .leading, spacing: 8) {
          Text(text.isEmpty ? "…" : text)
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
