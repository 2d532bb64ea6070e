/// A JSON Pointer into tool arguments, with `*` standing for every element
/// of an array or every member of an object (`/stops/*/city`).
package struct ArgumentPath: Sendable, Hashable {
  /// One step of the path.
  enum Segment: Sendable, Hashable {
    case name(String)
    case wildcard
  }

  /// The steps, unescaped (`~1` → `/`, `~0` → `~`).
  let segments: [Segment]

  /// Parses a pointer such as `/city`, `/stops/*/city` or `` (the root); a
  /// missing leading `/` is tolerated.
  package init(_ pointer: String) {
    guard !pointer.isEmpty else {
      segments = []
      return
    }
    let body = pointer.hasPrefix("/") ? pointer.dropFirst() : Substring(pointer)
    segments = body.split(separator: "/", omittingEmptySubsequences: false).map { raw in
      if raw == "*" { return .wildcard }
      return .name(raw.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~"))
    }
  }

  /// Every value the path reaches in `root`, with its concrete pointer
  /// (`/stops/0/city`); missing members and out-of-range indices reach nothing.
  package func values(in root: JSONValue) -> [(pointer: String, value: JSONValue)] {
    var current: [(pointer: String, value: JSONValue)] = [("", root)]
    for segment in segments {
      var next: [(pointer: String, value: JSONValue)] = []
      for (pointer, value) in current {
        switch (segment, value) {
        case (.wildcard, .array(let elements)):
          for (index, element) in elements.enumerated() { next.append((pointer + "/\(index)", element)) }
        case (.wildcard, .object(let object)):
          for (key, member) in object { next.append((pointer + "/" + Self.escape(key), member)) }
        case (.name(let name), .object(let object)):
          if let member = object[name] { next.append((pointer + "/" + Self.escape(name), member)) }
        case (.name(let name), .array(let elements)):
          if let index = Int(name), elements.indices.contains(index) {
            next.append((pointer + "/\(index)", elements[index]))
          }
        default:
          continue
        }
      }
      current = next
      if current.isEmpty { break }
    }
    return current
  }

  /// Escapes a member name for a JSON Pointer.
  package static func escape(_ name: String) -> String {
    guard name.contains("~") || name.contains("/") else { return name }
    return name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
  }
}
