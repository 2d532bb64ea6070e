import Foundation
import Testing

@testable import AgentSkillLLM

@Suite("JSONSchema Codable and Hashable", .timeLimit(.minutes(5)))
struct JSONSchemaCodableTests {
  static let document: JSONValue = [
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "properties": [
      "city": ["type": "string", "enum": ["北京", "上海"], "x-display": ["zh": "城市", "order": 1]],
      "when": ["type": "string", "format": "date-time", "x-nullable-hint": nil],
    ],
    "required": ["city"],
    "x-vendor": [["any": [1, 2.5, true]]],
  ]

  @Test("encoding and decoding keeps every keyword, unknown ones included")
  func roundTrip() throws {
    let schema = try JSONSchema(Self.document)
    let data = try JSONEncoder().encode(schema)
    let decoded = try JSONDecoder().decode(JSONSchema.self, from: data)
    #expect(decoded == schema)
    #expect(decoded.json == Self.document)
    #expect(decoded.json["x-vendor"] == [["any": [1, 2.5, true]]])
    #expect(decoded.json["properties"]?["when"]?.objectValue?.keys.contains("x-nullable-hint") == true)
    // The decoded schema validates like the original.
    #expect(decoded.validate(["city": "巴黎"]).map(\.description) == [#"/city: must be one of "北京", "上海""#])
    // What the encoder wrote is the document itself, not a wrapper.
    #expect(try JSONValue(parsing: data) == Self.document)
  }

  @Test("a schema nested in another Codable type round-trips")
  func nested() throws {
    struct Stored: Codable, Equatable {
      var name: String
      var parameters: JSONSchema
    }
    let stored = Stored(name: "get_weather", parameters: .object(properties: ["city": .string()], required: ["city"]))
    let decoded = try JSONDecoder().decode(Stored.self, from: JSONEncoder().encode(stored))
    #expect(decoded == stored)
  }

  @Test("decoding an invalid schema throws DecodingError carrying the SchemaError")
  func decodingInvalid() throws {
    let data = Data(#"{"type": "object", "properties": {"city": {"minLength": -1}}}"#.utf8)
    let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode(JSONSchema.self, from: data) }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(error)")
      return
    }
    #expect(context.debugDescription.contains(#""minLength" at #/properties/city must be a non-negative integer"#))
    #expect(
      context.underlyingError as? SchemaError
        == .invalidKeyword(
          location: "#/properties/city", keyword: "minLength", expected: "a non-negative integer", found: "-1"))
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(JSONSchema.self, from: Data("42".utf8)) }
  }

  @Test("schemas are equal and hash alike when their documents are, whichever way they were made")
  func hashable() throws {
    let built = JSONSchema.object(properties: ["a": .integer()], required: ["a"])
    let parsed = try JSONSchema(
      JSONValue(parsing: #"{"required": ["a"], "properties": {"a": {"type": "integer"}}, "type": "object"}"#))
    #expect(built == parsed)
    #expect(Set([built, parsed]).count == 1)
    #expect(built != .object(properties: ["a": .number()], required: ["a"]))
    let definition = ToolDefinition(name: "t", description: "d", parameters: built)
    #expect(definition == ToolDefinition(name: "t", description: "d", parameters: parsed))
  }

  @Test("one schema validates from many tasks at once, compiling once")
  func concurrentValidation() async {
    let schema = JSONSchema.object(properties: ["n": .integer(minimum: 0)], required: ["n"])
    let results = await withTaskGroup(of: Bool.self) { group in
      for index in 0..<64 {
        group.addTask { schema.isValid(["n": .integer(index % 2 == 0 ? index : -index)]) == (index % 2 == 0) }
      }
      var all: [Bool] = []
      for await result in group { all.append(result) }
      return all
    }
    #expect(results.count == 64)
    #expect(results.allSatisfy { $0 })
  }
}
