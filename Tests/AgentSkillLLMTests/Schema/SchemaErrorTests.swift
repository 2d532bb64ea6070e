import Testing

@testable import AgentSkillLLM

@Suite("JSONSchema bad schemas", .timeLimit(.minutes(5)))
struct SchemaErrorTests {
  static func error(_ schema: JSONValue) -> SchemaError? {
    do {
      _ = try JSONSchema(schema)
      return nil
    } catch {
      return error
    }
  }

  @Test("a document that is not an object or a boolean is rejected, at the root or inside")
  func notASchema() {
    #expect(Self.error("string") == .notASchema(location: "#", found: #""string""#))
    #expect(
      Self.error(["properties": ["city": "string"]]) == .notASchema(location: "#/properties/city", found: #""string""#))
    #expect(Self.error(["items": 1]) == .notASchema(location: "#/items", found: "1"))
    #expect(Self.error(["allOf": [[:], nil]]) == .notASchema(location: "#/allOf/1", found: "null"))
    #expect(Self.error(["$defs": ["unused": [1]]]) == .notASchema(location: "#/$defs/unused", found: "[1]"))
    let message = Self.error(["properties": ["city": "string"]])?.description ?? ""
    #expect(
      message.hasPrefix(
        #"the schema at #/properties/city must be an object or a boolean, found "string"; write an object such as {"type": "string"}"#
      ))
  }

