import Testing

@testable import AgentSkillLLM

@Suite("JSONSchema violations", .timeLimit(.minutes(5)))
struct SchemaViolationTests {
  static let weather = JSONSchema.object(
    properties: [
      "city": .string(description: "City name", enum: ["北京", "上海"]),
      "days": .integer(minimum: 1, maximum: 7),
      "unit": .string(pattern: "^[a-z]+$"),
    ],
    required: ["city"],
    additionalProperties: false
  )

  /// The violations as `path: message` lines.
  static func lines(_ schema: JSONValue, _ value: JSONValue) throws -> [String] {
    try JSONSchema(schema).validate(value).map(\.description)
  }

  @Test("each wrong member gets its own path, keyword and actionable message")
  func toolArguments() {
    let violations = Self.weather.validate(["city": "巴黎", "days": 9, "unit": "C", "foo": 1])
    #expect(
      violations == [
        SchemaViolation(path: "/city", keyword: "enum", message: #"must be one of "北京", "上海""#),
        SchemaViolation(path: "/days", keyword: "maximum", message: "must be at most 7"),
        SchemaViolation(path: "/unit", keyword: "pattern", message: "must match pattern ^[a-z]+$"),
        SchemaViolation(
          path: "", keyword: "additionalProperties",
          message: #"unexpected property "foo" (allowed: "city", "days", "unit")"#),
      ]
    )
    #expect(violations.first?.description == #"/city: must be one of "北京", "上海""#)
    #expect(violations.last?.description == #"/: unexpected property "foo" (allowed: "city", "days", "unit")"#)
    #expect(Self.weather.validate(["city": "北京", "days": 7, "unit": "c"]).isEmpty)
  }

  @Test("a missing required member is reported at its own path")
  func required() throws {
    #expect(
      Self.weather.validate(["days": "3"]).map(\.description) == [
        "/city: is required", "/days: must be an integer, got string",
      ])
    #expect(Self.weather.validate(["days": "3"]).first?.keyword == "required")
    #expect(try Self.lines(["required": ["a/b", "c~d"]], [:]) == ["/a~1b: is required", "/c~0d: is required"])
  }

