import Foundation

/// The skills whose accepted values a message names: "那上海呢？" names a
/// city only the weather skill knows, "只看交通" a ledger category. Such a
/// message has no keyword of its own, so the chat offers those skills
/// rather than keeping the previous request's.
enum KnownValueCue {
  /// The shortest value looked for; shorter ones match too much.
  static let minimumLength = 2

  /// The ids of the skills, in `skills` order, with an accepted value that `text` names.
  ///
  /// - Parameters:
  ///   - text: The user's message.
  ///   - skills: Each skill's id and its accepted values per argument path.
  /// - Returns: The ids of the skills with a named value.
  static func skills(named text: String, in skills: [(id: String, values: [String: [String]])]) -> [String] {
    let folded = text.lowercased()
    return skills.filter { skill in
      skill.values.values.contains { values in values.contains { names(folded, $0) } }
    }.map(\.id)
  }

  /// Whether `text` (lowercased) names `value`; letters and digits must stand as a whole word.
  static func names(_ text: String, _ value: String) -> Bool {
    let value = value.lowercased()
    guard value.count >= minimumLength else { return false }
    var searchStart = text.startIndex
    while let range = text.range(of: value, range: searchStart..<text.endIndex) {
      let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
      let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
      if !isASCIIWordCharacter(before), !isASCIIWordCharacter(after) { return true }
      searchStart = range.upperBound
    }
    return false
  }

  private static func isASCIIWordCharacter(_ character: Character?) -> Bool {
    guard let character, character.isASCII else { return false }
    return character.isLetter || character.isNumber
  }
}
