extension JSONValue {
  /// The value as JSON text.
  ///
  /// Compact by default; `pretty` indents by two spaces with one member per
  /// line. Object keys keep their order; non-ASCII text is written as is.
  /// Non-finite numbers, which JSON cannot express, are written as `null`.
  ///
  /// ```swift
  /// let value: JSONValue = ["a": [1, 2]]
  /// value.rendered()               // {"a":[1,2]}
  /// value.rendered(pretty: true)   // {\n  "a": [\n    1,\n    2\n  ]\n}
  /// ```
  ///
  /// - Parameter pretty: Whether to indent.
  /// - Returns: The JSON text.
  public func rendered(pretty: Bool = false) -> String {
    var output = ""
    write(to: &output, pretty: pretty, indent: 0)
    return output
  }

  private func write(to output: inout String, pretty: Bool, indent: Int) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .integer(let value): output += String(value)
    case .number(let value): output += Self.render(number: value)
    case .string(let value): Self.writeString(value, to: &output)
    case .array(let elements):
      guard !elements.isEmpty else {
        output += "[]"
        return
      }
      output += "["
      for (position, element) in elements.enumerated() {
        if position > 0 { output += "," }
        if pretty { Self.newline(&output, indent + 1) }
        element.write(to: &output, pretty: pretty, indent: indent + 1)
      }
      if pretty { Self.newline(&output, indent) }
      output += "]"
    case .object(let object):
      guard !object.isEmpty else {
        output += "{}"
        return
      }
      output += "{"
      for (position, member) in object.members.enumerated() {
        if position > 0 { output += "," }
        if pretty { Self.newline(&output, indent + 1) }
        Self.writeString(member.key, to: &output)
        output += pretty ? ": " : ":"
        member.value.write(to: &output, pretty: pretty, indent: indent + 1)
      }
      if pretty { Self.newline(&output, indent) }
      output += "}"
    }
  }

  private static func newline(_ output: inout String, _ indent: Int) {
    output += "\n"
    output += String(repeating: "  ", count: indent)
  }

  /// The shortest text that reads back as `value`: `1.0`, `0.25`, `1e+16`, `5e-324`.
  static func render(number value: Double) -> String {
    guard value.isFinite else { return "null" }
    // Swift's description is the shortest round-tripping form and is valid
    // JSON for finite values: integral values keep a `.0`, large and small
    // ones use an exponent.
    return value.description
  }

  static func writeString(_ string: String, to output: inout String) {
    output += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }
}
