import AgentSkillLLM
import Foundation
import Testing

// Sample types for schema derivation, typed generation and the FoundationModels bridge.

struct FlatSample: Codable, Sendable, Equatable {
  let name: String
  let active: Bool
  let count: Int
  let ratio: Double
}

struct IntegersSample: Codable, Sendable, Equatable {
  let tiny: Int8
  let small: Int16
  let medium: Int32
  let large: Int64
  let byte: UInt8
  let word: UInt16
  let double: UInt32
  let quad: UInt64
  let natural: UInt
}

struct FloatingSample: Codable, Sendable, Equatable {
  let single: Float
  let precise: Decimal
}

struct FoundationSample: Codable, Sendable, Equatable {
  let when: Date
  let link: URL
  let id: UUID
}

struct Address: Codable, Sendable, Equatable {
  let street: String
  let city: String
}

struct PersonSample: Codable, Sendable, Equatable {
  let name: String
  let home: Address
  let work: Address?
}

struct TagsSample: Codable, Sendable, Equatable {
  let tags: [String]
}

struct LineItem: Codable, Sendable, Equatable {
  let title: String
  let amount: Double
}

struct InvoiceSample: Codable, Sendable, Equatable {
  let items: [LineItem]
}

struct ScoresSample: Codable, Sendable, Equatable {
  let scores: [String: Int]
}

struct DirectorySample: Codable, Sendable, Equatable {
  let offices: [String: Address]
}

struct OptionalsSample: Codable, Sendable, Equatable {
  let note: String?
  let count: Int?
  let flag: Bool
}

enum Priority: String, Codable, Sendable, CaseIterable {
  case low, normal, high
}

enum Level: Int, Codable, Sendable, CaseIterable {
  case one = 1
  case two = 2
  case three = 3
}

struct TaskSample: Codable, Sendable, Equatable {
  let title: String
  let priority: Priority
  let level: Level
}

struct OptionalEnumSample: Codable, Sendable, Equatable {
  let priority: Priority?
}

struct UniqueSample: Codable, Sendable, Equatable {
  let labels: Set<String>
}

struct MatrixSample: Codable, Sendable, Equatable {
  let rows: [[Int]]
}

struct ForecastRequest: Codable, Sendable, Equatable, SchemaDescribing {
  let city: String
  let days: Int
  let code: String?
  let unit: String

  static let schemaDescription: String? = "A weather forecast request"
  static let schemaFields: [String: SchemaField] = [
    "city": "City name",
    "days": SchemaField("Forecast length in days", minimum: 1, maximum: 7),
    "code": SchemaField("Airport code", pattern: "^[A-Z]{3}$"),
    "unit": SchemaField("Temperature unit", allowedValues: ["celsius", "fahrenheit"]),
  ]
}

struct RenamedSample: Codable, Sendable, Equatable {
  let firstName: String
  let lastName: String

  enum CodingKeys: String, CodingKey {
    case firstName = "first_name"
    case lastName = "last_name"
  }
}

struct Celsius: Codable, Sendable, Equatable {
  let value: Double

  init(value: Double) { self.value = value }

  init(from decoder: any Decoder) throws {
    value = try decoder.singleValueContainer().decode(Double.self)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(value)
  }
}

struct ReadingSample: Codable, Sendable, Equatable {
  let temperature: Celsius
  let history: [Celsius]
}

struct AnyPayloadSample: Codable, Sendable, Equatable {
  let kind: String
  let payload: JSONValue
}

struct Level3: Codable, Sendable, Equatable { let value: Int }
struct Level2: Codable, Sendable, Equatable { let inner: Level3? }
struct DeepSample: Codable, Sendable, Equatable { let middle: Level2 }

struct PrioritiesSample: Codable, Sendable, Equatable {
  let priorities: [Priority]
}

struct Page<Item: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
  let items: [Item]
  let next: String?
}

/// A reminder as a typed value, as in the README.
struct ReminderSample: Codable, Sendable, Equatable {
  let title: String
  let due: Date
  let priority: Priority?
}

// MARK: Types that cannot be described

struct TreeNode: Decodable, Sendable {
  let name: String
  let children: [TreeNode]
}

struct SwitchingSample: Decodable, Sendable {
  let payload: String

  enum CodingKeys: String, CodingKey { case flag, text, number }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if try container.decode(Bool.self, forKey: .flag) {
      payload = try container.decode(String.self, forKey: .text)
    } else {
      payload = String(try container.decode(Int.self, forKey: .number))
    }
  }
}

enum UnlistedUnit: String, Decodable, Sendable {
  case celsius, fahrenheit
}

struct UnlistedSample: Decodable, Sendable {
  let unit: UnlistedUnit
}

