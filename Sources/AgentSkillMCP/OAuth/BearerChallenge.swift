import Foundation

/// The `Bearer` challenge of a `WWW-Authenticate` header (RFC 6750 §3, RFC 9728 §5.1): where the protected
/// resource's metadata is, which scopes it wants, and why it refused.
struct BearerChallenge: Sendable, Equatable {
  /// `resource_metadata`: the protected-resource metadata document's URL.
  var resourceMetadata: URL?
  /// `scope`: the scopes the request needs, space-separated.
  var scope: String?
  /// `error`: `invalid_token`, `insufficient_scope`…
  var error: String?
  /// `error_description`.
  var errorDescription: String?

  /// The parameters of the header's `Bearer` challenge; `nil` when it has none.
  init?(header: String) {
    guard let parameters = Self.parameters(ofBearerIn: header) else { return nil }
    resourceMetadata = parameters["resource_metadata"].flatMap { URL(string: $0) }
    scope = parameters["scope"].flatMap { $0.isEmpty ? nil : $0 }
    error = parameters["error"]
    errorDescription = parameters["error_description"]
  }

  /// Reads `name=token` and `name="quoted \" string"` pairs after the `Bearer` scheme, up to the next scheme.
  private static func parameters(ofBearerIn header: String) -> [String: String]? {
    let characters = Array(header)
    var index = 0
    var inBearer = false
    var found = false
    var parameters: [String: String] = [:]
    func skip(_ set: Set<Character>) {
      while index < characters.count, set.contains(characters[index]) { index += 1 }
    }
    while index < characters.count {
      skip([" ", "\t", ","])
      let start = index
      while index < characters.count, !" \t,=".contains(characters[index]) { index += 1 }
      let word = String(characters[start..<index])
      guard !word.isEmpty else {
        index += 1
        continue
      }
      skip([" ", "\t"])
      if index < characters.count, characters[index] == "=" {
        index += 1
        skip([" ", "\t"])
        var value = ""
        if index < characters.count, characters[index] == "\"" {
          index += 1
          while index < characters.count, characters[index] != "\"" {
            if characters[index] == "\\", index + 1 < characters.count { index += 1 }
            value.append(characters[index])
            index += 1
          }
          index += 1
        } else {
          while index < characters.count, characters[index] != ",", characters[index] != " " {
            value.append(characters[index])
            index += 1
          }
        }
        if inBearer { parameters[word.lowercased()] = value }
      } else {
        // A new scheme (a bare token68 after a scheme is read as a scheme too; Bearer has none).
        inBearer = word.caseInsensitiveCompare("Bearer") == .orderedSame
        found = found || inBearer
      }
    }
    return found ? parameters : nil
  }
}
