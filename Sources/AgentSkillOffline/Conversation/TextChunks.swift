import AgentSkillLLM

/// Splits an answer into streaming pieces: a word with its trailing space,
/// or a single Chinese, Japanese or Korean character.
enum TextChunks {
  static func split(_ text: String) -> [String] {
    var chunks: [String] = []
    var current = ""
    for character in text {
      if OfflineText.isIdeograph(character) || isWide(character) {
        if !current.isEmpty { chunks.append(current) }
        chunks.append(String(character))
        current = ""
      } else {
        current.append(character)
        if character.isWhitespace {
          chunks.append(current)
          current = ""
        }
      }
    }
    if !current.isEmpty { chunks.append(current) }
    return chunks
  }

  /// Full-width punctuation and kana, streamed one at a time like ideographs.
  private static func isWide(_ character: Character) -> Bool {
    guard let value = character.unicodeScalars.first?.value else { return false }
    return (0x3000...0x30FF).contains(value) || (0xFF00...0xFF60).contains(value)
  }
}
