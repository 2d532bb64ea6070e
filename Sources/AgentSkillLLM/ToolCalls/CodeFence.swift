/// Markdown code fences (```` ```json … ``` ````) around JSON that models write.
enum CodeFence {
  static let marker = "```"

  /// The content of the first fenced block in `text`, without the opening
  /// line (which may name a language) and the closing fence; an unclosed
  /// block runs to the end. `nil` when the text has no fence.
  static func firstBlock(in text: Substring) -> Substring? {
    guard let open = text.find(marker) else { return nil }
    var start = open.upperBound
    // Skip more backticks (```` fences) and an info string such as `json`.
    while start < text.endIndex, text[start] == "`" { start = text.index(after: start) }
    let lineEnd = text[start...].firstIndex(where: \.isNewline) ?? text.endIndex
    let info = text[start..<lineEnd]
    if info.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == " " }) {
      start = lineEnd < text.endIndex ? text.index(after: lineEnd) : lineEnd
    } else {
      // Content on the fence line itself (```json {…}```): skip only a language word.
      var word = start
      while word < text.endIndex, text[word].isLetter { word = text.index(after: word) }
      if word > start, word < text.endIndex, text[word] == " " || text[word] == "{" || text[word] == "[" {
        start = word
      }
    }
    let body = text[start...]
    guard let close = body.find(marker) else { return body }
    return body[..<close.lowerBound]
  }
}
