/// One `--mcp "COMMAND ARGS"`: the command line of a stdio MCP server, split into words as a shell would
/// split it (spaces separate words; single quotes, double quotes and backslashes keep spaces in one).
struct MCPServerCommand: Equatable {
  /// The text as given.
  let text: String
  /// The program: a path, or a name looked up in `PATH`.
  let executable: String
  /// The program's arguments.
  let arguments: [String]

  /// Splits `text` into words.
  ///
  /// - Throws: ``DemoUsageError`` for an empty command or an unclosed quote.
  init(_ text: String) throws(DemoUsageError) {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    for character in text {
      if escaped {
        word.append(character)
        escaped = false
      } else if let open = quote {
        if character == open {
          quote = nil
        } else if character == "\\", open == "\"" {
          escaped = true
        } else {
          word.append(character)
        }
      } else if character == "\\" {
        escaped = true
        inWord = true
      } else if character == "'" || character == "\"" {
        quote = character
        inWord = true
      } else if character.isWhitespace {
        if inWord { words.append(word) }
        word = ""
        inWord = false
      } else {
        word.append(character)
        inWord = true
      }
    }
    if let quote {
      throw DemoUsageError(message: "--mcp: the quote (\(quote)) in \"\(text)\" is not closed")
    }
    if escaped { word.append("\\") }
    if inWord { words.append(word) }
    guard let executable = words.first, !executable.isEmpty else {
      throw DemoUsageError(
        message: "--mcp needs the command that starts an MCP server, e.g. --mcp \"python3 server.py\"")
    }
    self.text = text
    self.executable = executable
    self.arguments = Array(words.dropFirst())
  }
}
