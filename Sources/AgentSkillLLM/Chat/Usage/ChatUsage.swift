import Foundation

/// What a turn or a conversation of a ``ChatAgent`` spent: tokens summed over
/// its model requests, and their cost when the agent has
/// ``ChatAgentOptions/prices``.
///
/// ```swift
/// @MainActor
/// func spent(_ chat: ChatAgent) -> String {
///   let usage = chat.context.conversationUsage
///   return "\(usage.tokens.totalTokens) tokens in \(usage.modelRequests) requests"
/// }
/// ```
public struct ChatUsage: Sendable, Hashable, Codable {
  /// Tokens spent, summed over the requests that reported usage.
  public var tokens: TokenUsage
  /// What the tokens cost, in the prices' currency; `nil` when the agent has no prices.
  public var cost: Decimal?
  /// How many model requests were sent.
  public var modelRequests: Int

  /// Creates a record.
  ///
  /// - Parameters:
  ///   - tokens: Tokens spent. Defaults to none.
  ///   - cost: What they cost. Defaults to unknown.
  ///   - modelRequests: Requests sent. Defaults to 0.
  public init(
    tokens: TokenUsage = TokenUsage(inputTokens: 0, outputTokens: 0), cost: Decimal? = nil, modelRequests: Int = 0
  ) {
    self.tokens = tokens
    self.cost = cost
    self.modelRequests = modelRequests
  }

  /// Nothing spent.
  public static let zero = ChatUsage()

  /// What is left of this record without `other` (a part of it).
  func removing(_ other: ChatUsage) -> ChatUsage {
    let tokens = TokenUsage(
      inputTokens: self.tokens.inputTokens - other.tokens.inputTokens,
      outputTokens: self.tokens.outputTokens - other.tokens.outputTokens,
      cacheReadInputTokens: self.tokens.cacheReadInputTokens - other.tokens.cacheReadInputTokens,
      cacheWriteInputTokens: self.tokens.cacheWriteInputTokens - other.tokens.cacheWriteInputTokens,
      reasoningTokens: self.tokens.reasoningTokens - other.tokens.reasoningTokens)
    let cost = self.cost.map { $0 - (other.cost ?? 0) }
    return ChatUsage(tokens: tokens, cost: cost, modelRequests: modelRequests - other.modelRequests)
  }

  /// Adds one model request: its usage (when reported) and cost (when priced).
  mutating func add(request usage: TokenUsage?, cost: Decimal?) {
    modelRequests += 1
    if let usage { tokens = tokens + usage }
    if let cost { self.cost = (self.cost ?? 0) + cost }
  }
}
