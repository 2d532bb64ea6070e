/// Applies ``SchemaDescribing`` descriptions and constraints to a derived object schema.
enum SchemaAnnotation {
  static func apply(
    description: String?, fields: [String: SchemaField], to schema: JSONObject, typeName: String, path: [String]
  ) throws(SchemaDerivationError) -> JSONObject {
    var schema = schema
    if let description { schema["description"] = .string(description) }
    guard !fields.isEmpty else { return schema }
    func failure(_ problem: SchemaDerivationError.Problem) -> SchemaDerivationError {
      SchemaDerivationError(typeName: typeName, codingPath: CodingPathKey(path).pointer, problem: problem)
    }
    guard case .object(var properties) = schema["properties"] else {
      throw failure(.unknownField(fields.keys.sorted().joined(separator: "\", \"")))
    }
    let required = Set(schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
    for name in fields.keys.sorted() {
      guard let field = fields[name], case .object(let property) = properties[name] else {
        throw failure(.unknownField(name))
      }
      // Optional members were made nullable; constrain the value itself, then accept null again.
      let nullable = !required.contains(name)
      let base = nullable ? nonNull(property) : property
      var annotated = try annotate(base, with: field, name: name, failure: failure)
      if nullable { annotated = JSONSchema(built: .object(annotated)).nullable().json.objectValue ?? annotated }
      properties[name] = .object(annotated)
    }
    schema["properties"] = .object(properties)
    return schema
  }

  private static func annotate(
    _ property: JSONObject, with field: SchemaField, name: String,
    failure: (SchemaDerivationError.Problem) -> SchemaDerivationError
  ) throws(SchemaDerivationError) -> JSONObject {
    var result = property
    let type = property["type"]?.stringValue
    func require(_ types: Set<String>, _ constraint: String) throws(SchemaDerivationError) {
      guard let type, types.contains(type) else {
        throw failure(
          .constraint(
            field: name,
            reason: "\(constraint) applies to \(types.sorted().joined(separator: " or ")) members, and this one is "
              + (type ?? "not of one JSON type")))
      }
    }
    if let description = field.description { result["description"] = .string(description) }
    if let minimum = field.minimum {
      try require(["integer", "number"], "minimum")
      result["minimum"] = numeral(minimum)
    }
    if let maximum = field.maximum {
      try require(["integer", "number"], "maximum")
      result["maximum"] = numeral(maximum)
    }
    if let pattern = field.pattern {
      try require(["string"], "pattern")
      result["pattern"] = .string(pattern)
    }
    if let minLength = field.minLength {
      try require(["string"], "minLength")
      result["minLength"] = .integer(minLength)
    }
    if let maxLength = field.maxLength {
      try require(["string"], "maxLength")
      result["maxLength"] = .integer(maxLength)
    }
    if let format = field.format {
      try require(["string"], "format")
      result["format"] = .string(format.rawValue)
    }
    if let minItems = field.minItems {
      try require(["array"], "minItems")
      result["minItems"] = .integer(minItems)
    }
    if let maxItems = field.maxItems {
      try require(["array"], "maxItems")
      result["maxItems"] = .integer(maxItems)
    }
    do {
      try JSONSchema(.object(result)).verify()
    } catch {
      throw failure(.constraint(field: name, reason: error.description))
    }
    if let allowed = field.allowedValues {
      let check = JSONSchema(built: .object(result))
      if let wrong = allowed.first(where: { !check.isValid($0) }) {
        throw failure(
          .constraint(field: name, reason: "the allowed value \(wrong.rendered()) does not fit the member's type"))
      }
      result["enum"] = .array(allowed)
    }
    return result
  }

  /// The schema without the `null` that ``JSONSchema/nullable()`` added.
  private static func nonNull(_ schema: JSONObject) -> JSONObject {
    var schema = schema
    if case .array(let types) = schema["type"] {
      let rest = types.filter { $0 != "null" }
      schema["type"] = rest.count == 1 ? rest[0] : .array(rest)
    }
    if case .array(let values) = schema["enum"] { schema["enum"] = .array(values.filter { $0 != .null }) }
    if case .array(let options) = schema["anyOf"], options.count == 2, options[1] == ["type": "null"],
      case .object(let inner) = options[0]
    {
      return inner
    }
    return schema
  }

  private static func numeral(_ value: Double) -> JSONValue {
    if let integer = Int(exactly: value) { return .integer(integer) }
    return .number(value)
  }
}
