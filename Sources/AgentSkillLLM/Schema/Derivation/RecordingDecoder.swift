/// What one type's `init(from:)` asked a ``RecordingDecoder`` for.
final class Recording {
  private enum Shape {
    case nothing
    case keyed
    case unkeyed
    case single(JSONObject)
  }

  let typeName: String
  let path: [String]
  private var shape = Shape.nothing
  private var names: [String] = []
  private var schemas: [String: JSONObject] = [:]
  private var requiredNames: Set<String> = []
  private var elements: [JSONObject] = []
  private var acceptsNull = false
  private var readsKeys = false

  init(typeName: String, path: [String]) {
    self.typeName = typeName
    self.path = path
  }

  func failure(_ problem: SchemaDerivationError.Problem, at path: [String]? = nil) -> SchemaDerivationError {
    SchemaDerivationError(typeName: typeName, codingPath: CodingPathKey(path ?? self.path).pointer, problem: problem)
  }

  func useKeyed() throws(SchemaDerivationError) {
    switch shape {
    case .nothing: shape = .keyed
    case .keyed: break
    default: throw failure(.unsupportedDecoding("a keyed container after another kind of container"))
    }
  }

  func useUnkeyed() throws(SchemaDerivationError) {
    switch shape {
    case .nothing: shape = .unkeyed
    default: throw failure(.unsupportedDecoding("an unkeyed container after another container"))
    }
  }

  func useSingle(_ schema: JSONObject) throws(SchemaDerivationError) {
    switch shape {
    case .nothing: shape = .single(schema)
    default: throw failure(.unsupportedDecoding("a single-value container after another container"))
    }
  }

  func markNullable() { acceptsNull = true }

  func markDynamicKeys() { readsKeys = true }

  func property(_ name: String, schema: JSONObject, required: Bool) throws(SchemaDerivationError) {
    if let existing = schemas[name] {
      guard existing == schema else {
        throw failure(.unsupportedDecoding("two different types for the member \"\(name)\""), at: path + [name])
      }
    } else {
      names.append(name)
      schemas[name] = schema
    }
    if required { requiredNames.insert(name) }
  }

  func element(_ schema: JSONObject) { elements.append(schema) }

  var elementCount: Int { elements.count }

  /// The schema of what was recorded.
  func finish() throws(SchemaDerivationError) -> JSONObject {
    if readsKeys { throw failure(.dynamicKeys) }
    var schema: JSONObject
    switch shape {
    case .nothing:
      schema = [:]
    case .single(let single):
      schema = single
    case .keyed:
      var properties = JSONObject()
      for name in names {
        guard let property = schemas[name] else { continue }
        properties[name] =
          requiredNames.contains(name)
          ? .object(property) : JSONSchema(built: .object(property)).nullable().json
      }
      schema = ["type": "object", "properties": .object(properties)]
      let required = names.filter(requiredNames.contains)
      if !required.isEmpty { schema["required"] = .array(required.map(JSONValue.string)) }
    case .unkeyed:
      schema = ["type": "array"]
      if elements.count == 1 {
        schema["items"] = .object(elements[0])
      } else if elements.count > 1 {
        schema["prefixItems"] = .array(elements.map(JSONValue.object))
        schema["minItems"] = .integer(elements.count)
        schema["maxItems"] = .integer(elements.count)
      }
    }
    if acceptsNull { schema = JSONSchema(built: .object(schema)).nullable().json.objectValue ?? schema }
    return schema
  }
}

/// A `Decoder` that hands out placeholders and records what is asked of it.
struct RecordingDecoder: Decoder {
  let derivation: SchemaDerivation
  let recording: Recording
  let path: [String]

  var codingPath: [any CodingKey] { path.map(PathKey.init) }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    try recording.useKeyed()
    return KeyedDecodingContainer(RecordingKeyedContainer<Key>(decoder: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try recording.useUnkeyed()
    return RecordingUnkeyedContainer(decoder: self)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    RecordingSingleValueContainer(decoder: self)
  }
}

/// A coding key for a recorded path component.
private struct PathKey: CodingKey {
  let stringValue: String
  var intValue: Int? { Int(stringValue) }

  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { stringValue = String(intValue) }
}

private struct RecordingKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: RecordingDecoder

  var codingPath: [any CodingKey] { decoder.codingPath }

  var allKeys: [Key] {
    // Reading keys at run time cannot be described; the error is thrown when the type is finished.
    decoder.recording.markDynamicKeys()
    return []
  }

  func contains(_ key: Key) -> Bool { true }

  func decodeNil(forKey key: Key) throws -> Bool {
    throw decoder.recording.failure(
      .unsupportedDecoding("decodeNil(forKey:) for \"\(key.stringValue)\"; use decodeIfPresent instead"))
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    let path = decoder.path + [key.stringValue]
    let (schema, value) = try decoder.derivation.derive(T.self, path: path)
    try decoder.recording.property(key.stringValue, schema: schema, required: true)
    return value
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    let path = decoder.path + [key.stringValue]
    let (schema, _) = try decoder.derivation.derive(T.self, path: path)
    try decoder.recording.property(key.stringValue, schema: schema, required: false)
    return nil
  }

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optional(type, key) }
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optional(type, key) }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optional(type, key) }
  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optional(type, key) }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optional(type, key) }
  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optional(type, key) }
  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optional(type, key) }
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optional(type, key) }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optional(type, key) }
  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optional(type, key) }
  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optional(type, key) }
  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optional(type, key) }
  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optional(type, key) }
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optional(type, key) }

  private func optional<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
    try decodeIfPresent(T.self, forKey: key)
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    throw decoder.recording.failure(.unsupportedDecoding("nestedContainer(keyedBy:forKey:); decode a nested type"))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    throw decoder.recording.failure(.unsupportedDecoding("nestedUnkeyedContainer(forKey:); decode an array type"))
  }

  func superDecoder() throws -> any Decoder {
    throw decoder.recording.failure(.unsupportedDecoding("superDecoder() (class inheritance)"))
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    throw decoder.recording.failure(.unsupportedDecoding("superDecoder(forKey:)"))
  }
}

private struct RecordingUnkeyedContainer: UnkeyedDecodingContainer {
  let decoder: RecordingDecoder

  var codingPath: [any CodingKey] { decoder.codingPath }
  var count: Int? { nil }
  var isAtEnd: Bool { decoder.recording.elementCount > 0 }
  var currentIndex: Int { decoder.recording.elementCount }

  mutating func decodeNil() throws -> Bool {
    throw decoder.recording.failure(.unsupportedDecoding("decodeNil() in an array; decode an optional type"))
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let (schema, value) = try decoder.derivation.derive(T.self, path: decoder.path + [String(currentIndex)])
    decoder.recording.element(schema)
    return value
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    throw decoder.recording.failure(.unsupportedDecoding("nestedContainer(keyedBy:) in an array; decode a type"))
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw decoder.recording.failure(.unsupportedDecoding("nestedUnkeyedContainer() in an array; decode a type"))
  }

  mutating func superDecoder() throws -> any Decoder {
    throw decoder.recording.failure(.unsupportedDecoding("superDecoder() in an array"))
  }
}

private struct RecordingSingleValueContainer: SingleValueDecodingContainer {
  let decoder: RecordingDecoder

  var codingPath: [any CodingKey] { decoder.codingPath }

  func decodeNil() -> Bool {
    decoder.recording.markNullable()
    return false
  }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let (schema, value) = try decoder.derivation.derive(T.self, path: decoder.path)
    try decoder.recording.useSingle(schema)
    return value
  }
}
