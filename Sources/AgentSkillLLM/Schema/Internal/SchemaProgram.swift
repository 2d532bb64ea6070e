/// A schema compiled once into flat nodes that refer to each other by index,
/// so validation never looks at the schema's JSON again and recursive `$ref`s
/// are plain indices.
final class SchemaProgram: Sendable {
  /// The nodes; the root schema is node 0.
  let nodes: [SchemaNode]

  init(nodes: [SchemaNode]) {
    self.nodes = nodes
  }
}

/// One compiled (sub)schema.
struct SchemaNode: Sendable {
  enum Body: Sendable {
    /// `true` or `{}` without assertions.
    case anything
    /// `false`.
    case nothing
    /// An object schema: its checks in evaluation order.
    case checks([SchemaCheck])
  }

  /// The schema location, such as `#/properties/city`.
  var location: String
  var body: Body
  /// The `unevaluatedProperties` schema, evaluated after every other keyword.
  var unevaluatedProperties: Int?
  /// The `unevaluatedItems` schema, evaluated after every other keyword.
  var unevaluatedItems: Int?
  /// The `type` names, for messages of `anyOf`/`oneOf` that fail on the type.
  var typeNames: [String]?

  /// Whether this node needs the annotations of its in-place subschemas.
  var tracksEvaluation: Bool { unevaluatedProperties != nil || unevaluatedItems != nil }

  static func placeholder() -> SchemaNode {
    SchemaNode(location: "", body: .anything)
  }
}

/// One assertion or applicator of a compiled schema; node references are indices.
enum SchemaCheck: Sendable {
  case type(SchemaTypeSet, names: [String])
  case enumeration([JSONValue], Set<JSONValue>)
  case constant(JSONValue)
  case multipleOf(JSONValue)
  case minimum(JSONValue)
  case maximum(JSONValue)
  case exclusiveMinimum(JSONValue)
  case exclusiveMaximum(JSONValue)
  case minLength(Int)
  case maxLength(Int)
  case pattern(SchemaPattern)
  case minItems(Int)
  case maxItems(Int)
  case uniqueItems
  case prefixItems([Int])
  case items(Int, from: Int)
  case contains(Int, minimum: Int, maximum: Int?)
  case minProperties(Int)
  case maxProperties(Int)
  case required([String])
  case properties([(name: String, node: Int)])
  case patternProperties([(pattern: SchemaPattern, node: Int)])
  case additionalProperties(Int, declared: Set<String>, declaredInOrder: [String], patterns: [SchemaPattern])
  case propertyNames(Int)
  case dependentRequired([(name: String, requires: [String])])
  case dependentSchemas([(name: String, node: Int)])
  case reference(Int)
  case allOf([Int])
  case anyOf([Int])
  case oneOf([Int])
  case not(Int)
  case conditional(if: Int, then: Int?, else: Int?)
}

/// The JSON types a `type` keyword allows.
struct SchemaTypeSet: OptionSet, Sendable, Hashable {
  let rawValue: UInt8

  static let null = SchemaTypeSet(rawValue: 1 << 0)
  static let boolean = SchemaTypeSet(rawValue: 1 << 1)
  static let object = SchemaTypeSet(rawValue: 1 << 2)
  static let array = SchemaTypeSet(rawValue: 1 << 3)
  static let number = SchemaTypeSet(rawValue: 1 << 4)
  static let string = SchemaTypeSet(rawValue: 1 << 5)
  static let integer = SchemaTypeSet(rawValue: 1 << 6)

  init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// The set for one JSON Schema type name, or `nil` for an unknown name.
  init?(name: String) {
    switch name {
    case "null": self = .null
    case "boolean": self = .boolean
    case "object": self = .object
    case "array": self = .array
    case "number": self = .number
    case "string": self = .string
    case "integer": self = .integer
    default: return nil
    }
  }

  /// Whether `value` has one of the types; `integer` accepts `1.0`, `number` accepts `1`.
  func admits(_ value: JSONValue) -> Bool {
    switch value {
    case .null: contains(.null)
    case .bool: contains(.boolean)
    case .integer, .bigInteger: contains(.integer) || contains(.number)
    case .number: contains(.number) || (contains(.integer) && value.isInteger)
    case .string: contains(.string)
    case .array: contains(.array)
    case .object: contains(.object)
    }
  }
}
