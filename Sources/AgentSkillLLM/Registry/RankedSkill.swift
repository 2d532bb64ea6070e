/// A skill that matched an intent, with its score; returned by ``SkillRegistry/match(_:limit:threshold:)``.
public struct RankedSkill: Sendable, Identifiable {
  /// The skill.
  public let skill: AnyToolSkill
  /// Its score and why.
  public let match: IntentMatch

  /// Creates a ranked skill.
  ///
  /// - Parameters:
  ///   - skill: The skill.
  ///   - match: Its score and why.
  public init(skill: AnyToolSkill, match: IntentMatch) {
    self.skill = skill
    self.match = match
  }

  /// The skill's id.
  public var id: String { skill.id }

  /// The score, from 0 to 1.
  public var score: Double { match.score }
}
