import Foundation

/// What the user typed at a confirmation prompt (`确认吗？[y/N]`): yes, no,
/// a new question (the pending call is then cancelled and the question
/// answered), or something else (the prompt is shown again).
enum ConfirmationReply: Equatable {
  /// Go ahead: 是, 好, 好的, 确认, 可以, 行, 嗯, ok, yes, y, …
  case yes
  /// Do not: 不, 不要, 取消, 算了, no, n, … — or an empty line (the default).
  case no
  /// A request of its own, such as `北京天气怎么样`.
  case newQuestion(String)
  /// Neither: ask again.
  case unclear

  /// The words read as yes, compared without case and trailing punctuation.
  static let yesWords: Set<String> = [
    "是", "是的", "好", "好的", "好啊", "好吧", "确认", "确定", "可以", "行", "行吧", "嗯", "嗯嗯", "对", "没问题",
    "ok", "okay", "yes", "y", "yep", "sure",
  ]
  /// The words read as no.
  static let noWords: Set<String> = [
    "不", "不要", "不用", "不用了", "不了", "否", "取消", "算了", "别", "no", "n", "nope", "cancel",
  ]

  /// Reads one line typed at the prompt.
  init(_ line: String) {
    let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
    let word = trimmed.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "。.!！~～，,、 "))
    if word.isEmpty {
      self = .no
    } else if Self.yesWords.contains(word) {
      self = .yes
    } else if Self.noWords.contains(word) {
      self = .no
    } else if Self.looksLikeRequest(trimmed) {
      self = .newQuestion(trimmed)
    } else {
      self = .unclear
    }
  }

  /// A question or request rather than a stray word such as `嗯？`: four or
  /// more Chinese characters, or two or more English words, besides punctuation.
  private static func looksLikeRequest(_ text: String) -> Bool {
    let words = text.trimmingCharacters(in: CharacterSet(charactersIn: "。.!！?？~～，, "))
    let chinese = words.unicodeScalars.contains { (0x3400...0x9FFF).contains($0.value) }
    if chinese { return words.count >= 4 }
    return words.split(whereSeparator: \.isWhitespace).count >= 2
  }
}
