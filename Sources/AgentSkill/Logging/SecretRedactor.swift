/// Removes secrets — API keys, bearer tokens, `Authorization` and key
/// headers, `api_key`-style JSON fields — from text before it is logged,
/// exported or shown in an error.
///
/// ```swift
/// SecretRedactor.redact("Authorization: Bearer sk-abc123def456")
/// // "Authorization: [REDACTED]"
/// ```
public enum SecretRedactor {
  /// The text that replaces a secret.
  package static let placeholder = "[REDACTED]"

  private static let headerNames = [
    "authorization", "x-api-key", "api-key", "proxy-authorization", "cookie", "set-cookie",
  ]
  private static let fieldNames = [
    "api_key", "apikey", "api-key", "apiKey", "access_token", "accessToken", "refresh_token",
    "password", "secret", "client_secret", "token",
  ]
  private static let keyPrefixes = ["sk-ant-", "sk-proj-", "sk-", "xai-", "gsk_", "AIza"]

  /// `text` with every recognised secret replaced by `[REDACTED]`.
  ///
  /// - Parameters:
  ///   - text: The text to clean.
  ///   - extraSecrets: Exact values to remove as well, such as a configured API key.
  /// - Returns: The cleaned text.
  public static func redact(_ text: String, extraSecrets: [String] = []) -> String {
    var result = text
    for secret in extraSecrets where secret.count >= 4 {
      result = result.replacingOccurrences(of: secret, with: placeholder)
    }
    guard mightContainSecret(result) else { return result }
    result = redactHeaders(result)
    result = redactFields(result)
    result = redactBearer(result)
    result = redactKeyPrefixes(result)
    return result
  }

  private static func mightContainSecret(_ text: String) -> Bool {
    let lower = text.lowercased()
    return headerNames.contains { lower.contains($0) } || fieldNames.contains { lower.contains($0.lowercased()) }
      || lower.contains("bearer") || keyPrefixes.contains { text.contains($0) }
  }

  /// `Name: value` up to the end of the line, for secret-bearing header names.
  private static func redactHeaders(_ text: String) -> String {
    var lines: [Substring] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      guard let colon = line.firstIndex(of: ":") else {
        lines.append(line)
        continue
      }
      let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
      if headerNames.contains(name) {
        lines.append(line[...colon] + " " + placeholder)
      } else {
        lines.append(line)
      }
    }
    return lines.joined(separator: "\n")
  }

  /// `"api_key": "value"` and `api_key=value` forms.
  private static func redactFields(_ text: String) -> String {
    var result = text
    for name in fieldNames {
      result = replaceValues(after: "\"\(name)\"", in: result, quoted: true)
      result = replaceValues(after: "\(name)=", in: result, quoted: false)
    }
    return result
  }

  private static func replaceValues(after key: String, in text: String, quoted: Bool) -> String {
    var result = ""
    var rest = Substring(text)
    while let range = rest.range(of: key, options: .caseInsensitive) {
      result += rest[..<range.upperBound]
      rest = rest[range.upperBound...]
      if quoted {
        // Skip `: ` then replace a quoted string value.
        var index = rest.startIndex
        while index < rest.endIndex, rest[index] == " " || rest[index] == ":" { index = rest.index(after: index) }
        guard index < rest.endIndex, rest[index] == "\"" else { continue }
        var end = rest.index(after: index)
        while end < rest.endIndex, rest[end] != "\"" {
          if rest[end] == "\\" { end = rest.index(after: end) }
          if end < rest.endIndex { end = rest.index(after: end) }
        }
        result += rest[..<index] + "\"" + placeholder + "\""
        rest = end < rest.endIndex ? rest[rest.index(after: end)...] : rest[rest.endIndex...]
      } else {
        let end = rest.firstIndex { $0 == "&" || $0 == " " || $0 == "\n" || $0 == "\"" } ?? rest.endIndex
        result += placeholder
        rest = rest[end...]
      }
    }
    return result + rest
  }

  private static func redactBearer(_ text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let range = rest.range(of: "bearer ", options: .caseInsensitive) {
      result += rest[..<range.upperBound]
      rest = rest[range.upperBound...]
      let end = rest.firstIndex { $0 == " " || $0 == "\n" || $0 == "\"" || $0 == "," } ?? rest.endIndex
      if end > rest.startIndex, !rest[..<end].hasPrefix(placeholder) { result += placeholder }
      rest = rest[end...]
    }
    return result + rest
  }

  private static func redactKeyPrefixes(_ text: String) -> String {
    var result = ""
    var index = text.startIndex
    outer: while index < text.endIndex {
      let isBoundary =
        index == text.startIndex || !isTokenCharacter(text[text.index(before: index)])
      if isBoundary {
        for prefix in keyPrefixes where text[index...].hasPrefix(prefix) {
          var end = text.index(index, offsetBy: prefix.count)
          while end < text.endIndex, isTokenCharacter(text[end]) { end = text.index(after: end) }
          if text.distance(from: index, to: end) >= prefix.count + 8 {
            result += placeholder
            index = end
            continue outer
          }
        }
      }
      result.append(text[index])
      index = text.index(after: index)
    }
    return result
  }

  private static func isTokenCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "-" || character == "_"
  }
}
