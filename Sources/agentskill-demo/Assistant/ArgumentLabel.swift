import AgentSkillDemoKit
import AgentSkillLLM

/// An argument's name as the user reads it, from the skill's schema, in the
/// session's language: `提醒内容` / `reminder text` for `title`, `提醒时间` /
/// `reminder time` for `at`. The member name only when the schema says nothing better.
///
/// The demo's skills describe arguments in Chinese, with an English gloss in
/// parentheses at the end: `提醒时间，RFC 3339，带时区 (reminder time, RFC 3339 with offset)`.
enum ArgumentLabel {
  /// The label of `member` in `schema`.
  static func label(_ member: String, in schema: JSONSchema?, language: DemoLanguage) -> String {
    let property = schema?.json["properties"]?[member]
    let title = property?["title"]?.stringValue
    let description = property?["description"]?.stringValue ?? ""
    switch language {
    case .chinese:
      if let title, hasIdeograph(title) { return title }
      let clause = firstClause(description, stops: ["，", ",", "。", "(", "（", ";", "；", ":", "："])
      if hasIdeograph(clause) { return clause }
    case .english:
      if let gloss = englishGloss(description) { return gloss }
      if let title, !title.isEmpty, !hasIdeograph(title) { return title.lowercased() }
    }
    return member
  }

  /// The member a violation path names: `/city` → `city`, `/items/0` → `items`.
  static func member(ofPath path: String) -> String? {
    let first = path.split(separator: "/").first.map(String.init)
    return first?.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
  }

  /// The first clause of the parenthesised English at the end of `description`.
  private static func englishGloss(_ description: String) -> String? {
    let trimmed = description.trimmingCharacters(in: .whitespaces)
    guard trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "(") else { return nil }
    let inside = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
    let clause = firstClause(inside, stops: [",", ";", ":", "."])
    return clause.isEmpty || hasIdeograph(clause) ? nil : clause
  }

  private static func firstClause(_ text: String, stops: Set<Character>) -> String {
    String(text.prefix { !stops.contains($0) }).trimmingCharacters(in: .whitespaces)
  }

  private static func hasIdeograph(_ text: String) -> Bool {
    DemoLanguage(detecting: text) == .chinese
  }
}