struct IntKeyedSample: Decodable, Sendable {
  let byYear: [Int: String]
}

struct UnknownFieldSample: Decodable, Sendable, SchemaDescribing {
  let city: String
  static let schemaFields: [String: SchemaField] = ["town": "Town name"]
}

struct MisfitConstraintSample: Decodable, Sendable, SchemaDescribing {
  let count: Int
  static let schemaFields: [String: SchemaField] = ["count": SchemaField(pattern: "^[0-9]+$")]
}

struct WrongAllowedValueSample: Decodable, Sendable, SchemaDescribing {
  let count: Int
  static let schemaFields: [String: SchemaField] = ["count": SchemaField(allowedValues: ["one"])]
}

struct PickyInitSample: Decodable, Sendable {
  let code: String

  enum CodingKeys: String, CodingKey { case code }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    code = try container.decode(String.self, forKey: .code)
    guard code.count == 3 else {
      throw DecodingError.dataCorruptedError(forKey: .code, in: container, debugDescription: "must have 3 letters")
    }
  }
}

/// One sample type: its derived schema must accept what `JSONEncoder` writes for `values` and reject `invalid`.
struct DerivationCase: Sendable, CustomTestStringConvertible {
  let name: String
  let derive: @Sendable () throws -> JSONSchema
  let encoded: @Sendable () throws -> [JSONValue]
  let roundTrips: @Sendable () throws -> Bool
  let invalid: [JSONValue]

  var testDescription: String { name }

  init<T: Codable & Sendable & Equatable>(_ type: T.Type, _ values: [T], invalid: [JSONValue]) {
    name = String(describing: T.self)
    derive = { try JSONSchema.derived(from: T.self) }
    encoded = { try values.map(DerivationCase.encode) }
    roundTrips = { try values.allSatisfy { try DerivationCase.encode($0).decode(T.self) == $0 } }
    self.invalid = invalid
  }

  static func encode(_ value: some Encodable) throws -> JSONValue {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    return try JSONValue(parsing: encoder.encode(value))
  }
}

enum DerivationSamples {
  static let uuid = UUID(uuidString: "F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6") ?? UUID()
  static let home = Address(street: "1 Main St", city: "Springfield")

