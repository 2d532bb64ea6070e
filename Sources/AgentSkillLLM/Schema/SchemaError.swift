/// Why a document cannot be used as a JSON Schema.
///
/// Every case names the schema location as a JSON Pointer fragment
/// (`#/properties/city/pattern`, `#` for the root) and its description says
/// how to fix the schema:
///
/// ```swift
/// do {
///   _ = try JSONSchema(["type": "string", "minLength": -1])
/// } catch {
///   print(error)  // "minLength" at # must be a non-negative integer, found -1
/// }
/// ```
public enum SchemaError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A schema position holds something other than an object or a boolean.
  case notASchema(location: String, found: String)
  /// A keyword's value has the wrong type or is out of range.
  case invalidKeyword(location: String, keyword: String, expected: String, found: String)
  /// A `pattern` or `patternProperties` key is not a valid regular expression.
  case invalidPattern(location: String, pattern: String)
  /// A `$ref` names no schema in this document.
  case unresolvableReference(location: String, reference: String)
  /// Two schemas in the document declare the same `$id`.
  case duplicateIdentifier(location: String, identifier: String)
  /// Following `$ref`, `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else` or
  /// `dependentSchemas` from this location comes back to it without looking
  /// at a smaller part of the instance, so validation would never end.
  case infiniteRecursion(location: String, cycle: [String])
  /// The schema was to be derived from a Swift type that cannot be described
  /// (see ``JSONSchema/derived(from:)``); the location is the root, `#`.
  case notDerivable(SchemaDerivationError)

  /// The schema location, as a JSON Pointer fragment such as `#/properties/city`.
  public var location: String {
    switch self {
    case .notASchema(let location, _), .invalidKeyword(let location, _, _, _), .invalidPattern(let location, _),
      .unresolvableReference(let location, _), .duplicateIdentifier(let location, _),
      .infiniteRecursion(let location, _):
      location
    case .notDerivable:
      "#"
    }
  }

  /// What is wrong and how to fix it.
  public var description: String {
    switch self {
    case .notASchema(let location, let found):
      return "the schema at \(location) must be an object or a boolean, found \(found); "
        + "write an object such as {\"type\": \"string\"}, or true to accept anything"
    case .invalidKeyword(let location, let keyword, let expected, let found):
      return "\"\(keyword)\" at \(location) must be \(expected), found \(found)"
    case .invalidPattern(let location, let pattern):
      return "the regular expression \(JSONValue.string(pattern).rendered()) at \(location) is not valid; "
        + "escape literal characters such as ( [ { . * + ? with a backslash"
    case .unresolvableReference(let location, let reference):
      if reference.hasPrefix("http://") || reference.hasPrefix("https://") {
        return "\"$ref\" at \(location) points to \(JSONValue.string(reference).rendered()), "
          + "which is not in this document; remote schemas are never fetched, so copy the referenced "
          + "schema under \"$defs\" and refer to it as \"#/$defs/<name>\""
      }
      return "\"$ref\" at \(location) points to \(JSONValue.string(reference).rendered()), "
        + "which names no schema in this document; define it under \"$defs\" and refer to it as \"#/$defs/<name>\""
    case .duplicateIdentifier(let location, let identifier):
      return "\"$id\" at \(location) repeats \(JSONValue.string(identifier).rendered()), "
        + "which another schema in this document already declares; give each schema resource its own \"$id\""
    case .infiniteRecursion(let location, let cycle):
      return "the schema at \(location) refers back to itself through \(cycle.joined(separator: " → ")) "
        + "without descending into the instance, so validation would never finish; "
        + "put the recursive \"$ref\" under \"properties\", \"items\" or another keyword that looks at a child value"
    case .notDerivable(let error):
      return error.description
    }
  }
}
