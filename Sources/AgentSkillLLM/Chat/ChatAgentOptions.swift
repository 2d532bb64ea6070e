/// How a ``ChatAgent`` runs its tool-calling loop.
///
/// ```swift
/// @MainActor
/// func makeChat(model: any LanguageModel, registry: SkillRegistry) -> ChatAgent {
///   var options = ChatAgentOptions()
///   options.maxSteps = 4  // at most 4 model requests per message
///   options.toolTimeout = .seconds(10)
///   return ChatAgent(model: model, registry: registry, options: options)
/// }
/// ```
public struct ChatAgentOptions: Sendable, Hashable {
  /// The most model requests per user message (default 6). When the model
  /// still calls tools on the last one, the turn fails with
  /// ``ChatAgentError/stepLimitReached(maxSteps:)``. Values below 1 count as 1.
  public var maxSteps: Int
  /// How many times the model may correct a call to the same tool whose
  /// arguments were invalid (or a call to an unknown tool) before the turn
  /// fails with ``ChatAgentError/repairsExhausted(tool:repairs:problem:)`` (default 2).
  public var repairsPerCall: Int
  /// The most tools offered per request (20 by default; more tools make
  /// models pick the wrong one more often).
  public var matchLimit: Int
  /// The lowest match score a skill needs to be offered; below it, small
  /// talk gets a plain answer with no tools.
  public var matchThreshold: Double
  /// How long one tool call may run on the agent's clock before it fails
  /// with a timeout result; `nil` for no limit. Defaults to 60 seconds.
  public var toolTimeout: Duration?
  /// How long streamed text is collected before it is applied to the
  /// message, on the agent's clock (default 100 ms): a long answer writes
  /// the context at most ten times per second, not once per token — often
  /// enough to read as live typing, rarely enough that SwiftUI does not
  /// re-lay out a long message for every token.
  public var streamBatchWindow: Duration
  /// The screen asking, for per-screen tool descriptions; `nil` for the defaults.
  public var screen: SkillScreen?
  /// Sampling temperature for every request; `nil` leaves the provider's default.
  public var temperature: Double?
  /// The most tokens per answer; `nil` leaves the provider's default.
  public var maxTokens: Int?
  /// What the model's tokens cost, to price each turn and the conversation (``ChatUsage/cost``); `nil` (the default)
  /// leaves usage unpriced.
  public var prices: TokenPrices?
  /// Limits on tokens and cost per turn and per conversation; a turn that would pass one stops with
  /// ``ChatAgentError/budgetExceeded(_:)``. `nil` (the default) sets none.
  public var budget: ChatBudget?

  /// Creates options.
  ///
  /// - Parameters:
  ///   - maxSteps: The most model requests per message. Defaults to 6.
  ///   - repairsPerCall: Corrections allowed per tool. Defaults to 2.
  ///   - matchLimit: The most tools per request. Defaults to 20.
  ///   - matchThreshold: The lowest score offered. Defaults to ``SkillRegistry/defaultMatchThreshold``.
  ///   - toolTimeout: The limit per tool call. Defaults to 60 seconds.
  ///   - streamBatchWindow: How long streamed text is batched. Defaults to 100 ms.
  ///   - screen: The screen asking. Defaults to none.
  ///   - temperature: Sampling temperature. Defaults to the provider's.
  ///   - maxTokens: The most tokens per answer. Defaults to the provider's.
  ///   - prices: What tokens cost. Defaults to unpriced.
  ///   - budget: Limits on tokens and cost. Defaults to none.
  public init(
    maxSteps: Int = 6, repairsPerCall: Int = 2, matchLimit: Int = SkillRegistry.defaultMatchLimit,
    matchThreshold: Double = SkillRegistry.defaultMatchThreshold, toolTimeout: Duration? = .seconds(60),
    streamBatchWindow: Duration = .milliseconds(100), screen: SkillScreen? = nil, temperature: Double? = nil,
    maxTokens: Int? = nil, prices: TokenPrices? = nil, budget: ChatBudget? = nil
  ) {
    self.maxSteps = maxSteps
    self.repairsPerCall = repairsPerCall
    self.matchLimit = matchLimit
    self.matchThreshold = matchThreshold
    self.toolTimeout = toolTimeout
    self.streamBatchWindow = streamBatchWindow
    self.screen = screen
    self.temperature = temperature
    self.maxTokens = maxTokens
    self.prices = prices
    self.budget = budget
  }
}
