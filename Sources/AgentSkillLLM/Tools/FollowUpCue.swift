import Foundation

/// Whether a short message continues or corrects the previous request rather than
/// starting a new one: "那上海呢？", "明天呢", "换成广州", "不对，改成十点", "我是说本周",
/// "what about Shanghai?", "and tomorrow?", "no, I meant this week". Such a message names
/// no tool itself, so the chat keeps the tools the previous request was offered.
enum FollowUpCue {
  /// The longest message (in characters) read as a follow-up.
  static let maximumLength = 40

  private static let chineseOpenings = [
    "那", "那么", "还有", "换成", "改成", "换到", "改为", "再查", "再看", "再来", "不对", "不是", "错了", "我是说", "我的意思是",
    "应该是",
  ]
  private static let chineseEndings = ["呢", "呢？", "呢?", "呢。"]
  private static let englishOpenings = [
    "what about", "how about", "and ", "and in", "what of", "same for", "same in", "also ", "now ", "then ", "no,",
    "no ", "i meant", "i mean", "actually", "sorry, i meant", "make it", "change it",
  ]
  private static let englishEndings = ["instead", "instead?", "too?", "then?"]

  /// Whether `text` reads as a continuation of the previous request.
  ///
  /// - Parameter text: The user's message.
  /// - Returns: `true` for a short message opening or ending with a follow-up word.
  static func continuesPreviousRequest(_ text: String) -> Bool {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty, trimmed.count <= maximumLength else { return false }
    if chineseOpenings.contains(where: { trimmed.hasPrefix($0) }) { return true }
    if chineseEndings.contains(where: { trimmed.hasSuffix($0) }) { return true }
    let lowered = trimmed.lowercased()
    if englishOpenings.contains(where: { lowered.hasPrefix($0) }) { return true }
    return englishEndings.contains { lowered.hasSuffix($0) }
  }
}
