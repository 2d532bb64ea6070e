/// Claude's extended thinking, sent as the request's `thinking` member.
///
/// With ``adaptive`` the model decides when and how much to think; with
/// ``enabled(budgetTokens:display:)`` it may spend up to a budget of at least
/// 1,024 tokens, which count toward the request's `max_tokens` (keep
/// ``AnthropicModel/defaultMaxTokens`` above the budget). Which modes a model
/// takes depends on the model. While it thinks, the API takes only the `auto`
/// and `none` tool choices: a request that forces a tool
/// (``ToolChoice/required`` or ``ToolChoice/tool(_:)``) is refused.
///
/// The thinking arrives as ``ChatStreamEvent/thinkingDelta(_:)`` and in
/// ``ChatResponse/thinking``; its blocks, in ``ChatResponse/thinkingBlocks``,
/// go back unchanged in the assistant message before the tool calls, as the
/// API requires while the model uses tools (``ChatAgent`` does this for you).
///
/// ```swift
/// let model = AnthropicModel(apiKey: key, model: "claude-sonnet-4-5", thinking: .enabled(budgetTokens: 2048))
/// ```
public struct AnthropicThinking: Sendable, Hashable {
  /// How the model decides to think.
  public enum Mode: Sendable, Hashable {
    /// The model decides when and how much to think (`{"type": "adaptive"}`).
    case adaptive
    /// The model thinks with up to `budgetTokens` tokens (`{"type": "enabled", "budget_tokens": …}`); at least 1,024.
    case enabled(budgetTokens: Int)
  }

  /// How the thinking appears in the answer, sent as `display`.
  public enum Display: String, Sendable, Hashable {
    /// The thinking text is returned (summarized by the current models).
    case summarized
    /// The thinking is left out; only its signature comes back, to keep the conversation going.
    case omitted
  }

  /// How the model decides to think.
  public var mode: Mode
  /// How the thinking appears; `nil` (the default) sends none and gets the model's default.
  public var display: Display?

  /// Creates a setting.
  ///
  /// - Parameters:
  ///   - mode: Adaptive, or enabled with a token budget.
  ///   - display: How the thinking appears; `nil` leaves the model's default.
  public init(mode: Mode, display: Display? = nil) {
    self.mode = mode
    self.display = display
  }

  /// The model decides when and how much to think.
  public static let adaptive = AnthropicThinking(mode: .adaptive)

  /// Thinking with a token budget.
  ///
  /// - Parameters:
  ///   - budgetTokens: The most tokens the model may think with: at least 1,024, less than `max_tokens`.
  ///   - display: How the thinking appears; `nil` leaves the model's default.
  /// - Returns: The setting.
  public static func enabled(budgetTokens: Int, display: Display? = nil) -> AnthropicThinking {
    AnthropicThinking(mode: .enabled(budgetTokens: budgetTokens), display: display)
  }

  /// The smallest budget the API takes.
  static let minimumBudget = 1024

  /// The `thinking` member.
  ///
  /// - Throws: ``LanguageModelError/invalidRequest(reason:)`` for a budget below 1,024 tokens.
  func json() throws -> JSONValue {
    var object: JSONObject
    switch mode {
    case .adaptive:
      object = ["type": "adaptive"]
    case .enabled(let budget):
      guard budget >= Self.minimumBudget else {
        throw LanguageModelError.invalidRequest(
          reason:
            "the thinking budget of \(budget) tokens is below the API's minimum of \(Self.minimumBudget); use .enabled(budgetTokens: 1024) or more, or .adaptive"
        )
      }
      object = ["type": "enabled", "budget_tokens": .integer(budget)]
    }
    if let display { object["display"] = .string(display.rawValue) }
    return .object(object)
  }
}
