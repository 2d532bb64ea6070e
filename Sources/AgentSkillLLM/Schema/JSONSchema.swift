/// A JSON Schema (draft 2020-12) describing a tool's arguments.
///
/// PLACEHOLDER SHELL: the schema work replaces this file with the typed
/// builder, Codable round-trip and validator.
public struct JSONSchema: Sendable, Hashable {
  /// The schema document.
  public let json: JSONValue

  /// Wraps a schema document.
  ///
  /// - Parameter json: The schema; an object or a boolean.
  /// - Throws: ``SchemaError`` when the document is not a schema.
  public init(_ json: JSONValue) throws {
    switch json {
    case .object, .bool: self.json = json
    default: throw SchemaError.notASchema(found: json.typeName)
    }
  }

  /// Checks `value` against the schema.
  ///
  /// - Parameter value: The instance to check.
  /// - Returns: The violations; empty when `value` is valid.
  public func validate(_ value: JSONValue) -> [SchemaViolation] { [] }
}

/// Why a document could not be used as a schema.
public enum SchemaError: Error, Sendable, Hashable {
  /// The document is neither an object nor a boolean.
  case notASchema(found: String)
}

/// One way an instance fails a schema.
public struct SchemaViolation: Sendable, Hashable, CustomStringConvertible {
  /// Where in the instance, as a JSON Pointer such as `/items/0/city` (empty for the root).
  public let path: String
  /// The keyword that failed, such as `enum`.
  public let keyword: String
  /// What is wrong, phrased so a model can fix it: `must be one of "北京", "上海"`.
  public let message: String

  /// Creates a violation.
  ///
  /// - Parameters:
  ///   - path: The JSON Pointer of the failing value.
  ///   - keyword: The keyword that failed.
  ///   - message: What is wrong.
  public init(path: String, keyword: String, message: String) {
    self.path = path
    self.keyword = keyword
    self.message = message
  }

  /// `/city: must be one of "北京", "上海"`.
  public var description: String { "\(path.isEmpty ? "/" : path): \(message)" }
}
