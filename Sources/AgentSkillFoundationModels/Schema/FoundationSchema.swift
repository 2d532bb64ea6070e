import AgentSkillLLM

/// The part of a JSON Schema that Apple's on-device model can be constrained
/// to, as plain Swift: the bridge turns it into a `DynamicGenerationSchema`.
///
/// Objects (members optional when not `required` or when they accept
/// `null`), arrays with element bounds, strings with a fixed choice (`enum`)
/// or a `pattern`, integers and numbers with bounds, booleans, and `anyOf` /
/// `oneOf` choices. Descriptions and string formats (`date-time`, `uri`)
/// are kept as descriptions, which the model reads.
indirect enum FoundationSchema: Sendable, Hashable {
  /// One member of an object.
  struct Property: Sendable, Hashable {
    let name: String
    let description: String?
    let schema: FoundationSchema
    let isOptional: Bool
  }

  case object(name: String, description: String?, properties: [Property])
  case array(of: FoundationSchema, minimumElements: Int?, maximumElements: Int?)
  case choice(name: String, description: String?, values: [String])
  case string(pattern: String?)
  case integer(minimum: Int?, maximum: Int?)
  case number(minimum: Double?, maximum: Double?)
  case boolean
  case anyOf(name: String, description: String?, choices: [FoundationSchema])

  /// Converts `schema`; `name` names the root and prefixes the names of nested objects.
  ///
  /// - Throws: ``FoundationSchemaError`` naming the location of a part the on-device model cannot be constrained to.
  static func convert(_ schema: JSONSchema, name: String) throws(FoundationSchemaError) -> FoundationSchema {
    var names = Set<String>()
    return try convert(schema.json, name: name, location: "#", names: &names)
  }

  private static func convert(
    _ json: JSONValue, name: String, location: String, names: inout Set<String>
  ) throws(FoundationSchemaError) -> FoundationSchema {
    guard case .object(let object) = json else {
      throw FoundationSchemaError(location: location, reason: "a boolean schema accepts any value or none")
    }
    if object["$ref"] != nil {
      throw FoundationSchemaError(location: location, reason: "\"$ref\" is not supported; write the schema inline")
    }
    let description = describe(object)
    for keyword in ["anyOf", "oneOf"] {
      if case .array(let options) = object[keyword] {
        let nonNull = options.filter { $0 != ["type": "null"] }
        if nonNull.count == 1 {
          return try convert(nonNull[0], name: name, location: location + "/\(keyword)/0", names: &names)
        }
        var choices: [FoundationSchema] = []
        for (index, option) in nonNull.enumerated() {
          choices.append(
            try convert(
              option, name: "\(name)_\(index + 1)", location: location + "/\(keyword)/\(index)", names: &names)
          )
        }
        return .anyOf(name: unique(name, &names), description: description, choices: choices)
      }
    }
    let types: [String]
    switch object["type"] {
    case .string(let type)?: types = [type]
    case .array(let list)?: types = list.compactMap(\.stringValue).filter { $0 != "null" }
    default:
      if case .array(let values) = object["enum"], values.allSatisfy({ $0.stringValue != nil || $0 == .null }) {
        types = ["string"]
      } else {
        throw FoundationSchemaError(
          location: location, reason: "it has no \"type\"; the on-device model needs one type per value")
      }
    }
    guard types.count == 1, let type = types.first else {
      throw FoundationSchemaError(
        location: location, reason: "it allows several types (\(types.joined(separator: ", "))); use anyOf")
    }
    switch type {
    case "object":
      if let additional = object["additionalProperties"], additional != .bool(false), object["properties"] == nil {
        throw FoundationSchemaError(
          location: location,
          reason: "a dictionary with free keys (additionalProperties) cannot be generated; use an array of "
            + "key-value objects")
      }
      let required = Set(object["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
      var properties: [Property] = []
      for (member, child) in object["properties"]?.objectValue ?? [:] {
        let converted = try convert(
          child, name: "\(name)_\(member)", location: location + "/properties/\(member)", names: &names)
        properties.append(
          Property(
            name: member, description: describe(child), schema: converted,
            isOptional: !required.contains(member) || accepts(null: child)))
      }
      return .object(name: unique(name, &names), description: description, properties: properties)
    case "array":
      guard let items = object["items"] else {
        throw FoundationSchemaError(location: location, reason: "an array needs \"items\"")
      }
      return .array(
        of: try convert(items, name: "\(name)_item", location: location + "/items", names: &names),
        minimumElements: object["minItems"]?.intValue, maximumElements: object["maxItems"]?.intValue)
    case "string":
      if case .array(let values) = object["enum"] {
        return .choice(
          name: unique(name, &names), description: description, values: values.compactMap(\.stringValue))
      }
      return .string(pattern: object["pattern"]?.stringValue)
    case "integer":
      if object["enum"] != nil {
        throw FoundationSchemaError(
          location: location, reason: "an enum of integers cannot be generated; use an enum of strings")
      }
      return .integer(minimum: object["minimum"]?.intValue, maximum: object["maximum"]?.intValue)
    case "number":
      return .number(minimum: object["minimum"]?.doubleValue, maximum: object["maximum"]?.doubleValue)
    case "boolean":
      return .boolean
    default:
      throw FoundationSchemaError(location: location, reason: "the type \"\(type)\" cannot be generated")
    }
  }

  /// The description, with a string format spelled out for the model.
  private static func describe(_ object: JSONValue) -> String? {
    let description = object["description"]?.stringValue
    guard let format = object["format"]?.stringValue else { return description }
    let hint =
      switch format {
      case "date-time": "an ISO 8601 date and time such as 2025-03-01T09:00:00+08:00"
      case "date": "an ISO 8601 date such as 2025-03-01"
      case "uri": "an absolute URL"
      case "uuid": "a UUID"
      default: "format \(format)"
      }
    return description.map { "\($0) (\(hint))" } ?? hint
  }

  private static func describe(_ object: JSONObject) -> String? {
    describe(.object(object))
  }

  private static func accepts(null schema: JSONValue) -> Bool {
    if case .array(let types) = schema["type"] { return types.contains("null") }
    return false
  }

  private static func unique(_ name: String, _ names: inout Set<String>) -> String {
    var candidate = name
    var counter = 2
    while names.contains(candidate) {
      candidate = "\(name)_\(counter)"
      counter += 1
    }
    names.insert(candidate)
    return candidate
  }
}

/// Why a JSON Schema cannot constrain Apple's on-device model.
public struct FoundationSchemaError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Where in the schema, as a JSON Pointer fragment such as `#/properties/scores`.
  public let location: String
  /// What cannot be expressed.
  public let reason: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - location: Where in the schema.
  ///   - reason: What cannot be expressed.
  public init(location: String, reason: String) {
    self.location = location
    self.reason = reason
  }

  /// What cannot be expressed, where, and the fix.
  public var description: String {
    "The schema at \(location) cannot constrain Apple's on-device model: \(reason)."
  }
}
