/// Why a skill manifest could not be read.
///
/// Only malformed JSON and values of the wrong shape are errors; unknown
/// skill ids and version mismatches are warnings in the ``ManifestReport``.
///
/// ```swift
/// do {
///   try registry.loadManifest(text, catalog: catalog)
/// } catch {
///   print(error)
///   // The skill manifest is not valid JSON at line 4, column 22 (byte 71): expected ',' or '}' …
/// }
/// ```
public enum SkillManifestError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The text is not JSON.
  ///
  /// - Parameters:
  ///   - error: The parser's error, with the byte offset.
  ///   - line: The line of the offset, from 1.
  ///   - column: The column of the offset, from 1, in characters.
  case malformedJSON(JSONParseError, line: Int, column: Int)
  /// A member has the wrong type or an impossible value.
  ///
  /// - Parameters:
  ///   - path: The JSON Pointer of the member, such as `/skills/0/enabled`.
  ///   - expected: What it must be.
  ///   - found: What it is.
  case invalidValue(path: String, expected: String, found: String)

  /// What is wrong and where.
  public var description: String {
    switch self {
    case .malformedJSON(let error, let line, let column):
      return "The skill manifest is not valid JSON at line \(line), column \(column) (byte \(error.offset)): "
        + "\(error.reason) near \"\(error.snippet)\". Fix the JSON syntax there."
    case .invalidValue(let path, let expected, let found):
      return "The skill manifest's \(path.isEmpty ? "root" : path) must be \(expected), found \(found). "
        + "A manifest looks like {\"version\": 1, \"minimumLibraryVersion\": \"0.1.0\", "
        + "\"skills\": [{\"id\": \"weather\", \"enabled\": true}]}."
    }
  }

  /// The error for `error` in `text`, with its line and column.
  static func malformed(_ error: JSONParseError, in bytes: some Collection<UInt8>) -> SkillManifestError {
    var line = 1
    var column = 1
    for (index, byte) in bytes.enumerated() {
      if index >= error.offset { break }
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return .malformedJSON(error, line: line, column: column)
  }
}
