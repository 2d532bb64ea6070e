extension JSONSchema {
  /// Accepts any value: `{}`.
  public static let any = JSONSchema(built: .object([:]))

  /// Accepts only `null`: `{"type": "null"}`.
  public static let null = JSONSchema(built: ["type": "null"])

  /// A string.
  ///
  /// ```swift
  /// let city: JSONSchema = .string(description: "City name", enum: ["北京", "上海"])
  /// let slug: JSONSchema = .string(pattern: "^[a-z]+$", minLength: 1, maxLength: 32)
  /// let due: JSONSchema = .string(description: "When to remind", format: .dateTime)
  /// ```
  ///
  /// - Parameters:
  ///   - title: A short name.
  ///   - description: What the value means, for the model.
  ///   - values: The only strings allowed (`enum`).
  ///   - pattern: An ECMA-262 regular expression the string must contain a match of; anchor it with `^…$`.
  ///   - minLength: The fewest characters (Unicode code points).
  ///   - maxLength: The most characters (Unicode code points).
  ///   - format: A format annotation such as ``StringFormat/dateTime``.
  ///   - defaultValue: The value assumed when the member is left out (an annotation).
  /// - Returns: The schema.
  public static func string(
    title: String? = nil,
    description: String? = nil,
    enum values: [String]? = nil,
    pattern: String? = nil,
    minLength: Int? = nil,
    maxLength: Int? = nil,
    format: StringFormat? = nil,
    default defaultValue: String? = nil
  ) -> JSONSchema {
    build(
      ("type", "string"),
      ("title", title.map(JSONValue.string)),
      ("description", description.map(JSONValue.string)),
      ("enum", values.map { .array($0.map(JSONValue.string)) }),
      ("pattern", pattern.map(JSONValue.string)),
      ("minLength", minLength.map(JSONValue.integer)),
      ("maxLength", maxLength.map(JSONValue.integer)),
      ("format", format.map { .string($0.rawValue) }),
      ("default", defaultValue.map(JSONValue.string))
    )
  }

  /// An integer (`1` and `1.0` both qualify).
  ///
  /// ```swift
  /// let days: JSONSchema = .integer(description: "Forecast length in days", minimum: 1, maximum: 7)
  /// ```
  ///
  /// - Parameters:
  ///   - title: A short name.
  ///   - description: What the value means, for the model.
  ///   - values: The only integers allowed (`enum`).
  ///   - minimum: The smallest value allowed.
  ///   - maximum: The largest value allowed.
  ///   - exclusiveMinimum: A bound the value must be greater than.
  ///   - exclusiveMaximum: A bound the value must be less than.
  ///   - multipleOf: A positive number the value must be a multiple of.
  ///   - defaultValue: The value assumed when the member is left out (an annotation).
  /// - Returns: The schema.
  public static func integer(
    title: String? = nil,
    description: String? = nil,
    enum values: [Int]? = nil,
    minimum: Int? = nil,
    maximum: Int? = nil,
    exclusiveMinimum: Int? = nil,
    exclusiveMaximum: Int? = nil,
    multipleOf: Int? = nil,
    default defaultValue: Int? = nil
  ) -> JSONSchema {
    build(
      ("type", "integer"),
      ("title", title.map(JSONValue.string)),
      ("description", description.map(JSONValue.string)),
      ("enum", values.map { .array($0.map(JSONValue.integer)) }),
      ("minimum", minimum.map(JSONValue.integer)),
      ("maximum", maximum.map(JSONValue.integer)),
      ("exclusiveMinimum", exclusiveMinimum.map(JSONValue.integer)),
      ("exclusiveMaximum", exclusiveMaximum.map(JSONValue.integer)),
      ("multipleOf", multipleOf.map(JSONValue.integer)),
      ("default", defaultValue.map(JSONValue.integer))
    )
  }

  /// A number (integers included).
  ///
  /// ```swift
  /// let amount: JSONSchema = .number(description: "Amount in yuan", minimum: 0, multipleOf: 0.01)
  /// ```
  ///
  /// Integral bounds render without a fraction (`"minimum": 0`).
  ///
  /// - Parameters:
  ///   - title: A short name.
  ///   - description: What the value means, for the model.
  ///   - minimum: The smallest value allowed.
  ///   - maximum: The largest value allowed.
  ///   - exclusiveMinimum: A bound the value must be greater than.
  ///   - exclusiveMaximum: A bound the value must be less than.
  ///   - multipleOf: A positive number the value must be a multiple of.
  ///   - defaultValue: The value assumed when the member is left out (an annotation).
  /// - Returns: The schema.
  public static func number(
    title: String? = nil,
    description: String? = nil,
    minimum: Double? = nil,
    maximum: Double? = nil,
    exclusiveMinimum: Double? = nil,
    exclusiveMaximum: Double? = nil,
    multipleOf: Double? = nil,
    default defaultValue: Double? = nil
  ) -> JSONSchema {
    build(
      ("type", "number"),
      ("title", title.map(JSONValue.string)),
      ("description", description.map(JSONValue.string)),
      ("minimum", minimum.map(numeral)),
      ("maximum", maximum.map(numeral)),
      ("exclusiveMinimum", exclusiveMinimum.map(numeral)),
      ("exclusiveMaximum", exclusiveMaximum.map(numeral)),
      ("multipleOf", multipleOf.map(numeral)),
      ("default", defaultValue.map(numeral))
    )
  }

  /// `true` or `false`.
  ///
  /// - Parameters:
  ///   - title: A short name.
  ///   - description: What the value means, for the model.
  ///   - defaultValue: The value assumed when the member is left out (an annotation).
  /// - Returns: The schema.
  public static func boolean(
    title: String? = nil,
    description: String? = nil,
    default defaultValue: Bool? = nil
  ) -> JSONSchema {
    build(
      ("type", "boolean"),
      ("title", title.map(JSONValue.string)),
      ("description", description.map(JSONValue.string)),
      ("default", defaultValue.map(JSONValue.bool))
    )
  }

  /// An array.
  ///
  /// ```swift
  /// let tags: JSONSchema = .array(description: "Tags", items: .string(minLength: 1), maxItems: 5, uniqueItems: true)
  /// ```
  ///
  /// - Parameters:
  ///   - title: A short name.
  ///   - description: What the value means, for the model.
  ///   - items: The schema every element must satisfy.
  ///   - minItems: The fewest elements.
  ///   - maxItems: The most elements.
  ///   - uniqueItems: Whether elements must differ (`1` and `1.0` are the same).
  ///   - defaultValue: The value assumed when the member is left out (an annotation).
  /// - Returns: The schema.
  public static func array(
    title: String? = nil,
    description: String? = nil,
    items: JSONSchema? = nil,
    minItems: Int? = nil,
    maxItems: Int? = nil,
    uniqueItems: Bool = false,
    default defaultValue: [JSONValue]? = nil
  ) -> JSONSchema {
    build(
      ("type", "array"),
      ("title", title.map(JSONValue.string)),
      ("description", description.map(JSONValue.string)),
      ("items", items?.json),
      ("minItems", minItems.map(JSONValue.integer)),
      ("maxItems", maxItems.map(JSONValue.integer)),
      ("uniqueItems", uniqueItems ? true : nil),
      ("default", defaultValue.map(JSONValue.array))
    )
  }

  /// An object; `properties` keeps the order written.
  ///
  /// ```swift
  /// let forecast: JSONSchema = .object(
  ///   properties: [
  ///     "city": .string(description: "City name", enum: ["北京", "上海"]),
  ///     "days": .integer(minimum: 1, maximum: 7),
  ///   ],
  ///   required: ["city"],
  ///   additionalProperties: false
  /// )
  /// ```
  ///
  /// `"properties"` is always written, even when empty, because several
  /// model APIs require it for a tool's parameters.
  ///
  /// - Parameters:
  ///   - title: A short name.
  ///   - description: What the value means, for the model.
  ///   - properties: The known members and their schemas, in order.
  ///   - required: The members that must be present.
  ///   - additionalProperties: The schema for other members; `false` forbids them.
  ///   - minProperties: The fewest members.
  ///   - maxProperties: The most members.
  ///   - defaultValue: The value assumed when the member is left out (an annotation).
  /// - Returns: The schema.
  public static func object(
    title: String? = nil,
    description: String? = nil,
    properties: Properties = [:],
    required: [String] = [],
    additionalProperties: JSONSchema? = nil,
    minProperties: Int? = nil,
    maxProperties: Int? = nil,
    default defaultValue: JSONObject? = nil
  ) -> JSONSchema {
    build(
      ("type", "object"),
      ("title", title.map(JSONValue.string)),
      ("description", description.map(JSONValue.string)),
      ("properties", properties.json),
      ("required", required.isEmpty ? nil : .array(required.map(JSONValue.string))),
      ("additionalProperties", additionalProperties?.json),
      ("minProperties", minProperties.map(JSONValue.integer)),
      ("maxProperties", maxProperties.map(JSONValue.integer)),
      ("default", defaultValue.map(JSONValue.object))
    )
  }

  /// One of a fixed list of values of any type.
  ///
  /// ```swift
  /// let level: JSONSchema = .enum(["low", "high", 3, nil])
  /// ```
  ///
  /// - Parameters:
  ///   - values: The values allowed.
  ///   - title: A short name.
  ///   - description: What the value means, for the model.
  ///   - defaultValue: The value assumed when the member is left out (an annotation).
  /// - Returns: The schema.
  public static func `enum`(
    _ values: [JSONValue],
    title: String? = nil,
    description: String? = nil,
    default defaultValue: JSONValue? = nil
  ) -> JSONSchema {
    build(
      ("title", title.map(JSONValue.string)),
      ("description", description.map(JSONValue.string)),
      ("enum", .array(values)),
      ("default", defaultValue)
    )
  }

  /// Exactly one value.
  ///
  /// - Parameters:
  ///   - value: The only value allowed.
  ///   - title: A short name.
  ///   - description: What the value means, for the model.
  /// - Returns: The schema.
  public static func const(_ value: JSONValue, title: String? = nil, description: String? = nil) -> JSONSchema {
    build(
      ("title", title.map(JSONValue.string)),
      ("description", description.map(JSONValue.string)),
      ("const", value)
    )
  }

  /// Valid when at least one of `schemas` is.
  ///
  /// ```swift
  /// let when: JSONSchema = .anyOf([.string(format: .date), .integer(description: "Days from today")])
  /// ```
  ///
  /// - Parameters:
  ///   - schemas: The alternatives; at least one.
  ///   - title: A short name.
  ///   - description: What the value means, for the model.
  /// - Returns: The schema.
  public static func anyOf(_ schemas: [JSONSchema], title: String? = nil, description: String? = nil) -> JSONSchema {
    combination("anyOf", schemas, title: title, description: description)
  }

  /// Valid when exactly one of `schemas` is.
  ///
  /// - Parameters:
  ///   - schemas: The alternatives; at least one.
  ///   - title: A short name.
  ///   - description: What the value means, for the model.
  /// - Returns: The schema.
  public static func oneOf(_ schemas: [JSONSchema], title: String? = nil, description: String? = nil) -> JSONSchema {
    combination("oneOf", schemas, title: title, description: description)
  }

  /// Valid when all of `schemas` are.
  ///
  /// - Parameters:
  ///   - schemas: The schemas to combine; at least one.
  ///   - title: A short name.
  ///   - description: What the value means, for the model.
  /// - Returns: The schema.
  public static func allOf(_ schemas: [JSONSchema], title: String? = nil, description: String? = nil) -> JSONSchema {
    combination("allOf", schemas, title: title, description: description)
  }

  /// Valid when `schema` is not.
  ///
  /// - Parameter schema: The schema values must fail.
  /// - Returns: The schema.
  public static func not(_ schema: JSONSchema) -> JSONSchema {
    build(("not", schema.json))
  }

  /// A reference to another schema in the same document, such as `#/$defs/address`.
  ///
  /// ```swift
  /// let person = JSONSchema.object(
  ///   properties: ["home": .ref("#/$defs/address"), "work": .ref("#/$defs/address")]
  /// ).defining(["address": .object(properties: ["city": .string()])])
  /// ```
  ///
  /// - Parameters:
  ///   - reference: A JSON Pointer fragment (`#/$defs/name`), an `$anchor` (`#name`) or an `$id` in the document.
  ///   - description: What the value means, for the model.
  /// - Returns: The schema.
  public static func ref(_ reference: String, description: String? = nil) -> JSONSchema {
    build(("$ref", .string(reference)), ("description", description.map(JSONValue.string)))
  }

  // MARK: Modifiers

  /// This schema with `keyword` set to `value`, or removed when `value` is `nil`.
  ///
  /// For keywords the factories do not cover:
  ///
  /// ```swift
  /// let phone = JSONSchema.string(description: "Phone number").with("examples", ["+86 138 0013 8000"])
  /// ```
  ///
  /// - Parameters:
  ///   - keyword: The keyword.
  ///   - value: Its value.
  /// - Returns: The changed schema; a boolean schema first becomes `{}` or `{"not": {}}`.
  public func with(_ keyword: String, _ value: JSONValue?) -> JSONSchema {
    var object = objectForm
    object[keyword] = value
    return JSONSchema(built: .object(object))
  }

  /// This schema with `definitions` under `$defs`, for ``ref(_:description:)`` to point at.
  ///
  /// - Parameter definitions: The named schemas.
  /// - Returns: The changed schema.
  public func defining(_ definitions: Properties) -> JSONSchema {
    with("$defs", definitions.json)
  }

  /// This schema, also accepting `null`.
  ///
  /// Adds `"null"` to `type` (and to `enum` when present), the form
  /// OpenAI's strict mode expects for optional members; other schemas are
  /// wrapped as `{"anyOf": [schema, {"type": "null"}]}`.
  ///
  /// ```swift
  /// let unit = JSONSchema.string(enum: ["celsius", "fahrenheit"]).nullable()
  /// // {"type":["string","null"],"enum":["celsius","fahrenheit",null]}
  /// ```
  ///
  /// - Returns: The schema accepting `null` as well.
  public func nullable() -> JSONSchema {
    guard case .object(var object) = json else {
      return json == .bool(true) ? self : .null
    }
    if object["const"] != nil { return .anyOf([self, .null]) }
    switch object["type"] {
    case .string(let type):
      if type == "null" { return self }
      object["type"] = [.string(type), "null"]
    case .array(let types):
      if !types.contains("null") { object["type"] = .array(types + ["null"]) }
    default:
      if object["enum"] == nil { return .anyOf([self, .null]) }
    }
    if case .array(let values) = object["enum"], !values.contains(.null) {
      object["enum"] = .array(values + [.null])
    }
    return JSONSchema(built: .object(object))
  }

  // MARK: Helpers

  /// The schema as an object, a boolean schema written out.
  private var objectForm: JSONObject {
    switch json {
    case .object(let object): object
    case .bool(false): ["not": [:]]
    default: [:]
    }
  }

  private static func build(_ members: (String, JSONValue?)...) -> JSONSchema {
    JSONSchema(built: .object(JSONObject(members.compactMap { key, value in value.map { (key, $0) } })))
  }

  private static func combination(
    _ keyword: String,
    _ schemas: [JSONSchema],
    title: String?,
    description: String?
  ) -> JSONSchema {
    build(
      ("title", title.map(JSONValue.string)),
      ("description", description.map(JSONValue.string)),
      (keyword, .array(schemas.map(\.json)))
    )
  }

  /// A builder number: integral values render without a fraction.
  private static func numeral(_ value: Double) -> JSONValue {
    if let integer = Int(exactly: value) { return .integer(integer) }
    return .number(value)
  }
}
