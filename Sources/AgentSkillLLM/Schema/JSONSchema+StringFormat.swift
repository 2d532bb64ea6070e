extension JSONSchema {
  /// A `format` for strings, such as `date-time` or `email`.
  ///
  /// Formats are annotations: they tell the model what to write, and
  /// validation does not check them (the draft 2020-12 default).
  ///
  /// ```swift
  /// let due: JSONSchema = .string(description: "When to remind", format: .dateTime)
  /// let phone: JSONSchema = .string(format: "phone")  // any other format name
  /// ```
  public struct StringFormat: Sendable, Hashable, RawRepresentable, ExpressibleByStringLiteral {
    /// The format name as written in the schema.
    public let rawValue: String

    /// Creates a format from its name.
    ///
    /// - Parameter rawValue: The format name.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// Creates a format from a string literal.
    ///
    /// - Parameter value: The format name.
    public init(stringLiteral value: String) {
      self.rawValue = value
    }

    /// An RFC 3339 date and time: `2025-03-01T08:30:00+08:00`.
    public static let dateTime = StringFormat(rawValue: "date-time")
    /// An RFC 3339 full date: `2025-03-01`.
    public static let date = StringFormat(rawValue: "date")
    /// An RFC 3339 full time: `08:30:00+08:00`.
    public static let time = StringFormat(rawValue: "time")
    /// An ISO 8601 duration: `P3D`, `PT15M`.
    public static let duration = StringFormat(rawValue: "duration")
    /// An email address.
    public static let email = StringFormat(rawValue: "email")
    /// A host name.
    public static let hostname = StringFormat(rawValue: "hostname")
    /// An IPv4 address.
    public static let ipv4 = StringFormat(rawValue: "ipv4")
    /// An IPv6 address.
    public static let ipv6 = StringFormat(rawValue: "ipv6")
    /// An absolute URI.
    public static let uri = StringFormat(rawValue: "uri")
    /// A URI or relative reference.
    public static let uriReference = StringFormat(rawValue: "uri-reference")
    /// A UUID: `f81d4fae-7dec-11d0-a765-00a0c91e6bf6`.
    public static let uuid = StringFormat(rawValue: "uuid")
    /// An ECMA-262 regular expression.
    public static let regex = StringFormat(rawValue: "regex")
  }
}
