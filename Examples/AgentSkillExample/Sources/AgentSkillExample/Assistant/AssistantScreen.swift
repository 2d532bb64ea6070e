#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillChatUI
  import AgentSkillLLM
  import AgentSkillUI
  import SwiftUI

  /// The assistant: a chat whose model can look up the weather, query
  /// the ledger (a table grouped by category) and create reminders (after the
  /// user confirms), with the debug panel one tap away.
  struct AssistantScreen: View {
    @State private var chat = AssistantChat.make()

    var body: some View {
      NavigationStack {
        ChatView(agent: chat)
          .debugPanelButton()
          .navigationTitle("Assistant")
          .toolbar {
            Button("New chat", systemImage: "square.and.pencil") { chat.clear() }
              .disabled(chat.messages.isEmpty)
          }
      }
      .environment(chat)
    }
  }
#endif
