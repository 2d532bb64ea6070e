/// The language a demo skill writes its summary and table in: the
/// `language` argument the model fills with the user's language.
package enum DemoLanguage: String, Sendable, Hashable, Codable, CaseIterable {
  /// Chinese.
  case chinese = "zh"
  /// English.
  case english = "en"

  /// The language for a `language` argument: English for `en…`, Chinese otherwise (the demo's default).
  package init(argument: String?) {
    self = argument?.lowercased().hasPrefix("en") == true ? .english : .chinese
  }

  /// The language of a text: Chinese when it contains a CJK ideograph, else English.
  package init(detecting text: String) {
    let chinese = text.unicodeScalars.contains { (0x3400...0x9FFF).contains($0.value) }
    self = chinese ? .chinese : .english
  }

  /// `chinese` or `english`, by this language.
  package func pick(_ chinese: String, _ english: String) -> String {
    self == .chinese ? chinese : english
  }

  /// The language tag, for `LocalizedText.resolved(languageTag:)`.
  package var tag: String { rawValue }
}
