/// How well a skill fits an intent: a score from 0 to 1 and why.
///
/// Returned by ``ToolSkill/canHandle(_:)``. A registry offers a skill to the
/// model only when its score reaches the match threshold (see
/// ``SkillRegistry/match(_:limit:threshold:)``), so small talk such as
/// "你今天吃了吗" reaches no tool at all.
///
/// ```swift
/// func canHandle(_ intent: UserRequest) async -> IntentMatch {
///   intent.text.contains("提醒") ? .certain("the user asked for a reminder") : .noMatch
/// }
/// ```
public struct IntentMatch: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The fit, from 0 (no fit) to 1 (certain).
  public let score: Double
  /// Why, for logs and the debug panel: `matched tag "weather"; keywords "天气"`.
  public let reason: String

  /// Creates a match; the score is clamped to 0…1 and NaN becomes 0.
  ///
  /// - Parameters:
  ///   - score: The fit, from 0 to 1.
  ///   - reason: Why, in a few words.
  public init(score: Double, reason: String) {
    self.score = score.isNaN ? 0 : min(max(score, 0), 1)
    self.reason = reason
  }

  /// No fit.
  public static let noMatch = IntentMatch(score: 0, reason: "no tag or keyword matched")

  /// No fit, with a reason.
  ///
  /// - Parameter reason: Why the skill does not fit.
  /// - Returns: A match with score 0.
  public static func noMatch(_ reason: String) -> IntentMatch {
    IntentMatch(score: 0, reason: reason)
  }

  /// A certain fit.
  ///
  /// - Parameter reason: Why the skill fits.
  /// - Returns: A match with score 1.
  public static func certain(_ reason: String) -> IntentMatch {
    IntentMatch(score: 1, reason: reason)
  }

  /// Whether the score is above 0 and at least `threshold`.
  ///
  /// - Parameter threshold: The smallest score that counts.
  /// - Returns: Whether this match counts.
  public func meets(_ threshold: Double) -> Bool {
    score > 0 && score >= threshold
  }

  /// `0.76 (matched tag "weather"; keywords "天气")`.
  public var description: String {
    let hundredths = Int((score * 100).rounded())
    let digits = hundredths < 10 ? "0\(hundredths)" : "\(hundredths)"
    let text = hundredths == 100 ? "1.00" : "0.\(digits)"
    return "\(text) (\(reason))"
  }
}
