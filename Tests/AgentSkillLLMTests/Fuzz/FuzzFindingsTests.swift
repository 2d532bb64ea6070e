import Testing

@testable import AgentSkillLLM

/// Inputs the fuzzers under `Fuzz/` found (`Fuzz/run.sh`), kept as regression tests with their exact bytes.
@Suite("Fuzz findings", .timeLimit(.minutes(5)))
struct FuzzFindingsTests {
  /// FuzzSchemaValidator: `(x+x+)+y` backtracks exponentially in ICU; 40 characters took minutes.
  @Test("a pathological pattern gives up after its step budget and reports a violation")
  func catastrophicPattern() throws {
    let input = "{\"type\":\"string\",\"pattern\":\"(x+x+)+y\"}\n---\n\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\""
    let parts = input.components(separatedBy: "\n---\n")
    let schema = try JSONSchema(JSONValue(parsing: parts[0]))
    let violations = schema.validate(try JSONValue(parsing: parts[1]))
    #expect(violations.count == 1)
    #expect(violations.first?.keyword == "pattern")
    #expect(violations.first?.message.contains("gave up after its step budget") == true)
    // An ordinary pattern still matches and fails as before.
    #expect(schema.validate("xxy").isEmpty)
    #expect(schema.validate("abc").first?.message == "must match pattern (x+x+)+y")
  }

  @Test("a pathological patternProperties key is reported, not skipped")
  func catastrophicPatternProperty() throws {
    let schema = try JSONSchema(
      JSONValue(parsing: #"{"patternProperties": {"^(a+)+$": {"type": "integer"}}, "additionalProperties": false}"#))
    let key = String(repeating: "a", count: 40) + "!"
    let violations = schema.validate(.object(JSONObject([(key, .string("x"))])))
    #expect(violations.map(\.keyword) == ["patternProperties"])
    #expect(schema.isValid(["aaa": 1]))
  }
}
