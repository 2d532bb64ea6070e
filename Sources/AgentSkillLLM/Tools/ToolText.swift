/// Text helpers shared by the tool types.
enum ToolText {
  /// `"纽约"`: JSON-quoted, cut to `limit` characters with an ellipsis.
  static func quoted(_ text: String, limit: Int = 60) -> String {
    JSONValue.string(truncated(text, to: limit)).rendered()
  }

  /// `text` cut to at most `limit` characters (grapheme clusters), the last
  /// being `…` when it was cut; trailing whitespace before the ellipsis is dropped.
  static func truncated(_ text: String, to limit: Int) -> String {
    let limit = max(1, limit)
    guard let cut = text.index(text.startIndex, offsetBy: limit - 1, limitedBy: text.endIndex),
      cut < text.endIndex, text.index(after: cut) < text.endIndex
    else { return text }
    var head = text[..<cut]
    while let last = head.last, last.isWhitespace { head = head.dropLast() }
    return head + "…"
  }

  /// A JSON value in a few words for messages: `string "three"`, `integer 3`, `an object`.
  static func describe(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool(let flag): "boolean \(flag)"
    case .integer, .bigInteger, .number: "\(value.typeName) \(truncated(value.rendered(), to: 40))"
    case .string(let text): "string \(quoted(text, limit: 40))"
    case .array(let elements): "an array of \(elements.count) element\(elements.count == 1 ? "" : "s")"
    case .object: "an object"
    }
  }
}
