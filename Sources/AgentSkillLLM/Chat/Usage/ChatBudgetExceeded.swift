import Foundation

/// Which limit of a ``ChatBudget`` stopped a turn, and by how much
/// (``ChatAgentError/budgetExceeded(_:)``).
public struct ChatBudgetExceeded: Sendable, Hashable, Codable, CustomStringConvertible {
  /// A limit of a ``ChatBudget``.
  public enum Limit: String, Sendable, Hashable, Codable {
    /// ``ChatBudget/tokensPerTurn``.
    case tokensPerTurn
    /// ``ChatBudget/tokensPerConversation``.
    case tokensPerConversation
    /// ``ChatBudget/costPerTurn``.
    case costPerTurn
    /// ``ChatBudget/costPerConversation``.
    case costPerConversation

    /// Whether the limit counts tokens (not money).
    public var countsTokens: Bool { self == .tokensPerTurn || self == .tokensPerConversation }
  }

  /// The limit.
  public var limit: Limit
  /// Its value: tokens, or an amount in ``currencyCode``.
  public var allowed: Decimal
  /// What was spent when the turn stopped, in the same unit.
  public var spent: Decimal
  /// The least the request that was not sent would have added.
  public var nextRequest: Decimal
  /// The currency of a cost limit; `nil` for a token limit.
  public var currencyCode: String?

  /// Creates a record.
  ///
  /// - Parameters:
  ///   - limit: The limit.
  ///   - allowed: Its value.
  ///   - spent: What was spent.
  ///   - nextRequest: The least the next request would have added.
  ///   - currencyCode: The currency of a cost limit.
  public init(limit: Limit, allowed: Decimal, spent: Decimal, nextRequest: Decimal, currencyCode: String?) {
    self.limit = limit
    self.allowed = allowed
    self.spent = spent
    self.nextRequest = nextRequest
    self.currencyCode = currencyCode
  }

  /// What was stopped and how to go on.
  public var description: String {
    let scope =
      limit == .tokensPerTurn || limit == .costPerTurn ? "per turn" : "per conversation"
    let unit = limit.countsTokens ? " tokens" : " \(currencyCode ?? "")"
    let fix =
      limit == .tokensPerTurn || limit == .costPerTurn
      ? "Ask for less at once, or raise ChatAgentOptions.budget.\(limit.rawValue)."
      : "Start a new conversation (clear), or raise ChatAgentOptions.budget.\(limit.rawValue)."
    return
      "The model was not asked again: \(spent)\(unit) spent plus at least \(nextRequest)\(unit) for the next request "
      + "would pass the budget of \(allowed)\(unit) \(scope). \(fix)"
  }
}