  static let cases: [DerivationCase] = [
    DerivationCase(
      FlatSample.self, [FlatSample(name: "a", active: true, count: 3, ratio: 0.5)],
      invalid: [
        ["active": true, "count": 3, "ratio": 0.5],
        ["name": 1, "active": true, "count": 3, "ratio": 0.5],
        ["name": "a", "active": "yes", "count": 3, "ratio": 0.5],
        ["name": "a", "active": true, "count": 3.5, "ratio": 0.5],
      ]),
    DerivationCase(
      IntegersSample.self,
      [
        IntegersSample(
          tiny: -128, small: 300, medium: -70_000, large: 1 << 40, byte: 255, word: 65_535, double: 4_000_000_000,
          quad: 12, natural: 7)
      ],
      invalid: [
        [
          "tiny": 128, "small": 0, "medium": 0, "large": 0, "byte": 0, "word": 0, "double": 0, "quad": 0,
          "natural": 0,
        ],
        [
          "tiny": 0, "small": 0, "medium": 0, "large": 0, "byte": -1, "word": 0, "double": 0, "quad": 0,
          "natural": 0,
        ],
        [
          "tiny": 0, "small": 0, "medium": 0, "large": 0, "byte": 0, "word": 0, "double": 0, "quad": 0,
          "natural": -3,
        ],
      ]),
    DerivationCase(
      FloatingSample.self, [FloatingSample(single: 1.5, precise: Decimal(string: "12.25") ?? 0)],
      invalid: [["single": "1.5", "precise": 1], ["single": 1]]),
    DerivationCase(
      FoundationSample.self,
      [
        FoundationSample(
          when: Date(timeIntervalSince1970: 1_740_800_000), link: URL(fileURLWithPath: "/srv/report.pdf"),
          id: uuid)
      ],
      invalid: [
        ["when": 1_740_800_000, "link": "https://example.com", "id": "F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6"],
        ["when": "2025-03-01T00:00:00Z", "link": 3, "id": "x"],
      ]),
    DerivationCase(
      PersonSample.self,
      [PersonSample(name: "Ann", home: home, work: nil), PersonSample(name: "Bo", home: home, work: home)],
      invalid: [
        ["name": "Ann", "home": ["street": "x"]],
        ["name": "Ann", "home": "Springfield"],
        ["name": "Ann", "home": ["street": "x", "city": "y"], "work": ["city": "y"]],
      ]),
    DerivationCase(
      TagsSample.self, [TagsSample(tags: []), TagsSample(tags: ["a", "b"])],
      invalid: [["tags": "a"], ["tags": [1]], [:]]),
    DerivationCase(
      InvoiceSample.self, [InvoiceSample(items: [LineItem(title: "tea", amount: 3.5)])],
      invalid: [["items": [["title": "tea"]]], ["items": [["title": "tea", "amount": "3.5"]]]]),
    DerivationCase(
      ScoresSample.self, [ScoresSample(scores: ["ann": 3, "bo": 5])],
      invalid: [["scores": ["ann": "3"]], ["scores": [1, 2]]]),
    DerivationCase(
      DirectorySample.self, [DirectorySample(offices: ["hq": home])],
      invalid: [["offices": ["hq": ["street": "x"]]]]),
    DerivationCase(
      OptionalsSample.self,
      [OptionalsSample(note: nil, count: nil, flag: false), OptionalsSample(note: "n", count: 2, flag: true)],
      invalid: [["note": 3, "flag": true], ["count": "2", "flag": true], ["note": "n"]]),
    DerivationCase(
      TaskSample.self, [TaskSample(title: "t", priority: .high, level: .two)],
      invalid: [
        ["title": "t", "priority": "urgent", "level": 2],
        ["title": "t", "priority": "low", "level": 4],
        ["title": "t", "level": 1],
      ]),
    DerivationCase(
      OptionalEnumSample.self, [OptionalEnumSample(priority: nil), OptionalEnumSample(priority: .low)],
      invalid: [["priority": "urgent"], ["priority": 1]]),
    DerivationCase(
      UniqueSample.self, [UniqueSample(labels: ["a", "b"])],
      invalid: [["labels": ["a", "a"]], ["labels": [true]]]),
    DerivationCase(
      MatrixSample.self, [MatrixSample(rows: [[1, 2], [3]])],
      invalid: [["rows": [1, 2]], ["rows": [["1"]]]]),
    DerivationCase(
      ForecastRequest.self,
      [ForecastRequest(city: "北京", days: 3, code: "PEK", unit: "celsius")],
      invalid: [
        ["city": "北京", "days": 9, "unit": "celsius"],
        ["city": "北京", "days": 0, "unit": "celsius"],
        ["city": "北京", "days": 3, "code": "pek", "unit": "celsius"],
        ["city": "北京", "days": 3, "unit": "kelvin"],
        ["days": 3, "unit": "celsius"],
      ]),
    DerivationCase(
      RenamedSample.self, [RenamedSample(firstName: "Ann", lastName: "Lee")],
      invalid: [["firstName": "Ann", "lastName": "Lee"], ["first_name": "Ann"]]),
    DerivationCase(
      ReadingSample.self, [ReadingSample(temperature: Celsius(value: 21.5), history: [Celsius(value: 20)])],
      invalid: [["temperature": ["value": 21.5], "history": []], ["temperature": 21.5, "history": ["20"]]]),
    DerivationCase(
      AnyPayloadSample.self,
      [AnyPayloadSample(kind: "x", payload: ["a": [1, "b"]]), AnyPayloadSample(kind: "y", payload: 3)],
      invalid: [["kind": "x"], ["kind": 1, "payload": 1]]),
    DerivationCase(
      DeepSample.self,
      [DeepSample(middle: Level2(inner: Level3(value: 1))), DeepSample(middle: Level2(inner: nil))],
      invalid: [["middle": ["inner": ["value": "1"]]], ["middle": ["inner": [:]]], [:]]),
    DerivationCase(
      PrioritiesSample.self, [PrioritiesSample(priorities: [.low, .high])],
      invalid: [["priorities": ["low", "urgent"]], ["priorities": "low"]]),
    DerivationCase(
      Page<LineItem>.self, [Page(items: [LineItem(title: "a", amount: 1)], next: "c2")],
      invalid: [["items": [["title": "a"]]], ["next": "c2"]]),
    DerivationCase(
      [LineItem].self, [[LineItem(title: "a", amount: 1)], []],
      invalid: [["title": "a", "amount": 1], [["title": 1, "amount": 1]]]),
    DerivationCase(
      [String: Priority].self, [["a": .low]],
      invalid: [["a": "urgent"], ["a", "b"]]),
    DerivationCase(
      ReminderSample.self,
      [
        ReminderSample(title: "Call mum", due: Date(timeIntervalSince1970: 1_740_800_000), priority: .high),
        ReminderSample(title: "Pay rent", due: Date(timeIntervalSince1970: 1_740_000_000), priority: nil),
      ],
      invalid: [["title": "Call mum"], ["title": "Call mum", "due": "2025-03-01T09:00:00Z", "priority": "asap"]]),
  ]
}
