/// Keywords for a BFCL function, so the registry's keyword prefilter can find it: the words of its name
/// (split at `.`, `_` and capitals) and the longer words of its description, cut to their first seven
/// letters (a keyword matches the start of a word, so `restaur` finds "restaurants").
enum BFCLKeywords {
  static let stopWords: Set<String> = [
    "the", "and", "for", "with", "from", "that", "this", "which", "into", "given", "based", "specified",
    "specific", "function", "returns", "return", "provided", "using", "about", "their", "there", "other",
    "such", "will", "should", "default", "value", "values", "optional", "required", "parameter", "list",
    "retrieve", "information", "details", "certain", "particular", "also", "each", "some", "when", "where",
  ]

  static func keywords(name: String, description: String) -> [String] {
    var words = split(name)
    words += split(description).filter { $0.count >= 4 }
    var seen = Set<String>()
    return words.compactMap { word in
      guard !stopWords.contains(word), word.count >= 3 else { return nil }
      let stem = String(word.prefix(7))
      return seen.insert(stem).inserted ? stem : nil
    }
  }

  /// Lowercased ASCII words, split at non-letters and before capitals (`getWeather` → get, weather).
  static func split(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    var previousLower = false
    for character in text {
      guard character.isASCII, character.isLetter else {
        if !current.isEmpty { words.append(current) }
        current = ""
        previousLower = false
        continue
      }
      if character.isUppercase, previousLower, !current.isEmpty {
        words.append(current)
        current = ""
      }
      current.append(Character(character.lowercased()))
      previousLower = character.isLowercase
    }
    if !current.isEmpty { words.append(current) }
    return words
  }
}
