import Foundation

/// One decoding pass of a type through ``RecordingDecoder``: placeholders
/// chosen by `variant`, the types in progress (to find recursion), and the
/// Swift type found at each coding path (to name it in errors).
final class SchemaDerivation {
  /// The outcome of a pass.
  struct Result {
    /// The schema document.
    let schema: JSONObject
    /// The Swift type decoded at each coding path.
    let types: [CodingPathKey: String]

    /// The innermost type at or above `path`.
    func deepestType(at path: CodingPathKey) -> String? {
      var components = path.components
      while true {
        if let name = types[CodingPathKey(components)] { return name }
        if components.isEmpty { return nil }
        components.removeLast()
      }
    }
  }

  /// Which placeholders to hand out: 0 or 1 (a second pass with different values finds value-dependent decoding).
  let variant: Int
  private var inProgress: [ObjectIdentifier] = []
  private(set) var types: [CodingPathKey: String] = [:]

  private init(variant: Int) {
    self.variant = variant
  }

  /// Derives `T`'s schema with the placeholders of `variant`.
  static func run<T: Decodable>(_ type: T.Type, variant: Int) throws(SchemaDerivationError) -> Result {
    let derivation = SchemaDerivation(variant: variant)
    do {
      let (schema, _) = try derivation.derive(T.self, path: [])
      return Result(schema: schema, types: derivation.types)
    } catch let error as SchemaDerivationError {
      throw error
    } catch {
      throw SchemaDerivationError(
        typeName: String(describing: T.self), codingPath: "", problem: .rejectedPlaceholder("\(error)"))
    }
  }

  /// The schema of `T` at `path` and a placeholder value of it.
  func derive<T: Decodable>(_ type: T.Type, path: [String]) throws -> (JSONObject, T) {
    let key = CodingPathKey(path)
    if types[key] == nil { types[key] = String(describing: T.self) }
    if let (schema, value) = SchemaLeaf.leaf(T.self, variant: variant), let typed = value as? T {
      return (schema, typed)
    }
    if let optional = T.self as? any DerivableOptional.Type {
      let (schema, value) = try optional.derive(with: self, path: path)
      guard let typed = value as? T else { throw internalError(T.self, path) }
      return (nullable(schema), typed)
    }
    if let collection = T.self as? any DerivableCollection.Type {
      let (schema, value) = try collection.derive(with: self, path: path)
      guard let typed = value as? T else { throw internalError(T.self, path) }
      return (schema, typed)
    }
    if let enumeration = T.self as? any (CaseIterable & RawRepresentable).Type {
      let (schema, value) = try cases(of: enumeration, path: path)
      guard let typed = value as? T else { throw internalError(T.self, path) }
      return (schema, typed)
    }
    return try decodeRecording(T.self, path: path)
  }

  private func decodeRecording<T: Decodable>(_ type: T.Type, path: [String]) throws -> (JSONObject, T) {
    let identifier = ObjectIdentifier(T.self)
    let name = String(describing: T.self)
    guard !inProgress.contains(identifier) else {
      throw SchemaDerivationError(typeName: name, codingPath: CodingPathKey(path).pointer, problem: .recursion)
    }
    inProgress.append(identifier)
    defer { inProgress.removeLast() }
    let recording = Recording(typeName: name, path: path)
    let value: T
    do {
      value = try T(from: RecordingDecoder(derivation: self, recording: recording, path: path))
    } catch let error as SchemaDerivationError {
      throw error
    } catch {
      let problem: SchemaDerivationError.Problem =
        T.self is any RawRepresentable.Type
        ? .enumeration(
          "it is RawRepresentable but not CaseIterable, so its values are unknown; add CaseIterable "
            + "(with String or Int raw values) so its cases become the schema's enum")
        : .rejectedPlaceholder(Self.message(of: error))
      throw SchemaDerivationError(typeName: name, codingPath: CodingPathKey(path).pointer, problem: problem)
    }
    var schema = try recording.finish()
    if let described = T.self as? any SchemaDescribing.Type {
      schema = try SchemaAnnotation.apply(
        description: described.schemaDescription, fields: described.schemaFields, to: schema,
        typeName: name, path: path)
    }
    return (schema, value)
  }

