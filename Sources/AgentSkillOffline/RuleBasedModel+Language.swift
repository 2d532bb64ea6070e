import AgentSkillLLM

extension RuleBasedModel {
  /// The language the rule-based model answers in: the language of the user's words.
  public enum Language: String, Sendable, Hashable, Codable, CaseIterable {
    /// Chinese (`zh`): the text contains Chinese characters.
    case chinese = "zh"
    /// English (`en`): everything else.
    case english = "en"

    /// The language of `text`: Chinese when it contains a CJK ideograph, otherwise English.
    ///
    /// ```swift
    /// RuleBasedModel.Language(detecting: "北京天气怎么样")    // .chinese
    /// RuleBasedModel.Language(detecting: "Weather in Beijing?")  // .english
    /// ```
    ///
    /// - Parameter text: The user's words.
    public init(detecting text: String) {
      self = text.contains(where: OfflineText.isIdeograph) ? .chinese : .english
    }

    /// The BCP 47 language tag: `zh` or `en`.
    public var languageTag: String { rawValue }

    /// `zh` or `en` written the way `values` spells it (`zh-Hans`, `EN`), or the tag itself.
    func closest(in values: [String]) -> String {
      values.first { $0.lowercased() == rawValue }
        ?? values.first { $0.lowercased().hasPrefix(rawValue) }
        ?? (self == .chinese ? values.first { $0.lowercased().hasPrefix("cmn") || $0.contains("中文") } : nil)
        ?? rawValue
    }

    /// `chinese` or `english`, chosen by this language.
    func pick(_ chinese: String, _ english: String) -> String {
      self == .chinese ? chinese : english
    }
  }
}
