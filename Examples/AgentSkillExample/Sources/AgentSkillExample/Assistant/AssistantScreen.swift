#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillChatUI
  import AgentSkillLLM
  import AgentSkillUI
  import SwiftUI

  /// The assistant: a chat whose model can look up the weather, query
  /// the ledger (a table grouped by category) and create reminders (after the
  /// user confirms), with the debug panel one tap away. Where Apple's
  /// on-device model is available, a menu switches between it and the
  /// offline model (a new conversation each time).
  struct AssistantScreen: View {
    let root: AppRoot

    var body: some View {
      if let chat = root.assistant {
        conversation(chat)
      }
    }

    private func conversation(_ chat: ChatAgent) -> some View {
      NavigationStack {
        ChatView(agent: chat)
          .debugPanelButton()
          .navigationTitle("Assistant")
          .toolbar {
            if AssistantModel.available.count > 1 {
              Picker("Model", selection: root.agent.binding(\.assistantModel, apply: AppEffect.setAssistantModel)) {
                ForEach(AssistantModel.available) { Text($0.rawValue).tag($0) }
              }
            }
            Button("New chat", systemImage: "square.and.pencil") { chat.clear() }
              .disabled(chat.messages.isEmpty)
          }
      }
      .environment(chat)
    }
  }
#endif
