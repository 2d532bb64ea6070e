import Foundation

/// A user-facing string with translations, such as a skill's display name.
///
/// The default value is shown when no translation fits the locale.
/// Translations are keyed by BCP 47 language tags (`en`, `zh-Hans`,
/// `pt-BR`); a lookup tries the full tag and then shorter prefixes, so
/// `en-GB` finds `en`, and `zh-CN` finds `zh-Hans`.
///
/// ```swift
/// let name = LocalizedText("天气查询", translations: ["en": "Weather"])
/// name.resolved(for: Locale(identifier: "en_US"))   // "Weather"
/// name.resolved(for: Locale(identifier: "zh_CN"))   // "天气查询"
/// let plain: LocalizedText = "Weather"              // no translations
/// ```
///
/// In JSON (manifests, timelines) it is a string when it has no
/// translations, otherwise an object with a `default` member and one
/// member per language tag: `{"default": "天气查询", "en": "Weather"}`.
public struct LocalizedText: Sendable, Hashable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The text shown when no translation fits.
  public var defaultValue: String
  /// Translations keyed by normalised language tag (lowercase, `-` separated, such as `zh-hans`).
  public private(set) var translations: [String: String]

  /// Creates a text.
  ///
  /// - Parameters:
  ///   - defaultValue: The text shown when no translation fits.
  ///   - translations: Texts keyed by BCP 47 language tag, such as `["en": "Weather"]`.
  public init(_ defaultValue: String, translations: [String: String] = [:]) {
    self.defaultValue = defaultValue
    var normalized: [String: String] = [:]
    for (tag, text) in translations {
      normalized[Self.normalize(tag)] = text
    }
    self.translations = normalized
  }

  /// Creates a text without translations.
  ///
  /// - Parameter value: The text.
  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// The text for `locale`: the closest translation, else ``defaultValue``.
  ///
  /// - Parameter locale: The locale to show the text in; `nil` gives ``defaultValue``.
  /// - Returns: The text to show.
  public func resolved(for locale: Locale?) -> String {
    guard let locale else { return defaultValue }
    return resolved(languageTag: locale.identifier)
  }

  /// The text for a language tag such as `en-US` or `zh_Hans_CN`.
  ///
  /// - Parameter languageTag: A BCP 47 tag or a `Locale` identifier.
  /// - Returns: The closest translation, else ``defaultValue``.
  public func resolved(languageTag: String) -> String {
    guard !translations.isEmpty else { return defaultValue }
    for candidate in Self.fallbacks(for: Self.normalize(languageTag)) {
      if let text = translations[candidate] { return text }
    }
    return defaultValue
  }

  /// Adds or replaces the translation for a language tag.
  ///
  /// - Parameters:
  ///   - text: The translated text.
  ///   - languageTag: The BCP 47 tag, such as `en`.
  public mutating func setTranslation(_ text: String, for languageTag: String) {
    translations[Self.normalize(languageTag)] = text
  }

  /// The default value.
  public var description: String { defaultValue }

  // MARK: Codable

  /// Decodes a string, or an object with `default` and language-tag members.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when the value is neither, or the object lacks `default`.
  public init(from decoder: any Decoder) throws {
    if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
      self.init(text)
      return
    }
    let container = try decoder.container(keyedBy: AnyCodingKey.self)
    guard let defaultKey = container.allKeys.first(where: { $0.stringValue == "default" }) else {
      throw DecodingError.keyNotFound(
        AnyCodingKey("default"),
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: "a localized text object needs a \"default\" member, such as "
            + "{\"default\": \"天气查询\", \"en\": \"Weather\"}"
        )
      )
    }
    var translations: [String: String] = [:]
    for key in container.allKeys where key.stringValue != "default" {
      translations[key.stringValue] = try container.decode(String.self, forKey: key)
    }
    self.init(try container.decode(String.self, forKey: defaultKey), translations: translations)
  }

  /// Encodes a string when there are no translations, else an object with sorted language tags.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: `EncodingError` from the encoder.
  public func encode(to encoder: any Encoder) throws {
    if translations.isEmpty {
      var container = encoder.singleValueContainer()
      try container.encode(defaultValue)
      return
    }
    var container = encoder.container(keyedBy: AnyCodingKey.self)
    try container.encode(defaultValue, forKey: AnyCodingKey("default"))
    for tag in translations.keys.sorted() {
      try container.encode(translations[tag], forKey: AnyCodingKey(tag))
    }
  }

  // MARK: Tags

  /// `zh_Hans_CN@calendar=chinese` → `zh-hans-cn`.
  static func normalize(_ tag: String) -> String {
    var cleaned = Substring(tag)
    if let at = cleaned.firstIndex(of: "@") { cleaned = cleaned[..<at] }
    return String(cleaned.lowercased().map { $0 == "_" ? "-" : $0 })
  }

  /// The tag, then its shorter prefixes; Chinese without a script also tries
  /// the script its region uses (`zh-cn` → `zh-cn`, `zh-hans`, `zh`).
  static func fallbacks(for tag: String) -> [String] {
    let components = tag.split(separator: "-").map(String.init)
    var result: [String] = []
    var length = components.count
    while length > 0 {
      result.append(components.prefix(length).joined(separator: "-"))
      length -= 1
    }
    if components.first == "zh", components.dropFirst().first.map({ $0.count != 4 }) ?? true {
      let region = components.dropFirst().first ?? ""
      let script = ["tw", "hk", "mo"].contains(region) ? "zh-hant" : "zh-hans"
      if components.count == 1 { result.append(script) } else { result.insert(script, at: result.count - 1) }
    }
    return result
  }
}
