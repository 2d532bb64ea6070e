/// Why a text is not valid JSON, with where it went wrong.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The byte offset where parsing stopped.
  public let offset: Int
  /// What was expected or found.
  public let reason: String
  /// Up to 40 characters of the input around ``offset``.
  public let snippet: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - offset: The byte offset where parsing stopped.
  ///   - reason: What was expected or found.
  ///   - snippet: The input around the offset.
  public init(offset: Int, reason: String, snippet: String) {
    self.offset = offset
    self.reason = reason
    self.snippet = snippet
  }

  /// A message such as `invalid JSON at byte 12: expected ',' or '}' near "{"a": 1 "b"…"`.
  public var description: String {
    "invalid JSON at byte \(offset): \(reason) near \"\(snippet)\""
  }
}
