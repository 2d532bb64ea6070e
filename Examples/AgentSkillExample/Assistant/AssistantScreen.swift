import AgentSkill
import AgentSkillChatUI
import AgentSkillLLM
import AgentSkillOffline
import AgentSkillUI
import SwiftUI

/// An assistant: a chat whose model can look up the weather, query
/// the ledger (a table grouped by category) and create reminders (after the
/// user confirms), with the debug panel one tap away.
struct AssistantScreen: View {
  @State private var chat = AssistantScreen.makeChat()

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

  /// The skills in a registry and a chat agent over them.
  ///
  /// The model is `RuleBasedModel`: offline and deterministic, it picks the
  /// tool, fills its arguments from the message ("上周三" becomes a date) and
  /// answers from the tools' summaries. To use a real model instead, pass
  /// one of the providers, such as a local Ollama:
  /// `OpenAICompatibleModel.ollama(model: "qwen2.5:7b")`.
  @MainActor static func makeChat() -> ChatAgent {
    let registry = SkillRegistry()
    do {
      try registry.register(contentsOf: [WeatherSkill(), LedgerSkill(book: LedgerBook()), ReminderSkill()])
    } catch {
      // Only a programming error (a duplicate id, an invalid schema) gets
      // here; the message says which skill and how to fix it.
      assertionFailure("\(error)")
    }
    return ChatAgent(
      model: RuleBasedModel(registry: registry, streamingPace: .milliseconds(25)),
      registry: registry,
      instructions: "You are a helpful assistant. Answer in the user's language.",
      name: "AssistantAgent")
  }
}
