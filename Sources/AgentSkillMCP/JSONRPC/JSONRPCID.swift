import AgentSkillLLM

/// The id of a JSON-RPC request: a string or an integer, as MCP allows.
///
/// ```swift
/// let id: JSONRPCID = 7
/// id.json.rendered()   // 7
/// ```
public enum JSONRPCID: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral,
  ExpressibleByStringLiteral
{
  /// A numeric id.
  case integer(Int)
  /// A string id.
  case string(String)

  /// Creates a numeric id.
  public init(integerLiteral value: Int) { self = .integer(value) }
  /// Creates a string id.
  public init(stringLiteral value: String) { self = .string(value) }

  /// The id from a JSON value, or `nil` when the value is not a string or an integral number.
  ///
  /// - Parameter json: The `id` member of a message.
  public init?(json: JSONValue) {
    switch json {
    case .string(let text): self = .string(text)
    case .integer(let value): self = .integer(value)
    case .number(let value):
      guard let exact = Int(exactly: value) else { return nil }
      self = .integer(exact)
    default: return nil
    }
  }

  /// The id as JSON.
  public var json: JSONValue {
    switch self {
    case .integer(let value): .integer(value)
    case .string(let value): .string(value)
    }
  }

  /// The id as written in JSON (`7`, `"abc"`).
  public var description: String { json.rendered() }
}
