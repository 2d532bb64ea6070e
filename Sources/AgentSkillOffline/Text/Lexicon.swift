import AgentSkillLLM

/// A fixed list of words with a value each, prepared once for matching at
/// a position of an ``OfflineText``: split into characters, longest first,
/// with the set of first characters for a quick miss.
struct Lexicon<Value: Sendable>: Sendable {
  private let entries: [(word: String, characters: [Character], value: Value)]
  private let firstCharacters: Set<Character>

  /// Creates a lexicon from words (already folded: lowercase, half-width) and their values.
  init(_ pairs: [(String, Value)]) {
    entries = pairs.map { ($0.0, Array($0.0), $0.1) }.filter { !$0.characters.isEmpty }
      .sorted { $0.characters.count > $1.characters.count }
    firstCharacters = Set(entries.compactMap(\.characters.first))
  }

  /// The longest word found at `index`, with its value and length.
  func longest(in text: OfflineText, at index: Int) -> (word: String, value: Value, length: Int)? {
    guard let first = text.character(at: index), firstCharacters.contains(first) else { return nil }
    for entry in entries where text.has(entry.characters, at: index) {
      return (entry.word, entry.value, entry.characters.count)
    }
    return nil
  }

  /// The longest word that ends right before `end`, with its length.
  func longest(in text: OfflineText, endingAt end: Int) -> (word: String, value: Value, length: Int)? {
    for entry in entries
    where entry.characters.count <= end && text.has(entry.characters, at: end - entry.characters.count) {
      return (entry.word, entry.value, entry.characters.count)
    }
    return nil
  }
}

extension Lexicon where Value == String {
  /// A lexicon whose values are the words themselves.
  init(words: [String]) {
    self.init(words.map { ($0, $0) })
  }
}
