/// HTTP header fields in order, looked up without regard to case.
///
/// ```swift
/// var headers: HTTPHeaderFields = ["Content-Type": "application/json"]
/// headers["authorization"] = "Bearer \(key)"
/// headers["content-type"]   // "application/json"
/// ```
public struct HTTPHeaderFields: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
  /// One header field.
  public struct Field: Sendable, Hashable {
    /// The name as written.
    public var name: String
    /// The value.
    public var value: String

    /// Creates a field.
    ///
    /// - Parameters:
    ///   - name: The name.
    ///   - value: The value.
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// The fields in order.
  public private(set) var fields: [Field] = []

  /// Creates an empty set of fields.
  public init() {}

  /// Creates fields from name-value pairs; later values replace earlier ones with the same name.
  ///
  /// - Parameter pairs: The fields in order.
  public init<S: Sequence>(_ pairs: S) where S.Element == (String, String) {
    for (name, value) in pairs { self[name] = value }
  }

  /// Creates fields from a dictionary literal, keeping its order.
  public init(dictionaryLiteral elements: (String, String)...) {
    self.init(elements)
  }

  /// The value of the first field named `name` (any case); setting replaces
  /// every field with that name, and `nil` removes them.
  ///
  /// - Parameter name: The field name, in any case.
  public subscript(name: String) -> String? {
    get {
      fields.first { $0.name.caseInsensitiveEquals(name) }?.value
    }
    set {
      if let index = fields.firstIndex(where: { $0.name.caseInsensitiveEquals(name) }) {
        if let newValue {
          fields[index].value = newValue
          var position = index + 1
          while position < fields.count {
            if fields[position].name.caseInsensitiveEquals(name) {
              fields.remove(at: position)
            } else {
              position += 1
            }
          }
        } else {
          fields.removeAll { $0.name.caseInsensitiveEquals(name) }
        }
      } else if let newValue {
        fields.append(Field(name: name, value: newValue))
      }
    }
  }

  /// Adds a field even when one with the same name exists.
  ///
  /// - Parameters:
  ///   - name: The field name.
  ///   - value: The value.
  public mutating func append(name: String, value: String) {
    fields.append(Field(name: name, value: value))
  }

  /// Adds or replaces every field of `other`.
  ///
  /// - Parameter other: The fields that win.
  public mutating func merge(_ other: HTTPHeaderFields) {
    for field in other.fields { self[field.name] = field.value }
  }

  /// The number of fields.
  public var count: Int { fields.count }

  /// Iterates the fields in order.
  public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

  /// The fields one per line as `Name: value`, with secret-bearing values redacted.
  public var description: String {
    fields.map { "\($0.name): \(Self.isSecret($0.name) ? "[REDACTED]" : $0.value)" }.joined(separator: "\n")
  }

  /// The values of credential-bearing fields (and their tokens without a
  /// `Bearer ` prefix), to remove from error messages.
  var secretValues: [String] {
    fields.filter { Self.isSecret($0.name) }.flatMap { field -> [String] in
      let parts = field.value.split(separator: " ", maxSplits: 1)
      return parts.count == 2 ? [field.value, String(parts[1])] : [field.value]
    }
  }

  /// Whether a header named `name` carries credentials.
  static func isSecret(_ name: String) -> Bool {
    let lower = name.lowercased()
    return lower == "authorization" || lower == "proxy-authorization" || lower == "x-api-key"
      || lower == "api-key" || lower == "cookie" || lower.contains("token") || lower.contains("secret")
  }
}

extension String {
  /// ASCII case-insensitive comparison, as HTTP field names use.
  func caseInsensitiveEquals(_ other: String) -> Bool {
    let lhs = utf8
    let rhs = other.utf8
    guard lhs.count == rhs.count else { return false }
    return zip(lhs, rhs).allSatisfy { Self.lowercasedASCII($0) == Self.lowercasedASCII($1) }
  }

  private static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
  }
}
