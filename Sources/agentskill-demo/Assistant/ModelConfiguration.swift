import AgentSkillLLM
import AgentSkillOffline
import Foundation

/// Which model the assistant asks: a configured provider, or the offline
/// rule-based model when none is configured.
///
/// Flags win over the environment (`AGENTSKILL_PROVIDER`, `AGENTSKILL_BASE_URL`,
/// `AGENTSKILL_MODEL`, `AGENTSKILL_API_KEY`). A provider is configured by a
/// base URL, or by `--provider anthropic` or `--provider openai-responses`
/// with an API key (the vendor's URL is the default).
enum ModelConfiguration {
  /// The embedded ``RuleBasedModel``.
  case offline
  /// An OpenAI-compatible server (OpenAI, Ollama, vLLM, llama.cpp, DeepSeek, Qwen, LM Studio).
  case openAI(baseURL: URL, model: String, apiKey: String?)
  /// Anthropic's Messages API.
  case anthropic(baseURL: URL, model: String, apiKey: String)
  /// OpenAI's Responses API.
  case openAIResponses(baseURL: URL, model: String, apiKey: String?)

  /// Reads the flags and the environment.
  ///
  /// - Throws: ``DemoUsageError`` for an unknown provider, a bad URL, or a missing model or key.
  init(
    provider: String?, baseURL: String?, model: String?, apiKey: String?, environment: [String: String]
  ) throws(DemoUsageError) {
    func value(_ flag: String?, _ variable: String) -> String? {
      let raw = flag ?? environment[variable]
      guard let raw, !raw.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
      return raw.trimmingCharacters(in: .whitespaces)
    }
    let provider = value(provider, "AGENTSKILL_PROVIDER")?.lowercased()
    let base = value(baseURL, "AGENTSKILL_BASE_URL")
    let modelName = value(model, "AGENTSKILL_MODEL")
    let key = value(apiKey, "AGENTSKILL_API_KEY")
    if let provider, !["openai", "anthropic", "openai-responses"].contains(provider) {
      throw DemoUsageError(
        message:
          "unknown provider '\(provider)'; use --provider openai (any OpenAI-compatible server), anthropic "
          + "or openai-responses")
    }
    let url: URL?
    if let base {
      guard let parsed = URL(string: base), let scheme = parsed.scheme?.lowercased(),
        ["http", "https"].contains(scheme),
        parsed.host != nil
      else {
        throw DemoUsageError(
          message: "--base-url must be an http(s) URL such as http://localhost:11434/v1, not '\(base)'")
      }
      url = parsed
    } else {
      url = nil
    }
    let isAnthropic = provider == "anthropic" || (provider == nil && url?.host?.contains("anthropic") == true)
    let isResponses = provider == "openai-responses"
    guard url != nil || ((isAnthropic || isResponses) && key != nil) else {
      if let provider, provider == "anthropic" || isResponses {
        throw DemoUsageError(
          message: "--provider \(provider) needs an API key: --api-key KEY or AGENTSKILL_API_KEY")
      }
      if provider == "openai" {
        throw DemoUsageError(
          message: "--provider openai needs a server: --base-url URL or AGENTSKILL_BASE_URL "
            + "(e.g. https://api.openai.com/v1 or http://localhost:11434/v1)")
      }
      self = .offline
      return
    }
    guard let modelName else {
      throw DemoUsageError(
        message: "a model server is configured but no model: pass --model NAME or set AGENTSKILL_MODEL")
    }
    if isAnthropic {
      guard let key else {
        throw DemoUsageError(message: "Anthropic needs an API key: --api-key KEY or AGENTSKILL_API_KEY")
      }
      self = .anthropic(baseURL: url ?? AnthropicModel.defaultBaseURL, model: modelName, apiKey: key)
    } else if isResponses {
      self = .openAIResponses(baseURL: url ?? OpenAIResponsesModel.defaultBaseURL, model: modelName, apiKey: key)
    } else if let url {
      self = .openAI(baseURL: url, model: modelName, apiKey: key)
    } else {
      self = .offline
    }
  }

  /// The model, given the assistant's registry and clock for the offline one;
  /// a provider's whole answer must arrive within `timeout`.
  @MainActor
  func makeModel(
    registry: SkillRegistry, timeZone: TimeZone, now: @escaping @Sendable () -> Date, paced: Bool,
    timeout: Duration = .seconds(60)
  ) -> any LanguageModel {
    switch self {
    case .offline:
      RuleBasedModel(registry: registry, timeZone: timeZone, now: now, streamingPace: paced ? .milliseconds(12) : nil)
    case .openAI(let baseURL, let model, let apiKey):
      TimeLimitedModel(base: OpenAICompatibleModel(baseURL: baseURL, apiKey: apiKey, model: model), limit: timeout)
    case .anthropic(let baseURL, let model, let apiKey):
      TimeLimitedModel(base: AnthropicModel(baseURL: baseURL, apiKey: apiKey, model: model), limit: timeout)
    case .openAIResponses(let baseURL, let model, let apiKey):
      TimeLimitedModel(base: OpenAIResponsesModel(baseURL: baseURL, apiKey: apiKey, model: model), limit: timeout)
    }
  }

  /// `offline rule-based model`, `gpt-4o-mini at https://…` — never the key.
  func label(_ chinese: Bool) -> String {
    switch self {
    case .offline: chinese ? "离线规则模型（RuleBasedModel）" : "offline rule-based model (RuleBasedModel)"
    case .openAI(let url, let model, _): "\(model) @ \(url.absoluteString)"
    case .anthropic(let url, let model, _): "\(model) @ \(url.absoluteString) (Anthropic)"
    case .openAIResponses(let url, let model, _): "\(model) @ \(url.absoluteString) (OpenAI Responses)"
    }
  }
}
