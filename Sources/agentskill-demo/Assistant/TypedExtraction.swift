import AgentSkillDemoKit
import AgentSkillLLM
import Foundation

/// `--json TYPE`: each question becomes a typed Swift value through
/// `LanguageModel.generate`, printed as JSON (offline, the rule-based model
/// fills the schema derived from the type with its extractors).
enum TypedExtraction {
  /// The types `--json` accepts.
  static let typeNames = ["reminder", "expense"]

  /// A reminder as a typed value.
  struct Reminder: Codable, Sendable, SchemaDescribing {
    let title: String
    let due: Date
    static let schemaFields: [String: SchemaField] = [
      "title": "What to be reminded of", "due": "When to remind",
    ]
  }

  /// A ledger expense as a typed value, in the ledger's own categories
  /// (`餐饮` or `Food`, as the user wrote it; ``LedgerCategory/init(name:)`` reads either).
  struct Expense: Codable, Sendable, SchemaDescribing {
    let amount: Double
    let category: String
    /// Chinese first, then an English gloss in parentheses, so the offline
    /// model asks in the user's language (and lists the categories in it).
    static let schemaFields: [String: SchemaField] = [
      "amount": SchemaField("金额 (amount spent)", minimum: 0),
      "category": SchemaField(
        "记账类别 (ledger category)", allowedValues: LedgerCategory.allNames.map(JSONValue.string)),
    ]
  }

  /// Generates a `typeName` value from `question` and returns the lines to print.
  static func run(_ typeName: String, question: String, model: any LanguageModel, timeZone: TimeZone) async throws
    -> [String]
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(date.formatted(Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: timeZone)))
    }
    let schema: JSONSchema
    let data: Data
    switch typeName {
    case "reminder":
      schema = try JSONSchema.derived(from: Reminder.self)
      data = try encoder.encode(try await model.generate(Reminder.self, prompt: question))
    default:
      schema = try JSONSchema.derived(from: Expense.self)
      data = try encoder.encode(try await model.generate(Expense.self, prompt: question))
    }
    return ["schema: \(schema)", "value:  \(String(decoding: data, as: UTF8.self))"]
  }
}
