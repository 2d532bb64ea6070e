import AgentSkillLLM

/// The question the rule-based model asks when required arguments are
/// missing: `请问要哪个城市（可选：北京、上海、广州…）？` / `Which city (options: Beijing, Shanghai, …)?`.
enum ArgumentQuestion {
  /// The most list values named in a question.
  static let maximumListed = 8

  /// One question covering every missing argument.
  ///
  /// - Parameters:
  ///   - missing: The required arguments not filled, in schema order.
  ///   - knownDays: Date-time arguments whose day was understood (only the time is missing).
  ///   - language: The language to ask in.
  static func ask(
    _ missing: [ToolParameter],
    knownDays: Set<String>,
    language: RuleBasedModel.Language
  ) -> String {
    var parts: [String] = []
    for parameter in missing {
      let part = part(for: parameter, dayKnown: knownDays.contains(parameter.name), language: language)
      if !parts.contains(part) { parts.append(part) }
    }
    switch language {
    case .chinese: return "请问" + parts.joined()
    case .english: return parts.joined(separator: " ")
    }
  }

  private static func part(for parameter: ToolParameter, dayKnown: Bool, language: RuleBasedModel.Language) -> String {
    let label = self.label(parameter, language: language)
    switch (parameter.kind, language) {
    case (.date, .chinese): return "是哪一天？"
    case (.date, .english): return "Which day?"
    case (.rangeStart, .chinese), (.rangeEnd, .chinese): return "要查哪一天或哪段时间？"
    case (.rangeStart, .english), (.rangeEnd, .english): return "Which day or period?"
    case (.dateTime, .chinese): return dayKnown ? "几点？" : "是什么时间？"
    case (.dateTime, .english): return dayKnown ? "What time?" : "When?"
    case (.time, .chinese): return "几点？"
    case (.time, .english): return "What time?"
    // The options go inside the question, so it still ends with a question
    // mark and the answer ("广州") is read as completing the request.
    case (.choice, .chinese):
      return "要哪个\(label)" + options(parameter, language: language).map { "（可选：\($0)）" }.orEmpty + "？"
    case (.choice, .english):
      return "Which \(label)" + options(parameter, language: language).map { " (options: \($0))" }.orEmpty + "?"
    case (_, .chinese): return "\(label)是什么？"
    case (_, .english): return "What should the \(label) be?"
    }
  }

  /// The values to offer, in the user's script when the list mixes scripts.
  static func options(_ parameter: ToolParameter, language: RuleBasedModel.Language) -> String? {
    listing(parameter.choices, language: language)
  }

  /// `北京、上海、广州…` or `Beijing, Shanghai, …`; values in the other script are left out when any match.
  static func listing(_ values: [String], language: RuleBasedModel.Language) -> String? {
    guard !values.isEmpty else { return nil }
    let chinese = values.filter { $0.contains(where: OfflineText.isIdeograph) }
    let other = values.filter { !$0.contains(where: OfflineText.isIdeograph) }
    var shown = language == .chinese ? (chinese.isEmpty ? other : chinese) : (other.isEmpty ? chinese : other)
    let more = shown.count > maximumListed
    shown = Array(shown.prefix(maximumListed))
    switch language {
    case .chinese: return shown.joined(separator: "、") + (more ? "等" : "")
    case .english: return shown.joined(separator: ", ") + (more ? ", …" : "")
    }
  }

  /// The argument's label in the user's language: its title or description
  /// (in English, an English gloss in parentheses when they are Chinese),
  /// else its name written as words (`remind_at` → `remind at`).
  static func label(_ parameter: ToolParameter, language: RuleBasedModel.Language) -> String {
    if let label = parameter.label {
      let isChinese = label.contains(where: OfflineText.isIdeograph)
      if language == .chinese || !isChinese { return language == .english ? label.lowercased() : label }
    }
    if language == .english, let english = parameter.englishLabel { return english.lowercased() }
    return ToolTerms.splitName(parameter.name).joined(separator: " ")
  }
}

extension Optional where Wrapped == String {
  /// The string, or empty.
  fileprivate var orEmpty: String { self ?? "" }
}