  @Test(
    "keywords of the wrong type name the keyword, what it needs and what was found",
    arguments: [
      (["type": 1], "type", "1"),
      (["type": "strng"], "type", #""strng""#),
      (["type": ["string", 2]], "type", #"["string",2]"#),
      (["minLength": -1], "minLength", "-1"),
      (["maxItems": 1.5], "maxItems", "1.5"),
      (["minProperties": "1"], "minProperties", #""1""#),
      (["required": "city"], "required", #""city""#),
      (["required": [1]], "required", "[1]"),
      (["enum": "a"], "enum", #""a""#),
      (["multipleOf": 0], "multipleOf", "0"),
      (["maximum": "7"], "maximum", #""7""#),
      (["pattern": 1], "pattern", "1"),
      (["uniqueItems": "yes"], "uniqueItems", #""yes""#),
      (["properties": [1]], "properties", "[1]"),
      (["allOf": []], "allOf", "[]"),
      (["anyOf": [:]], "anyOf", "{}"),
      (["items": [["type": "string"]]], "items", #"[{"type":"string"}]"#),
      (["dependentRequired": ["a": "b"]], "dependentRequired", #""b""#),
      (["$ref": 1], "$ref", "1"),
      (["$id": 1], "$id", "1"),
      (["description": 1], "description", "1"),
    ] as [(JSONValue, String, String)]
  )
  func invalidKeyword(_ schema: JSONValue, _ keyword: String, _ found: String) throws {
    let error = try #require(Self.error(schema))
    guard case .invalidKeyword(let location, let reportedKeyword, _, let reportedFound) = error else {
      Issue.record("expected invalidKeyword, got \(error)")
      return
    }
    #expect(location == "#")
    #expect(reportedKeyword == keyword)
    #expect(reportedFound == found)
    #expect(error.description.hasPrefix(#""\#(keyword)" at # must be "#))
  }

  @Test("messages tell how to fix the schema")
  func fixIts() {
    #expect(Self.error(["minLength": -1])?.description == #""minLength" at # must be a non-negative integer, found -1"#)
    #expect(
      Self.error(["items": [["type": "string"]]])?.description
        == #""items" at # must be a schema (for a list of per-position schemas use "prefixItems" in draft 2020-12), found [{"type":"string"}]"#
    )
    let long = Self.error(["enum": .string(String(repeating: "x", count: 100))])?.description ?? ""
    #expect(long.hasSuffix("found \"" + String(repeating: "x", count: 38) + "…"))
  }

  @Test("invalid regular expressions are rejected with their location")
  func invalidPatterns() {
    #expect(Self.error(["pattern": "[a-"]) == .invalidPattern(location: "#/pattern", pattern: "[a-"))
    #expect(
      Self.error(["properties": ["code": ["patternProperties": ["(x": true]]]])
        == .invalidPattern(location: "#/properties/code/patternProperties/(x", pattern: "(x")
    )
    #expect(
      Self.error(["pattern": "[a-"])?.description.contains(#"the regular expression "[a-" at #/pattern is not valid"#)
        == true)
  }

  @Test("references that name nothing in the document are rejected; remote ones say they are never fetched")
  func unresolvableReferences() {
    #expect(
      Self.error(["$ref": "#/$defs/missing"])
        == .unresolvableReference(location: "#/$ref", reference: "#/$defs/missing"))
    #expect(Self.error(["$ref": "#nowhere"]) == .unresolvableReference(location: "#/$ref", reference: "#nowhere"))
    #expect(
      Self.error(["properties": ["a": ["$ref": "other.json"]]])
        == .unresolvableReference(location: "#/properties/a/$ref", reference: "other.json"))
    let remote = Self.error(["$ref": "https://example.com/schema.json"])
    #expect(remote?.location == "#/$ref")
    #expect(remote?.description.contains("remote schemas are never fetched") == true)
    #expect(remote?.description.contains(#"copy the referenced schema under "$defs""#) == true)
  }

  @Test("two schemas with the same $id are rejected")
  func duplicateIdentifiers() {
    let schema: JSONValue = [
      "$id": "https://example.com/root.json",
      "$defs": ["a": ["$id": "a.json"], "b": ["$id": "https://example.com/a.json"]],
    ]
    let error = Self.error(schema)
    guard case .duplicateIdentifier(_, let identifier) = error else {
      Issue.record("expected duplicateIdentifier, got \(String(describing: error))")
      return
    }
    #expect(["a.json", "https://example.com/a.json"].contains(identifier))
  }

  @Test("a $ref cycle that never descends into the instance is rejected")
  func infiniteRecursion() {
    #expect(Self.error(["$ref": "#"]) == .infiniteRecursion(location: "#", cycle: ["#", "#"]))
    let error = Self.error([
      "$defs": ["a": ["$ref": "#/$defs/b"], "b": ["allOf": [["$ref": "#/$defs/a"]]]], "$ref": "#/$defs/a",
    ])
    guard case .infiniteRecursion(_, let cycle) = error else {
      Issue.record("expected infiniteRecursion, got \(String(describing: error))")
      return
    }
    #expect(cycle.first == cycle.last)
    #expect(Set(cycle) == ["#/$defs/a", "#/$defs/b", "#/$defs/b/allOf/0"])
    #expect(error?.description.contains("without descending into the instance") == true)
    #expect(Self.error(["anyOf": [["not": ["$ref": "#"]]]]) != nil)
  }

  @Test("recursion through properties or items is fine")
  func descendingRecursion() throws {
    let tree = try JSONSchema([
      "type": "object",
      "properties": ["value": ["type": "integer"], "children": ["type": "array", "items": ["$ref": "#"]]],
      "required": ["value"],
    ])
    #expect(tree.isValid(["value": 1, "children": [["value": 2, "children": [["value": 3]]]]]))
    #expect(
      tree.validate(["value": 1, "children": [["value": 2, "children": [["value": "3"]]]]]).map(\.description) == [
        "/children/0/children/0/value: must be an integer, got string"
      ])
  }

  @Test("unknown keywords, annotations and the draft's other vocabularies are accepted")
  func lenient() throws {
    let schema = try JSONSchema([
      "$schema": "https://json-schema.org/draft/2020-12/schema", "$comment": "c", "title": "t", "examples": [1],
      "deprecated": false, "format": "email", "x-custom": ["anything": [1, 2]], "then": ["type": "string"],
      "contentMediaType": "application/json",
    ])
    // `format` is an annotation, and `then` without `if` does nothing.
    #expect(schema.isValid(7))
  }

  @Test("pointers may escape ~ and / and percent-encode; anchors and $id resolve inside the document")
  func references() throws {
    let schema = try JSONSchema([
      "$id": "https://example.com/root.json",
      "$defs": [
        "a/b": ["type": "integer"], "c~d": ["type": "string"], "e%f": ["type": "boolean"],
        "named": ["$anchor": "flag", "type": "boolean"],
        "nested": ["$id": "nested/item.json", "$defs": ["inner": ["type": "null"]], "$ref": "#/$defs/inner"],
      ],
      "properties": [
        "slash": ["$ref": "#/$defs/a~1b"], "tilde": ["$ref": "#/$defs/c~0d"], "percent": ["$ref": "#/$defs/e%25f"],
        "anchor": ["$ref": "#flag"], "byID": ["$ref": "nested/item.json"],
        "absolute": ["$ref": "https://example.com/root.json#/$defs/a~1b"],
      ],
    ])
    #expect(schema.isValid(["slash": 1, "tilde": "x", "percent": true, "anchor": false, "byID": nil, "absolute": 2]))
    #expect(
      schema.validate(["slash": "1", "tilde": 1, "percent": 1, "anchor": 1, "byID": 1, "absolute": "2"]).map(\.path)
        == ["/slash", "/tilde", "/percent", "/anchor", "/byID", "/absolute"]
    )
  }
}
