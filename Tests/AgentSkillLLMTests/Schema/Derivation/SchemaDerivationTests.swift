import AgentSkill
import AgentSkillTesting
import Foundation
import Testing

@testable import AgentSkillLLM

@Suite("Schemas derived from Swift types", .timeLimit(.minutes(5)))
struct SchemaDerivationTests {
  @Test(
    "the derived schema accepts what JSONEncoder writes and rejects broken values", arguments: DerivationSamples.cases)
  func samples(_ sample: DerivationCase) throws {
    let schema = try sample.derive()
    try schema.verify()
    for value in try sample.encoded() {
      #expect(schema.validate(value) == [], "\(sample.name): \(value.rendered()) against \(schema)")
    }
    #expect(try sample.roundTrips(), "\(sample.name) decodes what it encoded")
    for value in sample.invalid {
      #expect(!schema.isValid(value), "\(sample.name) accepted \(value.rendered()); schema \(schema)")
    }
  }

  @Test("there are more than twenty sample types")
  func coverage() {
    #expect(DerivationSamples.cases.count > 20)
  }

  @Test("a struct becomes an object: required from decode, optional members nullable, enums of raw values")
  func reminderDocument() throws {
    let schema = try JSONSchema.derived(from: ReminderSample.self)
    #expect(
      schema.json.rendered()
        == #"{"type":"object","properties":{"title":{"type":"string"},"#
        + #""due":{"type":"string","format":"date-time"},"#
        + #""priority":{"type":["string","null"],"enum":["low","normal","high",null]}},"required":["title","due"]}"#)
  }

  @Test("leaf types carry their formats and bounds")
  func leaves() throws {
    let foundation = try JSONSchema.derived(from: FoundationSample.self)
    #expect(foundation.json["properties"]?["link"] == ["type": "string", "format": "uri"])
    #expect(foundation.json["properties"]?["id"] == ["type": "string", "format": "uuid"])
    let integers = try JSONSchema.derived(from: IntegersSample.self)
    #expect(integers.json["properties"]?["tiny"] == ["type": "integer", "minimum": -128, "maximum": 127])
    #expect(integers.json["properties"]?["quad"] == ["type": "integer", "minimum": 0])
    #expect(integers.json["properties"]?["large"] == ["type": "integer"])
    #expect(try JSONSchema.derived(from: String.self).json == ["type": "string"])
    #expect(try JSONSchema.derived(from: Level.self).json == ["type": "integer", "enum": [1, 2, 3]])
  }

