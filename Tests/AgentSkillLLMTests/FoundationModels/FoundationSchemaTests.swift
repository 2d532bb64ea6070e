import AgentSkillLLM
import Testing

@testable import AgentSkillFoundationModels

@Suite("FoundationModels bridge: schemas, errors (plain Swift)", .timeLimit(.minutes(5)))
struct FoundationSchemaTests {
  /// The samples whose schema the on-device model cannot be constrained to, and where.
  static let unsupported: [String: String] = [
    "ScoresSample": "#/properties/scores",
    "DirectorySample": "#/properties/offices",
    "Dictionary<String, Priority>": "#",
    "AnyPayloadSample": "#/properties/payload",
    "TaskSample": "#/properties/level",
  ]

  @Test(
    "every sample schema converts, or fails naming the part that cannot be expressed",
    arguments: DerivationSamples.cases)
  func samples(_ sample: DerivationCase) throws {
    let schema = try sample.derive()
    if let location = Self.unsupported[sample.name] {
      let error = #expect(throws: FoundationSchemaError.self) {
        try FoundationSchema.convert(schema, name: "Sample")
      }
      #expect(error?.location == location)
      #expect(error?.description.contains("cannot constrain Apple's on-device model") == true)
      return
    }
    let converted = try FoundationSchema.convert(schema, name: "Sample")
    if case .object(_, _, let properties) = converted {
      let names = schema.json["properties"]?.objectValue?.keys ?? []
      #expect(properties.map(\.name) == names)
      let required = Set(schema.json["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
      for property in properties {
        #expect(property.isOptional == !required.contains(property.name), "\(sample.name).\(property.name)")
      }
    }
  }

  @Test("the reminder converts member by member: formats as descriptions, enums as choices, optionals")
  func reminder() throws {
    let converted = try FoundationSchema.convert(try JSONSchema.derived(from: ReminderSample.self), name: "Reminder")
    #expect(
      converted
        == .object(
          name: "Reminder", description: nil,
          properties: [
            .init(name: "title", description: nil, schema: .string(pattern: nil), isOptional: false),
            .init(
              name: "due", description: "an ISO 8601 date and time such as 2025-03-01T09:00:00+08:00",
              schema: .string(pattern: nil), isOptional: false),
            .init(
              name: "priority", description: nil,
              schema: .choice(name: "Reminder_priority", description: nil, values: ["low", "normal", "high"]),
              isOptional: true),
          ]))
  }

  @Test("constraints become guides: bounds, patterns, element counts")
  func guides() throws {
    let forecast = try FoundationSchema.convert(try JSONSchema.derived(from: ForecastRequest.self), name: "F")
    guard case .object(_, let description, let properties) = forecast else {
      Issue.record("not an object")
      return
    }
    #expect(description == "A weather forecast request")
    #expect(properties[1].schema == .integer(minimum: 1, maximum: 7))
    #expect(properties[2].schema == .string(pattern: "^[A-Z]{3}$"))
    #expect(
      properties[3].schema
        == .choice(name: "F_unit", description: "Temperature unit", values: ["celsius", "fahrenheit"]))
  }

  @Test("unavailability and generation errors say what to do")
  func errors() {
    #expect(FoundationModelError.appleIntelligenceNotEnabled.description.contains("Settings"))
    #expect(FoundationModelError.deviceNotEligible.description.contains("offline model"))
    #expect(FoundationModelError.modelNotReady.description.contains("try again later"))
    #expect(FoundationModelError.exceededContextWindowSize("4096").description.contains("new conversation"))
    #expect(FoundationModelError.guardrailViolation("x").description.contains("Rephrase"))
  }
}