  private func cases<E: CaseIterable & RawRepresentable>(
    of type: E.Type, path: [String]
  ) throws(SchemaDerivationError) -> (JSONObject, Any) {
    let all = Array(E.allCases)
    var values: [JSONValue] = []
    var kind: String?
    for element in all {
      switch element.rawValue as Any {
      case let string as String:
        values.append(.string(string))
        kind = kind ?? "string"
      case let integer as Int:
        values.append(.integer(integer))
        kind = kind ?? "integer"
      default:
        throw SchemaDerivationError(
          typeName: String(describing: E.self), codingPath: CodingPathKey(path).pointer,
          problem: .enumeration("its raw values must be String or Int to be written in JSON"))
      }
    }
    guard let kind, let first = all.first, let last = all.last else {
      throw SchemaDerivationError(
        typeName: String(describing: E.self), codingPath: CodingPathKey(path).pointer,
        problem: .enumeration("it has no cases, so no value can be written; add a case"))
    }
    return (["type": .string(kind), "enum": .array(values)], variant == 0 ? first : last)
  }

  /// `schema` also accepting `null`.
  func nullable(_ schema: JSONObject) -> JSONObject {
    JSONSchema(built: .object(schema)).nullable().json.objectValue ?? schema
  }

  private func internalError(_ type: Any.Type, _ path: [String]) -> SchemaDerivationError {
    SchemaDerivationError(
      typeName: String(describing: type), codingPath: CodingPathKey(path).pointer,
      problem: .unsupportedDecoding("a placeholder of an unexpected type"))
  }

  private static func message(of error: any Error) -> String {
    if let decoding = error as? DecodingError {
      switch decoding {
      case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
        .valueNotFound(_, let context):
        return context.debugDescription
      @unknown default:
        return "\(decoding)"
      }
    }
    return "\(error)"
  }

  /// The coding path of the first place two schemas differ.
  static func firstDifference(_ first: JSONObject, _ second: JSONObject) -> CodingPathKey {
    var path: [String] = []
    var left = first
    var right = second
    while true {
      if case .object(let a) = left["properties"], case .object(let b) = right["properties"], a.keys == b.keys,
        let key = a.keys.first(where: { a[$0] != b[$0] }), case .object(let x) = a[key],
        case .object(let y) = b[key]
      {
        path.append(key)
        (left, right) = (x, y)
        continue
      }
      if case .object(let x) = left["items"], case .object(let y) = right["items"], x != y {
        path.append("0")
        (left, right) = (x, y)
        continue
      }
      return CodingPathKey(path)
    }
  }
}

/// A coding path as member names and indexes, usable as a dictionary key.
struct CodingPathKey: Hashable {
  let components: [String]

  init(_ components: [String]) {
    self.components = components
  }

  /// The path as a JSON Pointer (`/items/0/due`; empty for the root).
  var pointer: String {
    components.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }
      .joined()
  }
}

/// Optionals describe themselves: the wrapped schema, also accepting `null`.
protocol DerivableOptional {
  static func derive(with derivation: SchemaDerivation, path: [String]) throws -> (JSONObject, Any)
}

extension Optional: DerivableOptional where Wrapped: Decodable {
  static func derive(with derivation: SchemaDerivation, path: [String]) throws -> (JSONObject, Any) {
    let (schema, _) = try derivation.derive(Wrapped.self, path: path)
    return (schema, Wrapped?.none as Any)
  }
}

/// Arrays, sets and `String`-keyed dictionaries describe their elements.
protocol DerivableCollection {
  static func derive(with derivation: SchemaDerivation, path: [String]) throws -> (JSONObject, Any)
}

extension Array: DerivableCollection where Element: Decodable {
  static func derive(with derivation: SchemaDerivation, path: [String]) throws -> (JSONObject, Any) {
    let (items, _) = try derivation.derive(Element.self, path: path + ["0"])
    return (["type": "array", "items": .object(items)], [Element]())
  }
}

extension Set: DerivableCollection where Element: Decodable {
  static func derive(with derivation: SchemaDerivation, path: [String]) throws -> (JSONObject, Any) {
    let (items, _) = try derivation.derive(Element.self, path: path + ["0"])
    return (["type": "array", "items": .object(items), "uniqueItems": true], Set<Element>())
  }
}

extension Dictionary: DerivableCollection where Key == String, Value: Decodable {
  static func derive(with derivation: SchemaDerivation, path: [String]) throws -> (JSONObject, Any) {
    let (values, _) = try derivation.derive(Value.self, path: path + ["*"])
    return (["type": "object", "additionalProperties": .object(values)], [String: Value]())
  }
}
