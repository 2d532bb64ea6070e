/// One way an instance fails a schema, phrased so a model can fix its output.
///
/// ```swift
/// let schema = JSONSchema.object(properties: ["city": .string(enum: ["北京", "上海"])], required: ["city"])
/// let violation = schema.validate(["city": "巴黎"]).first
/// violation?.path         // "/city"
/// violation?.keyword      // "enum"
/// violation?.description  // /city: must be one of "北京", "上海"
/// ```
public struct SchemaViolation: Sendable, Hashable, CustomStringConvertible {
  /// Where in the instance, as a JSON Pointer such as `/items/0/city` (empty for the root).
  ///
  /// For `required` it is the location of the missing member (`/city`).
  public let path: String
  /// The keyword that failed, such as `enum`, `required` or `type`; `false`
  /// when the schema at that location is `false`.
  public let keyword: String
  /// What is wrong, such as `must be one of "北京", "上海"` or `is required`.
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

  /// `/city: must be one of "北京", "上海"`; the root is written `/`.
  public var description: String { "\(path.isEmpty ? "/" : path): \(message)" }
}
