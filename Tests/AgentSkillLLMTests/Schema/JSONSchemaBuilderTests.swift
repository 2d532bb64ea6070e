import Testing

@testable import AgentSkillLLM

@Suite("JSONSchema builder", .timeLimit(.minutes(5)))
struct JSONSchemaBuilderTests {
  @Test("a tool's parameter schema renders in the order written")
  func weatherTool() throws {
    let schema = JSONSchema.object(
      properties: [
        "city": .string(description: "City name", enum: ["北京", "上海"]),
        "days": .integer(description: "Forecast length", minimum: 1, maximum: 7),
      ],
      required: ["city"]
    )
    #expect(
      schema.json.rendered()
        == #"{"type":"object","properties":{"city":{"type":"string","description":"City name","enum":["北京","上海"]},"#
        + #""days":{"type":"integer","description":"Forecast length","minimum":1,"maximum":7}},"required":["city"]}"#
    )
    #expect(schema.description == schema.json.rendered())
    try schema.verify()
    #expect(schema.isValid(["city": "北京", "days": 3]))
    #expect(!schema.isValid(["days": 3]))
  }

  @Test("string options render as their keywords")
  func string() {
    let schema = JSONSchema.string(
      title: "Code",
      description: "Product code",
      pattern: "^[A-Z]{3}$",
      minLength: 3,
      maxLength: 3,
      format: "product-code",
      default: "ABC"
    )
    #expect(
      schema.json
        == [
          "type": "string", "title": "Code", "description": "Product code", "pattern": "^[A-Z]{3}$", "minLength": 3,
          "maxLength": 3, "format": "product-code", "default": "ABC",
        ]
    )
    #expect(JSONSchema.string(format: .dateTime).json == ["type": "string", "format": "date-time"])
    #expect(JSONSchema.string().json == ["type": "string"])
  }

  @Test("number bounds that are whole render without a fraction")
  func number() {
    let schema = JSONSchema.number(minimum: 0, maximum: 99.5, exclusiveMinimum: -1, multipleOf: 0.01, default: 1)
    #expect(
      schema.json.rendered()
        == #"{"type":"number","minimum":0,"maximum":99.5,"exclusiveMinimum":-1,"multipleOf":0.01,"default":1}"#
    )
    #expect(schema.isValid(12.34))
    #expect(!schema.isValid(12.345))
  }

  @Test("integer, boolean, null and any")
  func scalars() {
    #expect(
      JSONSchema.integer(enum: [1, 2], exclusiveMaximum: 3, multipleOf: 1, default: 1).json
        == ["type": "integer", "enum": [1, 2], "exclusiveMaximum": 3, "multipleOf": 1, "default": 1]
    )
    #expect(
      JSONSchema.boolean(description: "Metric units", default: true).json.rendered()
        == #"{"type":"boolean","description":"Metric units","default":true}"#)
    #expect(JSONSchema.null.json == ["type": "null"])
    #expect(JSONSchema.any.json == [:])
    #expect(JSONSchema.any.isValid(["anything": [1, nil]]))
  }

  @Test("arrays and objects with their constraints")
  func containers() {
    let tags = JSONSchema.array(
      description: "Tags", items: .string(minLength: 1), minItems: 1, maxItems: 5, uniqueItems: true)
    #expect(
      tags.json.rendered()
        == #"{"type":"array","description":"Tags","items":{"type":"string","minLength":1},"minItems":1,"maxItems":5,"uniqueItems":true}"#
    )
    #expect(JSONSchema.array().json == ["type": "array"])

    let strict = JSONSchema.object(
      properties: ["a": .boolean()],
      additionalProperties: false,
      minProperties: 1,
      maxProperties: 2,
      default: ["a": true]
    )
    #expect(
      strict.json.rendered()
        == #"{"type":"object","properties":{"a":{"type":"boolean"}},"additionalProperties":false,"minProperties":1,"maxProperties":2,"default":{"a":true}}"#
    )
    // An empty object still lists its (empty) properties, as several model APIs require.
    #expect(JSONSchema.object().json.rendered() == #"{"type":"object","properties":{}}"#)
    #expect(JSONSchema.object(additionalProperties: .integer()).isValid(["x": 1]))
    #expect(!JSONSchema.object(additionalProperties: .integer()).isValid(["x": "1"]))
  }

  @Test("enum, const and combinators")
  func combinators() {
    #expect(
      JSONSchema.enum(["low", 3, nil], description: "Level").json == ["description": "Level", "enum": ["low", 3, nil]])
    #expect(JSONSchema.const("v1").json == ["const": "v1"])
    let when = JSONSchema.anyOf([.string(format: .date), .integer()], description: "A date or days from today")
    #expect(
      when.json.rendered()
        == #"{"description":"A date or days from today","anyOf":[{"type":"string","format":"date"},{"type":"integer"}]}"#
    )
    #expect(JSONSchema.oneOf([.integer(), .number()]).json == ["oneOf": [["type": "integer"], ["type": "number"]]])
    #expect(JSONSchema.allOf([.integer(minimum: 0), .integer(maximum: 9)]).isValid(5))
    #expect(!JSONSchema.allOf([.integer(minimum: 0), .integer(maximum: 9)]).isValid(10))
    #expect(JSONSchema.not(.null).json == ["not": ["type": "null"]])
  }

  @Test("refs point into $defs added with defining(_:)")
  func references() throws {
    let person = JSONSchema.object(
      properties: ["home": .ref("#/$defs/address"), "work": .ref("#/$defs/address", description: "Office")]
    ).defining(["address": .object(properties: ["city": .string()], required: ["city"])])
    #expect(person.json["$defs"]?["address"]?["required"] == ["city"])
    #expect(person.json["properties"]?["work"] == ["$ref": "#/$defs/address", "description": "Office"])
    try person.verify()
    #expect(person.validate(["home": ["city": "北京"], "work": [:]]).map(\.description) == ["/work/city: is required"])
  }

  @Test("nullable() adds null to type and enum, or wraps the schema")
  func nullable() {
    #expect(
      JSONSchema.string(enum: ["celsius", "fahrenheit"]).nullable().json.rendered()
        == #"{"type":["string","null"],"enum":["celsius","fahrenheit",null]}"#
    )
    #expect(
      (try? JSONSchema(["type": ["integer", "string"]]))?.nullable().json == ["type": ["integer", "string", "null"]]
    )
    #expect(JSONSchema.null.nullable() == .null)
    #expect(JSONSchema.enum(["a"]).nullable().json == ["enum": ["a", nil]])
    #expect(JSONSchema.const(1).nullable().json == ["anyOf": [["const": 1], ["type": "null"]]])
    #expect(JSONSchema.ref("#/$defs/a").nullable().json == ["anyOf": [["$ref": "#/$defs/a"], ["type": "null"]]])
    #expect(JSONSchema(booleanLiteral: true).nullable().json == true)
    #expect(JSONSchema(booleanLiteral: false).nullable() == .null)
    let optionalCity = JSONSchema.string(enum: ["北京"]).nullable()
    #expect(optionalCity.isValid(nil))
    #expect(optionalCity.isValid("北京"))
    #expect(!optionalCity.isValid("上海"))
  }

  @Test("with(_:_:) sets and removes any keyword; boolean schemas become objects")
  func with() {
    let schema = JSONSchema.string().with("examples", ["+86 138 0013 8000"]).with("x-order", 2)
    #expect(schema.json.rendered() == #"{"type":"string","examples":["+86 138 0013 8000"],"x-order":2}"#)
    #expect(schema.with("x-order", nil).json == ["type": "string", "examples": ["+86 138 0013 8000"]])
    let never: JSONSchema = false
    #expect(never.with("description", "nothing fits").json == ["not": [:], "description": "nothing fits"])
    #expect(!never.with("description", "nothing fits").isValid(1))
    let always: JSONSchema = true
    #expect(always.with("description", "anything").json == ["description": "anything"])
  }

  @Test("Properties keeps order, takes pairs built at run time, and replaces repeated names in place")
  func properties() {
    let fields = [("b", "second"), ("a", "first")]
    var properties = JSONSchema.Properties(fields.map { ($0.0, JSONSchema.string(description: $0.1)) })
    #expect(properties.names == ["b", "a"])
    #expect(properties.count == 2)
    #expect(!properties.isEmpty)
    #expect(properties["a"] == .string(description: "first"))
    properties = JSONSchema.Properties([("x", .integer()), ("y", .boolean()), ("x", .number())])
    #expect(properties.names == ["x", "y"])
    #expect(Array(properties).map(\.schema) == [.number(), .boolean()])
    #expect(JSONSchema.object(properties: properties).json["properties"]?.objectValue?.keys == ["x", "y"])
    let literal: JSONSchema.Properties = ["x": .number(), "y": .boolean()]
    #expect(literal == properties)
    #expect(JSONSchema.Properties().isEmpty)
  }

  @Test("a bad pattern in a built schema is reported by verify() and by every validation")
  func invalidBuiltSchema() {
    let schema = JSONSchema.object(properties: ["code": .string(pattern: "([a-z]")])
    #expect(throws: SchemaError.invalidPattern(location: "#/properties/code/pattern", pattern: "([a-z]")) {
      try schema.verify()
    }
    let violations = schema.validate(["code": "abc"])
    #expect(violations.count == 1)
    #expect(violations.first?.keyword == "$schema")
    #expect(violations.first?.message.hasPrefix("cannot be checked: the regular expression \"([a-z]\"") == true)
    #expect(!schema.isValid(["code": "abc"]))
    #expect(throws: SchemaError.self) { try JSONSchema.string(minLength: -1).verify() }
  }

  @Test("boolean literals are schemas")
  func booleanLiterals() throws {
    let always: JSONSchema = true
    let never: JSONSchema = false
    #expect(always.isValid(["x": 1]))
    #expect(never.validate(1).map(\.description) == ["/: is not allowed"])
    let parsed = try JSONSchema(JSONValue.bool(true))
    #expect(always == parsed)
  }
}
