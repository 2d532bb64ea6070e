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
    String(decoding: renderedBytes(pretty: pretty), as: UTF8.self)
  }

  /// The value as UTF-8 JSON text, ready to send: ``rendered(pretty:)``
  /// without the final conversion to `String`.
  ///
  /// - Parameter pretty: Whether to indent.
  /// - Returns: The JSON text's UTF-8 bytes.
  func renderedBytes(pretty: Bool = false) -> [UInt8] {
    // Bytes rather than a String: appending to an array costs a fraction of
    // appending to a String, and request bodies are rendered on every turn.
    var output: [UInt8] = []
    output.reserveCapacity(1_024)
    write(to: &output, pretty: pretty)
    return output
  }

  /// One piece of work of ``write(to:pretty:)``.
  private enum RenderStep {
    /// A value, at an indentation level.
    case value(JSONValue, indent: Int)
    /// What precedes an array element: a comma unless first, then a line break when pretty.
    case element(first: Bool, indent: Int)
    /// What precedes an object member's value: comma, line break, key and colon.
    case member(String, first: Bool, indent: Int)
    /// A closing bracket, on its own line when pretty.
    case close(UInt8, indent: Int)
  }

  /// Writes the value with a work list instead of recursion, so the deepest
  /// value the parser accepts renders even on a small thread stack.
  private func write(to output: inout [UInt8], pretty: Bool) {
    var pending: [RenderStep] = [.value(self, indent: 0)]
    while let step = pending.popLast() {
      switch step {
      case .element(let first, let indent):
        if !first { output.append(UInt8(ascii: ",")) }
        if pretty { Self.newline(&output, indent) }
      case .member(let key, let first, let indent):
        if !first { output.append(UInt8(ascii: ",")) }
        if pretty { Self.newline(&output, indent) }
        Self.writeString(key, to: &output)
        output.append(UInt8(ascii: ":"))
        if pretty { output.append(UInt8(ascii: " ")) }
      case .close(let bracket, let indent):
        if pretty { Self.newline(&output, indent) }
        output.append(bracket)
      case .value(let value, let indent):
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .integer(let value): output.append(contentsOf: String(value).utf8)
        case .bigInteger(let value): output.append(contentsOf: value.description.utf8)
        case .number(let value): output.append(contentsOf: Self.render(number: value).utf8)
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let elements):
          guard !elements.isEmpty else {
            output.append(contentsOf: "[]".utf8)
            continue
          }
          output.append(UInt8(ascii: "["))
          pending.append(.close(UInt8(ascii: "]"), indent: indent))
          for position in elements.indices.reversed() {
            pending.append(.value(elements[position], indent: indent + 1))
            pending.append(.element(first: position == 0, indent: indent + 1))
          }
        case .object(let object):
          guard !object.isEmpty else {
            output.append(contentsOf: "{}".utf8)
            continue
          }
          output.append(UInt8(ascii: "{"))
          pending.append(.close(UInt8(ascii: "}"), indent: indent))
          for position in object.keys.indices.reversed() {
            pending.append(.value(object.values[position], indent: indent + 1))
            pending.append(.member(object.keys[position], first: position == 0, indent: indent + 1))
          }
        }
      }
    }
  }

  private static func newline(_ output: inout [UInt8], _ indent: Int) {
    output.append(UInt8(ascii: "\n"))
    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
  }

  /// The shortest text that reads back as `value`: `1.0`, `0.25`, `1e+16`, `5e-324`.
  static func render(number value: Double) -> String {
    guard value.isFinite else { return "null" }
    // Swift's description is the shortest round-tripping form and is valid
    // JSON for finite values: integral values keep a `.0`, large and small
    // ones use an exponent.
    return value.description
  }

  /// Writes `string` as a JSON string literal: quoted, with `"`, `\` and
  /// control characters escaped; everything else as is.
  static func writeString(_ string: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    // Prompts, keys and schemas are mostly text that needs no escape: the
    // text is copied whole, then checked in place, where scanning an array
    // is cheaper than walking the string.
    let start = output.count
    output.append(contentsOf: string.utf8)
    if let firstEscape = output[start...].firstIndex(where: needsEscape) {
      // Rewrite from the first byte that needs an escape, copying the runs
      // between escapes whole.
      let rest = Array(output[firstEscape...])
      output.removeSubrange(firstEscape...)
      var runStart = 0
      for index in rest.indices where needsEscape(rest[index]) {
        output.append(contentsOf: rest[runStart..<index])
        writeEscape(rest[index], to: &output)
        runStart = index + 1
      }
      output.append(contentsOf: rest[runStart...])
    }
    output.append(UInt8(ascii: "\""))
  }

  /// Writes the escape sequence of a byte that needs one.
  private static func writeEscape(_ byte: UInt8, to output: inout [UInt8]) {
    switch byte {
    case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
    case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
    case UInt8(ascii: "\n"): output.append(contentsOf: #"\n"#.utf8)
    case UInt8(ascii: "\r"): output.append(contentsOf: #"\r"#.utf8)
    case UInt8(ascii: "\t"): output.append(contentsOf: #"\t"#.utf8)
    case 0x08: output.append(contentsOf: #"\b"#.utf8)
    case 0x0C: output.append(contentsOf: #"\f"#.utf8)
    default:
      let hex = String(byte, radix: 16)
      output.append(contentsOf: (#"\u"# + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
    }
  }

  /// Whether `byte` must be escaped in a JSON string: a quote, a backslash or a control character.
  @inline(__always)
  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }
}
