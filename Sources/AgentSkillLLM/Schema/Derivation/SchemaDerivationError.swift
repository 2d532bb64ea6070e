/// Why a JSON Schema cannot be derived from a Swift type.
///
/// ``JSONSchema/derived(from:)`` never guesses: when a type decodes in a way
/// a schema cannot describe, it throws this error naming the type and the
/// coding path where it happened, with what to do instead.
///
/// ```swift
/// do {
///   _ = try JSONSchema.derived(from: [String: JSONValue].self)
/// } catch {
///   print(error.typeName, error.codingPath, error)
/// }
/// ```
public struct SchemaDerivationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What the derivation could not describe.
  public enum Problem: Sendable, Hashable {
    /// The type contains itself (directly or through other types); a derived schema would be infinite.
    case recursion
    /// `init(from:)` asked for different members or types when given different values.
    case dependsOnValues
    /// `init(from:)` threw when given a placeholder value; the message it threw.
    case rejectedPlaceholder(String)
    /// `init(from:)` reads the members' names at run time (`allKeys`), as a dictionary with non-`String` keys does.
    case dynamicKeys
    /// `init(from:)` used a decoder feature a schema cannot express, such as `superDecoder()` or two containers.
    case unsupportedDecoding(String)
    /// A `RawRepresentable` type that is not `CaseIterable`, or whose raw values are not `String` or `Int`.
    case enumeration(String)
    /// ``SchemaDescribing/schemaFields`` names a member the type does not decode.
    case unknownField(String)
    /// A field's constraint does not fit its type (a `pattern` on a number, an allowed value of the wrong type).
    case constraint(field: String, reason: String)
  }

  /// The Swift type whose decoding could not be described, such as `Reminder`.
  public let typeName: String
  /// Where in the JSON the type sits, as a JSON Pointer such as `/items/0/due` (empty for the root).
  public let codingPath: String
  /// What could not be described.
  public let problem: Problem

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - typeName: The Swift type.
  ///   - codingPath: The JSON Pointer of the value.
  ///   - problem: What could not be described.
  public init(typeName: String, codingPath: String, problem: Problem) {
    self.typeName = typeName
    self.codingPath = codingPath
    self.problem = problem
  }

  /// What went wrong and how to fix it.
  public var description: String {
    let place = codingPath.isEmpty ? "at the root" : "at \(codingPath)"
    let head = "Cannot derive a JSON Schema for \(typeName) (\(place)): "
    switch problem {
    case .recursion:
      return head + "the type contains itself, so its schema would never end. "
        + "Write the schema by hand with JSONSchema.ref(\"#/$defs/…\") and pass it explicitly."
    case .dependsOnValues:
      return head + "its init(from:) decodes different members or types depending on the values it reads. "
        + "Write the schema by hand (for example with JSONSchema.oneOf) and pass it explicitly."
    case .rejectedPlaceholder(let message):
      return head + "its init(from:) threw on a placeholder value (\(message)). Move checks out of init(from:) "
        + "into SchemaDescribing constraints or validators, or write the schema by hand."
    case .dynamicKeys:
      return head + "its init(from:) reads member names at run time (allKeys). "
        + "Use a [String: Value] dictionary or write the schema by hand."
    case .unsupportedDecoding(let what):
      return head + "its init(from:) uses \(what), which a schema cannot describe. Write the schema by hand."
    case .enumeration(let what):
      return head + what
    case .unknownField(let field):
      return head + "schemaFields names \"\(field)\", which the type does not decode. "
        + "Use the coding key as it appears in JSON, or remove the entry."
    case .constraint(let field, let reason):
      return head + "the constraint on \"\(field)\" does not fit: \(reason)."
    }
  }
}
