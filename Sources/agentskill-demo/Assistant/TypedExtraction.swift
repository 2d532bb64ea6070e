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

  /// A ledger expense as a typed value.
  struct Expense: Codable, Sendable, SchemaDescribing {
    enum Category: String, Codable, Sendable, CaseIterable {
      case food, transport, shopping, rent, other
    }
    let amount: Double
    let category: Category
    static let schemaFields: [String: SchemaField] = [
      "amount": SchemaField("Amount spent", minimum: 0), "category": "Ledger category",
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
