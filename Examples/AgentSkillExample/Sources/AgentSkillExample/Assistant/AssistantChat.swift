import AgentSkill
import AgentSkillLLM
import AgentSkillOffline

#if canImport(FoundationModels)
  import AgentSkillFoundationModels
#endif

/// The model the assistant talks to.
enum AssistantModel: String, CaseIterable, Identifiable, Sendable {
  /// Apple's on-device model (iOS 26 / macOS 26 with Apple Intelligence on).
  case onDevice = "On-device"
  /// The offline rule-based model: deterministic, works everywhere.
  case offline = "Offline"

  var id: String { rawValue }

  /// The models this device can use now: the offline one always, the
  /// on-device one where Apple's model can answer.
  @MainActor static var available: [AssistantModel] {
    #if canImport(FoundationModels)
      if #available(iOS 26, macOS 26, visionOS 26, *), FoundationLanguageModel.isAvailable {
        return [.onDevice, .offline]
      }
    #endif
    return [.offline]
  }
}

/// The assistant's chat agent: weather, ledger and reminder skills in a
/// registry, and a model that calls them.
enum AssistantChat {
  /// The skills in a registry and a chat agent over them.
  ///
  /// The model is Apple's on-device model where it can answer (iOS 26 /
  /// macOS 26 with Apple Intelligence on) unless `preferred` is `.offline`,
  /// else `RuleBasedModel`: offline and
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
  ///   - preferred: The model to use when this device has it.
  /// - Returns: The chat agent.
  @MainActor static func make(
    reminders: any ReminderStore = ReminderSkill.platformStore(),
    environment: SkillEnvironment = SkillEnvironment(),
    preferred: AssistantModel = AssistantModel.available[0]
  ) -> ChatAgent {
    make(registry: registry(reminders: reminders), environment: environment, preferred: preferred)
  }

  /// The assistant's skills: weather, ledger and reminders saved to `reminders`.
  @MainActor static func registry(reminders: any ReminderStore) -> SkillRegistry {
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
    return registry
  }

  /// A chat agent over the skills of `registry`; see ``make(reminders:environment:preferred:)``.
  @MainActor static func make(
    registry: SkillRegistry, environment: SkillEnvironment, preferred: AssistantModel
  ) -> ChatAgent {
    ChatAgent(
      model: model(preferred, registry: registry),
      registry: registry,
      instructions: "You are a helpful assistant. Answer in the user's language.",
      name: "AssistantAgent",
      environment: environment)
  }

  /// Apple's on-device model when it is `preferred` and can answer now, else
  /// the offline rule-based model.
  @MainActor static func model(_ preferred: AssistantModel, registry: SkillRegistry) -> any LanguageModel {
    #if canImport(FoundationModels)
      if preferred == .onDevice, #available(iOS 26, macOS 26, visionOS 26, *), FoundationLanguageModel.isAvailable {
        return FoundationLanguageModel()
      }
    #endif
    return RuleBasedModel(registry: registry, streamingPace: .milliseconds(25))
  }
}
