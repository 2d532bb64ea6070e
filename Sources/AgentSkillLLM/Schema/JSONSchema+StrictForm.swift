extension JSONSchema {
  /// The schema in the form OpenAI's strict structured outputs require:
  /// every object lists all its members as required (those that were
  /// optional accept `null` instead) and forbids other members.
  var strictForm: JSONSchema {
    JSONSchema(built: Self.strict(json))
  }

  private static func strict(_ value: JSONValue) -> JSONValue {
    guard case .object(var object) = value else { return value }
    for keyword in ["items", "additionalProperties", "not"] {
      if let child = object[keyword], case .object = child { object[keyword] = strict(child) }
    }
    for keyword in ["anyOf", "oneOf", "allOf", "prefixItems"] {
      if case .array(let children) = object[keyword] { object[keyword] = .array(children.map(strict)) }
    }
    if case .object(let definitions) = object["$defs"] {
      object["$defs"] = .object(JSONObject(definitions.members.map { ($0.key, strict($0.value)) }))
    }
    guard case .object(let properties) = object["properties"] else { return .object(object) }
    let required = Set(object["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
    var members = JSONObject()
    for (name, schema) in properties {
      let child = strict(schema)
      members[name] = required.contains(name) ? child : JSONSchema(built: child).nullable().json
    }
    object["properties"] = .object(members)
    object["required"] = .array(properties.keys.map(JSONValue.string))
    if object["additionalProperties"] == nil || object["additionalProperties"] != .bool(false) {
      object["additionalProperties"] = false
    }
    return .object(object)
  }
}
