/// Renders values as indented, one-field-per-line text, so that two values
/// can be compared line by line.
///
/// ```
/// TestContext(
///   phase: .loading("Loading…"),
///   items: [
///     [0]: "a",
///   ],
/// )
/// ```
enum ValueDump {
  /// The dump of `value`, one line per field or element.
  static func lines(of value: Any, depth: Int = 0) -> [String] {
    guard depth < 24 else { return ["…"] }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first?.value else { return ["nil"] }
      return lines(of: wrapped, depth: depth + 1)
    case .enum:
      return enumLines(value, mirror, depth)
    case .struct, .class:
      if mirror.children.isEmpty { return [leaf(value)] }
      return block(
        open: "\(typeName(value))(", close: ")",
        items: mirror.children.enumerated().map { index, child in (child.label ?? "\(index)", child.value) },
        depth: depth)
    case .tuple:
      return block(
        open: "(", close: ")",
        items: mirror.children.enumerated().map { index, child in
          let label = child.label.map { $0.hasPrefix(".") ? String(index) : $0 } ?? String(index)
          return (label, child.value)
        },
        depth: depth)
    case .collection:
      if mirror.children.isEmpty { return ["[]"] }
      return block(
        open: "[", close: "]",
        items: mirror.children.enumerated().map { index, child in ("[\(index)]", child.value) }, depth: depth)
    case .set:
      if mirror.children.isEmpty { return ["Set([])"] }
      let sorted = mirror.children.map(\.value).sorted { String(describing: $0) < String(describing: $1) }
      return block(open: "Set([", close: "])", items: sorted.map { (nil, $0) }, depth: depth)
    case .dictionary:
      if mirror.children.isEmpty { return ["[:]"] }
      let pairs = mirror.children.compactMap { child -> (String, Any)? in
        let pair = Mirror(reflecting: child.value).children.map(\.value)
        guard pair.count == 2 else { return nil }
        return (lines(of: pair[0], depth: depth + 1).joined(separator: " "), pair[1])
      }
      return block(open: "[", close: "]", items: pairs.sorted { $0.0 < $1.0 }.map { ($0.0, $0.1) }, depth: depth)
    default:
      return [leaf(value)]
    }
  }

  /// The dump as one string.
  static func text(of value: Any) -> String {
    lines(of: value).joined(separator: "\n")
  }

  private static func enumLines(_ value: Any, _ mirror: Mirror, _ depth: Int) -> [String] {
    guard let payload = mirror.children.first else { return [".\(value)"] }
    let name = payload.label ?? "\(value)"
    let payloadMirror = Mirror(reflecting: payload.value)
    if payloadMirror.displayStyle == .tuple {
      let items = payloadMirror.children.map { child -> (String?, Any) in
        let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
        return (label, child.value)
      }
      return block(open: ".\(name)(", close: ")", items: items, depth: depth, trailingComma: false)
    }
    let inner = lines(of: payload.value, depth: depth + 1)
    if inner.count == 1 { return [".\(name)(\(inner[0]))"] }
    return [".\(name)("] + inner.map { "  " + $0 } + [")"]
  }

  private static func block(
    open: String, close: String, items: [(String?, Any)], depth: Int, trailingComma: Bool = true
  ) -> [String] {
    var rendered: [[String]] = []
    for (label, item) in items {
      var inner = lines(of: item, depth: depth + 1)
      if let label, !inner.isEmpty { inner[0] = "\(label): \(inner[0])" }
      rendered.append(inner)
    }
    // Short, single-line payloads stay on one line: `.loading("…")`.
    if !trailingComma, rendered.allSatisfy({ $0.count == 1 }) {
      let joined = rendered.map { $0[0] }.joined(separator: ", ")
      if joined.count <= 80 { return [open + joined + close] }
    }
    var result = [open]
    for (index, inner) in rendered.enumerated() {
      for (lineIndex, line) in inner.enumerated() {
        let isLast = lineIndex == inner.count - 1
        let comma = isLast && (trailingComma || index < rendered.count - 1) ? "," : ""
        result.append("  " + line + comma)
      }
    }
    result.append(close)
    return result
  }

  private static func leaf(_ value: Any) -> String {
    if let string = value as? String { return string.debugDescription }
    if let character = value as? Character { return String(character).debugDescription }
    return String(describing: value)
  }

  private static func typeName(_ value: Any) -> String {
    let name = String(describing: type(of: value))
    return name
  }
}

/// A line diff of two dumps, marking expected lines `-` and actual lines `+`.
enum LineDiff {
  /// `nil` when the texts are equal; otherwise every line, prefixed with
  /// `- ` (expected only), `+ ` (actual only) or two spaces (both).
  static func render(expected: [String], actual: [String]) -> String? {
    guard expected != actual else { return nil }
    let n = expected.count
    let m = actual.count
    guard n * m <= 1_000_000 else {
      return (expected.map { "- " + $0 } + actual.map { "+ " + $0 }).joined(separator: "\n")
    }
    // Longest common subsequence table, filled from the end.
    var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        table[i][j] = expected[i] == actual[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    var output: [String] = []
    var i = 0
    var j = 0
    while i < n || j < m {
      if i < n, j < m, expected[i] == actual[j] {
        output.append("  " + expected[i])
        i += 1
        j += 1
      } else if j < m, i == n || table[i][j + 1] >= table[i + 1][j] {
        output.append("+ " + actual[j])
        j += 1
      } else {
        output.append("- " + expected[i])
        i += 1
      }
    }
    // Minus lines first within each changed run reads better: group them.
    return regroup(output).joined(separator: "\n")
  }

  /// Within each run of changed lines, puts the `-` lines before the `+` lines.
  private static func regroup(_ lines: [String]) -> [String] {
    var result: [String] = []
    var minus: [String] = []
    var plus: [String] = []
    func flush() {
      result += minus + plus
      minus.removeAll()
      plus.removeAll()
    }
    for line in lines {
      if line.hasPrefix("- ") {
        minus.append(line)
      } else if line.hasPrefix("+ ") {
        plus.append(line)
      } else {
        flush()
        result.append(line)
      }
    }
    flush()
    return result
  }
}