  @Test("a wrong type is reported alone, without the keywords that no longer apply")
  func wrongType() throws {
    #expect(Self.weather.validate([1]).map(\.description) == ["/: must be an object, got array"])
    #expect(
      try Self.lines(["type": ["string", "null"], "minLength": 3], 1.5) == ["/: must be a string or null, got number"])
    #expect(
      try Self.lines(["type": ["array", "object", "null"]], 1) == [
        "/: must be an array, an object or null, got integer"
      ])
  }

  @Test("paths go through arrays and escape / and ~ in member names")
  func nestedPaths() throws {
    let list = JSONSchema.array(items: Self.weather)
    #expect(
      list.validate([["city": 1], ["city": "北京", "a/b~c": 1]]).map(\.description) == [
        "/0/city: must be a string, got integer",
        #"/1: unexpected property "a/b~c" (allowed: "city", "days", "unit")"#,
      ]
    )
    #expect(
      try Self.lines(["properties": ["a/b": ["properties": ["~": ["type": "null"]]]]], ["a/b": ["~": 0]]) == [
        "/a~1b/~0: must be null, got integer"
      ])
  }

  @Test(
    "every keyword has its message",
    arguments: [
      (["uniqueItems": true], [1, 2, 1.0], "/: must not contain duplicate items (items 0 and 2 are equal)"),
      (["propertyNames": ["pattern": "^[a-z]+$"]], ["Foo": 1], #"/: property name "Foo" must match pattern ^[a-z]+$"#),
      (["propertyNames": false], ["Foo": 1], #"/: property name "Foo" is not allowed"#),
      (["dependentRequired": ["card": ["billing"]]], ["card": 1], #"/billing: is required when "card" is present"#),
      (["contains": ["type": "integer"]], ["a"], #"/: must contain at least 1 item matching the "contains" schema"#),
      (
        ["contains": ["type": "integer"], "minContains": 2], ["a", 1],
        #"/: must contain at least 2 items matching the "contains" schema"#
      ),
      (
        ["contains": ["type": "integer"], "maxContains": 1], [1, 2],
        #"/: must contain at most 1 item matching the "contains" schema"#
      ),
      (["minLength": 2], "😀", "/: must be at least 2 characters long"),
      (["maxLength": 3], "😀😀😀😀", "/: must be at most 3 characters long"),
      (["multipleOf": 0.5], 10.25, "/: must be a multiple of 0.5"),
      (["minimum": 1.5], 1, "/: must be at least 1.5"),
      (["exclusiveMinimum": 0], 0, "/: must be greater than 0"),
      (["exclusiveMaximum": 10], 10.0, "/: must be less than 10"),
      (["const": ["a": [1, 2, 3]]], ["a": [1]], #"/: must be {"a":[1,2,3]}"#),
      (["enum": ["only"]], "other", #"/: must be "only""#),
      (
        ["enum": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]], 0,
        "/: must be one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, … (2 more)"
      ),
      (["enum": []], 0, #"/: cannot be any value (the "enum" list is empty)"#),
      (["prefixItems": [["type": "integer"]], "items": false], [1, 2, 3], "/: must have at most 1 item"),
      (["minItems": 2], [1], "/: must have at least 2 items"),
      (["maxItems": 0], [1], "/: must have at most 0 items"),
      (["minProperties": 2], ["a": 1], "/: must have at least 2 properties"),
      (["maxProperties": 1], ["a": 1, "b": 2], "/: must have at most 1 property"),
      (["unevaluatedProperties": false, "properties": ["a": true]], ["a": 1, "b": 2], #"/: unexpected property "b""#),
      (["unevaluatedItems": false, "prefixItems": [true]], [1, 2], "/: must not have an item at index 1"),
      (["properties": ["x": false]], ["x": 1], "/x: is not allowed"),
      (false, 1, "/: is not allowed"),
      (["not": ["type": "string"]], "x", "/: must not be a string"),
      (["not": ["enum": ["a", "b"]]], "a", #"/: must not be any of "a", "b""#),
      (["not": ["const": 1]], 1.0, "/: must not be 1"),
      (["not": ["required": ["a"]]], ["a": 1], #"/: must not match the schema in "not""#),
      (
        [
          "if": ["properties": ["country": ["const": "CN"]]], "then": ["required": ["province"]],
          "else": ["required": ["state"]],
        ],
        ["country": "CN"], "/province: is required"
      ),
      (
        [
          "if": ["properties": ["country": ["const": "CN"]]], "then": ["required": ["province"]],
          "else": ["required": ["state"]],
        ],
        ["country": "US"], "/state: is required"
      ),
    ] as [(JSONValue, JSONValue, String)])
  func keywordMessage(_ schema: JSONValue, _ value: JSONValue, _ expected: String) throws {
    #expect(try Self.lines(schema, value) == [expected])
    #expect(try !JSONSchema(schema).isValid(value))
  }

  @Test("anyOf and oneOf explain the branch that fits the type, or list the types")
  func alternatives() throws {
    #expect(
      try Self.lines(["anyOf": [["type": "string"], ["type": "integer"]]], true) == [
        "/: must be a string or an integer, got boolean"
      ])
    #expect(
      try Self.lines(["anyOf": [["type": "string", "maxLength": 2], ["type": "integer"]]], "abc") == [
        "/: must be at most 2 characters long"
      ])
    #expect(
      try Self.lines(["oneOf": [["type": "integer"], ["type": "number"]]], 1)
        == [#"/: must match exactly one schema in "oneOf", but matches schemas 0 and 1"#]
    )
    let tagged: JSONValue = [
      "oneOf": [
        ["properties": ["kind": ["const": "a"]], "required": ["kind"]],
        ["properties": ["kind": ["const": "b"]], "required": ["kind"]],
      ]
    ]
    #expect(try Self.lines(tagged, ["kind": "c"]) == [#"/: must match exactly one of the 2 schemas in "oneOf""#])
    #expect(
      try Self.lines(["anyOf": [["minimum": 5], ["maximum": 1]]], 3) == [
        #"/: must match at least one of the 2 schemas in "anyOf""#
      ])
    #expect(try JSONSchema(tagged).validate(["kind": "b"]).isEmpty)
  }

  @Test("the list stops at the limit, so huge inputs cannot blow up the message")
  func limit() {
    let schema = JSONSchema.array(items: .object(properties: ["id": .integer()], required: ["id"]))
    let huge = JSONValue.array(Array(repeating: ["id": "x"], count: 10_000))
    let violations = schema.validate(huge)
    #expect(violations.count == JSONSchema.defaultViolationLimit)
    #expect(violations.first?.description == "/0/id: must be an integer, got string")
    #expect(violations.last?.path == "/19/id")
    #expect(schema.validate(huge, limit: 3).count == 3)
    #expect(schema.validate(huge, limit: 0).count == 1)
    #expect(!schema.isValid(huge))
  }

  @Test("validation reports nesting deeper than the limit instead of exhausting the stack")
  func deepInstance() async throws {
    let tree = try JSONSchema(["type": "array", "items": ["$ref": "#"]])
    var shallow: JSONValue = []
    for _ in 0..<20 { shallow = [shallow] }
    #expect(tree.isValid(shallow))
    let deep = try JSONValue(parsing: String(repeating: "[", count: 500) + String(repeating: "]", count: 500))
    let violations = await SmallStack.run { tree.validate(deep) }
    #expect(violations.count == 1)
    #expect(
      violations.first?.message == "is nested too deeply to validate (more than \(SchemaEvaluator.maximumDepth) levels)"
    )
    #expect(await SmallStack.run { tree.isValid(deep) } == false)
  }
}
