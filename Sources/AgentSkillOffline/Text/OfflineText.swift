import AgentSkillLLM
import Foundation

/// A user's text prepared for rule-based parsing: the original characters
/// and, position for position, their folded forms (lowercase, half-width),
/// so every recognised span maps back to the words the user wrote.
struct OfflineText: Sendable {
  /// The characters as written.
  let original: [Character]
  /// One folded character per original character.
  let folded: [Character]
  /// The ASCII words and numbers, with their positions.
  let tokens: [OfflineToken]

  init(_ text: String) {
    let original = Array(text)
    self.original = original
    let folded = original.map(Self.fold)
    self.folded = folded
    self.tokens = OfflineToken.tokenize(folded)
  }

  /// The number of characters.
  var count: Int { original.count }

  /// The original text of `range`, clamped to the text.
  func text(_ range: Range<Int>) -> String {
    let lower = max(0, min(range.lowerBound, count))
    let upper = max(lower, min(range.upperBound, count))
    return String(original[lower..<upper])
  }

  /// The folded text of `range`, clamped to the text.
  func foldedText(_ range: Range<Int>) -> String {
    let lower = max(0, min(range.lowerBound, count))
    let upper = max(lower, min(range.upperBound, count))
    return String(folded[lower..<upper])
  }

  /// Whether the folded text has `word` (already folded) at `index`.
  func has(_ word: String, at index: Int) -> Bool {
    has(Array(word), at: index)
  }

  /// Whether the folded text has the folded `characters` at `index`.
  func has(_ characters: [Character], at index: Int) -> Bool {
    guard index >= 0, index + characters.count <= count else { return false }
    var position = index
    for character in characters {
      guard folded[position] == character else { return false }
      position += 1
    }
    return true
  }

  /// The longest of `lexicon`'s words found at `index`, with its length in characters.
  func longest(of lexicon: Lexicon<String>, at index: Int) -> (word: String, length: Int)? {
    lexicon.longest(in: self, at: index).map { ($0.word, $0.length) }
  }

  /// The character at `index`, folded, or `nil` outside the text.
  func character(at index: Int) -> Character? {
    index >= 0 && index < count ? folded[index] : nil
  }

  /// Whether `index` is not inside an ASCII word (the character before it is not a letter or digit).
  func startsWord(at index: Int) -> Bool {
    guard let previous = character(at: index - 1) else { return true }
    return !Self.isASCIIWordCharacter(previous)
  }

  /// Whether a word ending before `index` ends there (the character at `index` is not a letter or digit).
  func endsWord(at index: Int) -> Bool {
    guard let next = character(at: index) else { return true }
    return !Self.isASCIIWordCharacter(next)
  }

  /// Every position where the folded `word` occurs; ASCII words must stand alone.
  func occurrences(of word: String) -> [Range<Int>] {
    let folded = Self.foldString(word)
    guard !folded.isEmpty else { return [] }
    let characters = Array(folded)
    let length = characters.count
    let ascii = folded.unicodeScalars.first.map(\.isASCII) ?? false
    var found: [Range<Int>] = []
    var index = 0
    while index + length <= count {
      if has(characters, at: index), !ascii || (startsWord(at: index) && endsWord(at: index + length)) {
        found.append(index..<(index + length))
        index += length
      } else {
        index += 1
      }
    }
    return found
  }

  /// Whether `character` is an ASCII letter or digit.
  static func isASCIIWordCharacter(_ character: Character) -> Bool {
    guard let ascii = character.asciiValue else { return false }
    return (ascii >= 0x30 && ascii <= 0x39) || (ascii >= 0x61 && ascii <= 0x7A) || (ascii >= 0x41 && ascii <= 0x5A)
  }

  /// Whether `character` is a CJK ideograph.
  static func isIdeograph(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first else { return false }
    switch scalar.value {
    case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: return true
    default: return false
    }
  }

  /// `character` lowercased and half-width, when that is still one character.
  static func fold(_ character: Character) -> Character {
    if character.isASCII { return Character(character.lowercased()) }
    if character == "\u{2019}" || character == "\u{2018}" { return "'" }
    // Ideographs and kana have no case or width variants: skip Foundation.
    if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
      (0x3040...0x9FFF).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
    {
      return character
    }
    let folded = String(character).folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
    return folded.count == 1 ? Character(folded) : character
  }

  /// `text` folded character by character.
  static func foldString(_ text: String) -> String {
    String(text.map(fold))
  }
}

/// An ASCII word, number or separator in a text, with its character range.
struct OfflineToken: Sendable, Hashable {
  /// What kind of run the token is.
  enum Kind: Sendable, Hashable {
    /// Letters, possibly with an inner apostrophe (`what's`).
    case word
    /// Digits.
    case number
    /// One of `:`, `-`, `/`, `.`.
    case separator
  }

  /// The folded text; a word loses a final `'s` (`yesterday's` → `yesterday`).
  let text: String
  /// Where it is.
  let range: Range<Int>
  /// Its kind.
  let kind: Kind

  /// The value of a number token.
  var number: Int? { kind == .number ? Int(text) : nil }

  /// The ASCII tokens of folded text.
  static func tokenize(_ folded: [Character]) -> [OfflineToken] {
    var tokens: [OfflineToken] = []
    var index = 0
    while index < folded.count {
      let character = folded[index]
      if character.isASCII, character.isLetter {
        let start = index
        while index < folded.count,
          folded[index].isASCII
            && (folded[index].isLetter
              || (folded[index] == "'" && index + 1 < folded.count && folded[index + 1].isASCII
                && folded[index + 1].isLetter))
        {
          index += 1
        }
        var word = String(folded[start..<index])
        if word.hasSuffix("'s") { word.removeLast(2) }  // yesterday's → yesterday, what's → what
        tokens.append(OfflineToken(text: word, range: start..<index, kind: .word))
      } else if character.isASCII, character.isNumber {
        let start = index
        while index < folded.count, folded[index].isASCII, folded[index].isNumber { index += 1 }
        tokens.append(OfflineToken(text: String(folded[start..<index]), range: start..<index, kind: .number))
      } else if [":", "-", "/", "."].contains(character) {
        tokens.append(OfflineToken(text: String(character), range: index..<(index + 1), kind: .separator))
        index += 1
      } else {
        index += 1
      }
    }
    return tokens
  }
}
