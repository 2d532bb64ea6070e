import Foundation

/// Limits on what a ``ChatAgent`` may spend (``ChatAgentOptions/budget``):
/// tokens and, with ``ChatAgentOptions/prices``, money, per turn and per
/// conversation (until ``ChatAgent/clear()``).
///
/// Before each model request the agent adds what was spent to the least the
/// request can cost — its input is at least the previous request's, since the
/// conversation only grows — and when that reaches past a limit, the turn
/// stops with ``ChatAgentError/budgetExceeded(_:)`` instead of sending it.
///
/// ```swift
/// var options = ChatAgentOptions()
/// options.prices = TokenPrices(input: 0.25, output: 2)
/// options.budget = ChatBudget(tokensPerTurn: 20_000, costPerConversation: 0.50)
/// ```
public struct ChatBudget: Sendable, Hashable, Codable {
  /// The most tokens (input plus output) one turn may spend; `nil` for no limit.
  public var tokensPerTurn: Int?
  /// The most tokens a conversation may spend; `nil` for no limit.
  public var tokensPerConversation: Int?
  /// The most one turn may cost, in the prices' currency; `nil` for no limit. Needs ``ChatAgentOptions/prices``.
  public var costPerTurn: Decimal?
  /// The most a conversation may cost; `nil` for no limit. Needs ``ChatAgentOptions/prices``.
  public var costPerConversation: Decimal?

  /// Creates limits.
  ///
  /// - Parameters:
  ///   - tokensPerTurn: The most tokens per turn. Defaults to no limit.
  ///   - tokensPerConversation: The most tokens per conversation. Defaults to no limit.
  ///   - costPerTurn: The most cost per turn. Defaults to no limit.
  ///   - costPerConversation: The most cost per conversation. Defaults to no limit.
  public init(
    tokensPerTurn: Int? = nil, tokensPerConversation: Int? = nil, costPerTurn: Decimal? = nil,
    costPerConversation: Decimal? = nil
  ) {
    self.tokensPerTurn = tokensPerTurn
    self.tokensPerConversation = tokensPerConversation
    self.costPerTurn = costPerTurn
    self.costPerConversation = costPerConversation
  }

  /// The first limit the next request would pass, if any.
  ///
  /// - Parameters:
  ///   - turn: What the turn spent so far.
  ///   - conversation: What the conversation spent so far, this turn included.
  ///   - nextInputTokens: The least input the next request sends.
  ///   - prices: The price table, if any.
  func exceeded(turn: ChatUsage, conversation: ChatUsage, nextInputTokens: Int, prices: TokenPrices?)
    -> ChatBudgetExceeded?
  {
    let next = max(0, nextInputTokens)
    if let limit = tokensPerTurn, turn.tokens.totalTokens + next > limit {
      return ChatBudgetExceeded(
        limit: .tokensPerTurn, allowed: Decimal(limit), spent: Decimal(turn.tokens.totalTokens),
        nextRequest: Decimal(next), currencyCode: nil)
    }
    if let limit = tokensPerConversation, conversation.tokens.totalTokens + next > limit {
      return ChatBudgetExceeded(
        limit: .tokensPerConversation, allowed: Decimal(limit), spent: Decimal(conversation.tokens.totalTokens),
        nextRequest: Decimal(next), currencyCode: nil)
    }
    guard let prices else { return nil }
    let least = prices.leastCost(ofInput: next)
    if let limit = costPerTurn, (turn.cost ?? 0) + least > limit {
      return ChatBudgetExceeded(
        limit: .costPerTurn, allowed: limit, spent: turn.cost ?? 0, nextRequest: least,
        currencyCode: prices.currencyCode)
    }
    if let limit = costPerConversation, (conversation.cost ?? 0) + least > limit {
      return ChatBudgetExceeded(
        limit: .costPerConversation, allowed: limit, spent: conversation.cost ?? 0, nextRequest: least,
        currencyCode: prices.currencyCode)
    }
    return nil
  }
}
