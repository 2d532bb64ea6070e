/// Shortens a line for the terminal without cutting a word in half:
/// English is cut at a space, Chinese between characters, trailing commas
/// and spaces are dropped, and an ellipsis marks the cut.
enum DisplayCut {
  /// `text` when it has at most `limit` characters, else its start (at a
  /// word or character boundary) followed by `…`.
  static func cut(_ text: String, to limit: Int) -> String {
    guard text.count > limit, limit > 1 else { return text }
    let characters = Array(text)
    var end = limit - 1
    // Inside a word of letters or digits (not CJK): back off to the space before it.
    if isWordCharacter(characters[end - 1]), isWordCharacter(characters[end]) {
      var space = end - 1
      while space > 0, !characters[space].isWhitespace, isWordCharacter(characters[space]) { space -= 1 }
      if space > limit / 2 { end = space }
    }
    var head = String(characters[..<end])
    while let last = head.last, last.isWhitespace || ",，;；:：、(（-".contains(last) { head.removeLast() }
    return head + "…"
  }

  /// A letter, digit or joiner that belongs to a word written with spaces (not a CJK character).
  private static func isWordCharacter(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first else { return false }
    if (0x2E80...0x9FFF).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value) { return false }
    return character.isLetter || character.isNumber || character == "_" || character == "'" || character == "\""
  }
}