  @Test("SchemaDescribing adds the description and the constraints of each member")
  func described() throws {
    let schema = try JSONSchema.derived(from: ForecastRequest.self)
    #expect(schema.json["description"] == "A weather forecast request")
    #expect(
      schema.json["properties"]?["days"]
        == ["type": "integer", "description": "Forecast length in days", "minimum": 1, "maximum": 7])
    #expect(
      schema.json["properties"]?["code"]
        == ["type": ["string", "null"], "description": "Airport code", "pattern": "^[A-Z]{3}$"])
    #expect(schema.json["required"] == ["city", "days", "unit"])
  }

  @Test("a type that contains itself is an error naming the type and the coding path")
  func recursion() {
    let error = #expect(throws: SchemaDerivationError.self) { try JSONSchema.derived(from: TreeNode.self) }
    #expect(error?.problem == .recursion)
    #expect(error?.typeName == "TreeNode")
    #expect(error?.codingPath == "/children/0")
    #expect(error?.description.contains("contains itself") == true)
  }

  @Test("an init(from:) that decodes differently per value is an error, never a wrong schema")
  func valueDependent() {
    let error = #expect(throws: SchemaDerivationError.self) { try JSONSchema.derived(from: SwitchingSample.self) }
    #expect(error?.problem == .dependsOnValues)
    #expect(error?.typeName == "SwitchingSample")
    #expect(error?.codingPath == "")
  }

  @Test("an init(from:) that rejects a placeholder names the type, the path and its message")
  func picky() {
    let error = #expect(throws: SchemaDerivationError.self) { try JSONSchema.derived(from: PickyInitSample.self) }
    #expect(error?.problem == .rejectedPlaceholder("must have 3 letters"))
  }

  @Test("enums must be CaseIterable, dictionaries keyed by String")
  func enumerationsAndKeys() {
    let unlisted = #expect(throws: SchemaDerivationError.self) { try JSONSchema.derived(from: UnlistedSample.self) }
    #expect(unlisted?.typeName == "UnlistedUnit")
    #expect(unlisted?.codingPath == "/unit")
    #expect(unlisted?.description.contains("add CaseIterable") == true)
    let keyed = #expect(throws: SchemaDerivationError.self) { try JSONSchema.derived(from: IntKeyedSample.self) }
    #expect(keyed?.problem == .dynamicKeys)
    #expect(keyed?.codingPath == "/byYear")
  }

  @Test("descriptions must name decoded members and fit their types")
  func misfits() {
    let unknown = #expect(throws: SchemaDerivationError.self) {
      try JSONSchema.derived(from: UnknownFieldSample.self)
    }
    #expect(unknown?.problem == .unknownField("town"))
    let pattern = #expect(throws: SchemaDerivationError.self) {
      try JSONSchema.derived(from: MisfitConstraintSample.self)
    }
    #expect(pattern?.description.contains("pattern applies to string members, and this one is integer") == true)
    let allowed = #expect(throws: SchemaDerivationError.self) {
      try JSONSchema.derived(from: WrongAllowedValueSample.self)
    }
    #expect(allowed?.description.contains(#"the allowed value "one" does not fit"#) == true)
  }

  @Test("dates decode from ISO 8601 text with or without fractional seconds, or a bare date")
  func dates() throws {
    struct When: Decodable { let at: Date }
    let plain = try (["at": "2025-03-01T08:30:00+08:00"] as JSONValue).decode(When.self)
    #expect(plain.at == Date(timeIntervalSince1970: 1_740_789_000))
    let fractional = try (["at": "2025-03-01T00:30:00.500Z"] as JSONValue).decode(When.self)
    #expect(fractional.at == Date(timeIntervalSince1970: 1_740_789_000.5))
    let day = try (["at": "2025-03-01"] as JSONValue).decode(When.self)
    #expect(day.at == Date(timeIntervalSince1970: 1_740_787_200))
    #expect(throws: DecodingError.self) { try (["at": "tomorrow"] as JSONValue).decode(When.self) }
  }
}

@Suite("ToolSkill's default input schema", .timeLimit(.minutes(5)))
struct ToolSkillDerivedSchemaTests {
  struct ForecastSkill: ToolSkill {
    let id = "forecast"
    let description = "Weather forecast"
    func run(_ input: ForecastRequest, context: SkillContext) async throws -> ToolOutput {
      ToolOutput(summary: "\(input.city) for \(input.days) days")
    }
  }

  struct TreeSkill: ToolSkill {
    let id = "tree"
    let description = "Walks a tree"
    func run(_ input: TreeNode, context: SkillContext) async throws -> ToolOutput { ToolOutput(summary: input.name) }
  }

  @Test("a skill without inputSchema offers the schema derived from its Input and validates by it")
  @MainActor func derivedDefault() async throws {
    let skill = ForecastSkill()
    #expect(skill.inputSchema == (try JSONSchema.derived(from: ForecastRequest.self)))
    let registry = SkillRegistry()
    try registry.register(skill)
    let erased = try #require(registry.skill(withID: "forecast"))
    let prepared = try await erased.prepare(["city": "北京", "days": 3, "unit": "celsius"])
    #expect(try await prepared.run(environment: SkillEnvironment()).summary == "北京 for 3 days")
    let error = await #expect(throws: ToolSkillError.self) {
      try await erased.prepare(["city": "北京", "days": 30, "unit": "celsius"])
    }
    #expect(error?.description.contains("/days: must be at most 7") == true)
  }

  @Test("registering a skill whose Input cannot be described fails with the derivation's reason")
  @MainActor func underivable() {
    let registry = SkillRegistry()
    let error = #expect(throws: SkillRegistryError.self) { try registry.register(TreeSkill()) }
    guard case .invalidSchema(let id, .notDerivable(let reason)) = error else {
      Issue.record("expected invalidSchema(notDerivable), got \(String(describing: error))")
      return
    }
    #expect(id == "tree")
    #expect(reason.problem == .recursion)
    #expect(error?.description.contains("Cannot derive a JSON Schema for TreeNode (at /children/0)") == true)
  }
}
