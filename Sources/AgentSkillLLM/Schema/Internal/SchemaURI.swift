/// A URI reference split into its RFC 3986 components, resolvable against a
/// base URI; enough for `$id` and `$ref` inside one schema document.
struct SchemaURI: Hashable {
  var scheme: String?
  /// `nil` when there is no `//` part; empty for `file:///path`.
  var authority: String?
  var path: String
  var query: String?
  var fragment: String?

  /// The base used for documents without a root `$id`.
  static let documentBase = SchemaURI(parsing: "agentskill-schema:///root.json")

  /// Splits `text` per RFC 3986 appendix B; never fails.
  init(parsing text: String) {
    var rest = Substring(text)
    if let fragmentStart = rest.firstIndex(of: "#") {
      fragment = String(rest[rest.index(after: fragmentStart)...])
      rest = rest[..<fragmentStart]
    }
    if let queryStart = rest.firstIndex(of: "?") {
      query = String(rest[rest.index(after: queryStart)...])
      rest = rest[..<queryStart]
    }
    if let colon = rest.firstIndex(of: ":"), Self.isScheme(rest[..<colon]) {
      scheme = rest[..<colon].lowercased()
      rest = rest[rest.index(after: colon)...]
    }
    if rest.hasPrefix("//") {
      let afterSlashes = rest.dropFirst(2)
      let end = afterSlashes.firstIndex(of: "/") ?? afterSlashes.endIndex
      authority = String(afterSlashes[..<end])
      rest = afterSlashes[end...]
    }
    path = String(rest)
  }

  private init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
    self.scheme = scheme
    self.authority = authority
    self.path = path
    self.query = query
    self.fragment = fragment
  }

  private static func isScheme(_ text: Substring) -> Bool {
    guard let first = text.first, first.isASCII, first.isLetter else { return false }
    return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
  }

  /// The URI without its fragment: the key of a schema resource.
  var withoutFragment: SchemaURI {
    SchemaURI(scheme: scheme, authority: authority, path: path, query: query, fragment: nil)
  }

  /// The URI as text.
  var text: String {
    var result = ""
    if let scheme { result += scheme + ":" }
    if let authority { result += "//" + authority }
    result += path
    if let query { result += "?" + query }
    if let fragment { result += "#" + fragment }
    return result
  }

  /// Resolves `reference` against this base (RFC 3986 §5.2.2).
  func resolving(_ reference: SchemaURI) -> SchemaURI {
    var target = SchemaURI(scheme: nil, authority: nil, path: "", query: nil, fragment: reference.fragment)
    if let referenceScheme = reference.scheme {
      target.scheme = referenceScheme
      target.authority = reference.authority
      target.path = Self.removingDotSegments(reference.path)
      target.query = reference.query
      return target
    }
    target.scheme = scheme
    if let referenceAuthority = reference.authority {
      target.authority = referenceAuthority
      target.path = Self.removingDotSegments(reference.path)
      target.query = reference.query
      return target
    }
    target.authority = authority
    if reference.path.isEmpty {
      target.path = path
      target.query = reference.query ?? query
    } else {
      target.path = Self.removingDotSegments(reference.path.hasPrefix("/") ? reference.path : merged(reference.path))
      target.query = reference.query
    }
    return target
  }

  private func merged(_ referencePath: String) -> String {
    if authority != nil, path.isEmpty { return "/" + referencePath }
    guard let lastSlash = path.lastIndex(of: "/") else { return referencePath }
    return String(path[...lastSlash]) + referencePath
  }

  /// RFC 3986 §5.2.4.
  static func removingDotSegments(_ path: String) -> String {
    var input = Substring(path)
    var output = ""
    func dropLastSegment() {
      if let slash = output.lastIndex(of: "/") {
        output.removeSubrange(slash...)
      } else {
        output = ""
      }
    }
    while !input.isEmpty {
      if input.hasPrefix("../") {
        input = input.dropFirst(3)
      } else if input.hasPrefix("./") {
        input = input.dropFirst(2)
      } else if input.hasPrefix("/./") {
        input = "/" + input.dropFirst(3)
      } else if input == "/." {
        input = "/"
      } else if input.hasPrefix("/../") {
        input = "/" + input.dropFirst(4)
        dropLastSegment()
      } else if input == "/.." {
        input = "/"
        dropLastSegment()
      } else if input == "." || input == ".." {
        input = ""
      } else {
        let searchStart = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
        let end = input[searchStart...].firstIndex(of: "/") ?? input.endIndex
        output += input[..<end]
        input = input[end...]
      }
    }
    return output
  }
}
