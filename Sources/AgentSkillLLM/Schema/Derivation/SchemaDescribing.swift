/// Descriptions and constraints for the schema derived from a type.
///
/// ``JSONSchema/derived(from:)`` learns a type's members and their types by
/// decoding it; adopt this protocol to add what decoding cannot tell — what
/// a member means and which values are allowed. Entries are keyed by the
/// member's name in JSON (its coding key):
///
/// ```swift
/// struct ForecastInput: Decodable, Sendable, SchemaDescribing {
///   let city: String
///   let days: Int?
///
///   static let schemaDescription: String? = "A weather forecast request"
///   static let schemaFields: [String: SchemaField] = [
///     "city": "City name, in Chinese",
///     "days": SchemaField("Forecast length in days", minimum: 1, maximum: 7),
///   ]
/// }
/// ```
///
/// A key the type does not decode, or a constraint that does not fit the
/// member's type, makes the derivation throw ``SchemaDerivationError``.
public protocol SchemaDescribing {
  /// What the whole value means, for the model; `nil` (the default) for none.
  static var schemaDescription: String? { get }
  /// Per member, keyed by its name in JSON: a description and constraints. Defaults to none.
  static var schemaFields: [String: SchemaField] { get }
}

extension SchemaDescribing {
  /// No description.
  public static var schemaDescription: String? { nil }
  /// No per-member descriptions or constraints.
  public static var schemaFields: [String: SchemaField] { [:] }
}

/// The description and constraints of one member in a derived schema.
///
/// A string literal is a description alone:
///
/// ```swift
/// let city: SchemaField = "City name"
/// let days = SchemaField("Forecast length", minimum: 1, maximum: 7)
/// let code = SchemaField("Airport code", pattern: "^[A-Z]{3}$")
/// let unit = SchemaField("Temperature unit", allowedValues: ["celsius", "fahrenheit"])
/// ```
///
/// Numeric bounds apply to integers and numbers; `pattern`, lengths and
/// `format` to strings; item counts to arrays. On an optional member they
/// apply to the value when present.
public struct SchemaField: Sendable, Hashable, ExpressibleByStringLiteral {
  /// What the member means, for the model.
  public var description: String?
  /// The smallest number allowed.
  public var minimum: Double?
  /// The largest number allowed.
  public var maximum: Double?
  /// An ECMA-262 regular expression strings must contain a match of; anchor it with `^…$`.
  public var pattern: String?
  /// The fewest characters of a string.
  public var minLength: Int?
  /// The most characters of a string.
  public var maxLength: Int?
  /// The fewest elements of an array.
  public var minItems: Int?
  /// The most elements of an array.
  public var maxItems: Int?
  /// A format annotation for strings, such as ``JSONSchema/StringFormat/email``.
  public var format: JSONSchema.StringFormat?
  /// The only values allowed (`enum`); each must fit the member's type.
  public var allowedValues: [JSONValue]?

  /// Creates a member's description and constraints.
  ///
  /// - Parameters:
  ///   - description: What the member means, for the model.
  ///   - minimum: The smallest number allowed.
  ///   - maximum: The largest number allowed.
  ///   - pattern: A regular expression strings must contain a match of.
  ///   - minLength: The fewest characters of a string.
  ///   - maxLength: The most characters of a string.
  ///   - minItems: The fewest elements of an array.
  ///   - maxItems: The most elements of an array.
  ///   - format: A format annotation for strings.
  ///   - allowedValues: The only values allowed.
  public init(
    _ description: String? = nil,
    minimum: Double? = nil,
    maximum: Double? = nil,
    pattern: String? = nil,
    minLength: Int? = nil,
    maxLength: Int? = nil,
    minItems: Int? = nil,
    maxItems: Int? = nil,
    format: JSONSchema.StringFormat? = nil,
    allowedValues: [JSONValue]? = nil
  ) {
    self.description = description
    self.minimum = minimum
    self.maximum = maximum
    self.pattern = pattern
    self.minLength = minLength
    self.maxLength = maxLength
    self.minItems = minItems
    self.maxItems = maxItems
    self.format = format
    self.allowedValues = allowedValues
  }

  /// A description alone.
  ///
  /// - Parameter value: The description.
  public init(stringLiteral value: String) {
    self.init(value)
  }
}
