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
    @State private var modelChoice = AssistantModel.available[0]
    @State private var chat = AssistantChat.make()

    var body: some View {
      NavigationStack {
        ChatView(agent: chat)
          .debugPanelButton()
          .navigationTitle("Assistant")
          .toolbar {
            if AssistantModel.available.count > 1 {
              Picker("Model", selection: $modelChoice) {
                ForEach(AssistantModel.available) { Text($0.rawValue).tag($0) }
              }
            }
            Button("New chat", systemImage: "square.and.pencil") { chat.clear() }
              .disabled(chat.messages.isEmpty)
          }
          .onChange(of: modelChoice) { _, choice in
            chat.cancel()
            chat = AssistantChat.make(preferred: choice)
          }
      }
      .environment(chat)
    }
  }
#endif
