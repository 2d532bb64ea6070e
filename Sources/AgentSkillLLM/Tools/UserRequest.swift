import Foundation

/// What the user asked for, as skills see it when deciding whether they can help.
///
/// The text is what the user typed or said; tags are labels an upstream
/// classifier, a screen or a button attached (`weather`, `ledger`); the
/// locale says which language to answer in. Skills read it in
/// ``ToolSkill/canHandle(_:)``, which must not have side effects.
///
/// ```swift
/// let request = UserRequest("帮我查一下上周三的记账明细，然后按类别汇总", tags: ["ledger"])
/// let ranked = await registry.match(request)
///
/// let typed: UserRequest = "What's the weather in Beijing?"   // text only
/// ```
///
/// The folded text used for keyword matching (case and width folded) is
/// computed once, when the request is created, so matching it against
/// thousands of skills stays cheap.
public struct UserRequest: Sendable, Hashable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The user's words.
  public let text: String
  /// Labels attached by a classifier, a screen or a button.
  public let tags: Set<String>
  /// The user's locale, when known.
  public let locale: Locale?

  /// ``text``, folded, as UTF-8 bytes.
  let foldedText: [UInt8]
  /// ``tags``, folded.
  let foldedTags: Set<String>
  /// The byte pairs of ``foldedText``.
  let bigrams: BigramFilter

  /// Creates an intent.
  ///
  /// - Parameters:
  ///   - text: The user's words.
  ///   - tags: Labels attached by a classifier, a screen or a button.
  ///   - locale: The user's locale, when known.
  public init(_ text: String, tags: Set<String> = [], locale: Locale? = nil) {
    self.text = text
    self.tags = tags
    self.locale = locale
    let folded = Array(TextFolding.fold(text).utf8)
    self.foldedText = folded
    self.bigrams = BigramFilter(folded)
    self.foldedTags = Set(tags.map(TextFolding.fold))
  }

  /// Creates an intent from the user's words alone.
  ///
  /// - Parameter value: The user's words.
  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// The text, followed by the tags when there are any: `天气 [weather]`.
  public var description: String {
    tags.isEmpty ? text : "\(text) [\(tags.sorted().joined(separator: ", "))]"
  }

  /// Intents are equal when their text, tags and locale are.
  public static func == (lhs: UserRequest, rhs: UserRequest) -> Bool {
    lhs.text == rhs.text && lhs.tags == rhs.tags && lhs.locale == rhs.locale
  }

  /// Hashes the text, tags and locale.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(text)
    hasher.combine(tags)
    hasher.combine(locale)
  }

  private enum CodingKeys: String, CodingKey {
    case text, tags, locale
  }

  /// Decodes `{"text": …, "tags": [...], "locale": "zh_CN"}`; `tags` and `locale` may be absent.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when `text` is missing or a member has the wrong type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let text = try container.decode(String.self, forKey: .text)
    let tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
    let locale = try container.decodeIfPresent(String.self, forKey: .locale).map(Locale.init(identifier:))
    self.init(text, tags: Set(tags), locale: locale)
  }

  /// Encodes the text, the tags sorted (so exports are stable) and the locale identifier.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: `EncodingError` from the encoder.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(text, forKey: .text)
    if !tags.isEmpty { try container.encode(tags.sorted(), forKey: .tags) }
    try container.encodeIfPresent(locale?.identifier, forKey: .locale)
  }
}
