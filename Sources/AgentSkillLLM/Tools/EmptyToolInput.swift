/// The input of a tool that takes no arguments.
///
/// A ``ToolSkill`` whose `Input` is `EmptyToolInput` gets the schema
/// `{"type": "object", "properties": {}}` by default and accepts `{}`
/// (and a missing or `null` arguments value).
///
/// ```swift
/// struct BalanceSkill: ToolSkill {
///   let id = "ledger_balance"
///   let description = "The current balance of the user's ledger"
///   func run(_ input: EmptyToolInput, context: SkillContext) async throws -> ToolOutput { .text("¥1,024.00") }
/// }
/// ```
public struct EmptyToolInput: Sendable, Hashable, Codable {
  /// Creates the empty input.
  public init() {}

  /// Decodes from any value; unknown members are ignored.
  ///
  /// - Parameter decoder: The decoder.
  public init(from decoder: any Decoder) throws {}

  /// Encodes an empty object.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: `EncodingError` from the encoder.
  public func encode(to encoder: any Encoder) throws {
    _ = encoder.container(keyedBy: AnyCodingKey.self)
  }
}
