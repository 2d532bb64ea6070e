import AgentSkill
import AgentSkillLLM
import AgentSkillOffline

#if canImport(FoundationModels)
  import AgentSkillFoundationModels
#endif

/// The assistant's chat agent: weather, ledger and reminder skills in a
/// registry, and a model that calls them.
enum AssistantChat {
  /// The skills in a registry and a chat agent over them.
  ///
  /// The model is Apple's on-device model where it can answer (iOS 26 /
  /// macOS 26 with Apple Intelligence on), else `RuleBasedModel`: offline and
  /// deterministic, it picks the tool, fills its arguments from the message
  /// ("上周三" becomes a date) and answers from the tools' summaries. To use a
  /// server model instead, pass
  /// one of the providers, such as a local Ollama:
  /// `OpenAICompatibleModel.ollama(model: "qwen2.5:7b")`.
  ///
  /// - Parameters:
  ///   - reminders: Where the reminder skill saves. Defaults to the user's
  ///     Reminders (EventKit) on Apple platforms, memory elsewhere.
  ///   - environment: The agent's clock and dependencies; tests pass their own.
  /// - Returns: The chat agent.
  @MainActor static func make(
    reminders: any ReminderStore = ReminderSkill.platformStore(),
    environment: SkillEnvironment = SkillEnvironment()
  ) -> ChatAgent {
    let registry = SkillRegistry()
    do {
      try registry.register(contentsOf: [
        WeatherSkill(), LedgerSkill(book: LedgerBook()), ReminderSkill(store: reminders),
      ])
    } catch {
      // Only a programming error (a duplicate id, an invalid schema) gets
      // here; the message says which skill and how to fix it.
      assertionFailure("\(error)")
    }
    return ChatAgent(
      model: model(registry: registry),
      registry: registry,
      instructions: "You are a helpful assistant. Answer in the user's language.",
      name: "AssistantAgent",
      environment: environment)
  }

  /// Apple's on-device model when it can answer now, else the offline rule-based model.
  @MainActor static func model(registry: SkillRegistry) -> any LanguageModel {
    #if canImport(FoundationModels)
      if #available(iOS 26, macOS 26, visionOS 26, *), FoundationLanguageModel.isAvailable {
        return FoundationLanguageModel()
      }
    #endif
    return RuleBasedModel(registry: registry, streamingPace: .milliseconds(25))
  }
}
