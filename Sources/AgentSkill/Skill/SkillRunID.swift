import Foundation

/// A unique identifier for one run of a skill (or one runner), shown in log tags.
///
/// Its short form — the first four hex digits — makes log lines such as
/// `[UploadSkill-8a2b] started` easy to follow when several instances of the
/// same skill run at once.
public struct SkillRunID: Hashable, Sendable, CustomStringConvertible {
  /// The full identifier.
  package let rawValue: UUID
  /// The first four lowercase hex digits of the identifier.
  package let short: String

  /// Creates a new random identifier.
  public init() { self.init(rawValue: UUID()) }

  /// Wraps an existing identifier.
  ///
  /// - Parameter rawValue: The identifier to wrap.
  package init(rawValue: UUID) {
    self.rawValue = rawValue
    let bytes = rawValue.uuid
    let digits = Array("0123456789abcdef")
    self.short = String([
      digits[Int(bytes.0 >> 4)], digits[Int(bytes.0 & 0xF)], digits[Int(bytes.1 >> 4)], digits[Int(bytes.1 & 0xF)],
    ])
  }

  /// Identifiers are equal when their UUIDs are.
  public static func == (lhs: SkillRunID, rhs: SkillRunID) -> Bool { lhs.rawValue == rhs.rawValue }

  /// Hashes the UUID.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

  /// The short form.
  public var description: String { short }

  /// The log tag for `skillName` with this id, such as `UploadSkill-8a2b`.
  ///
  /// - Parameter skillName: The skill's name.
  /// - Returns: The name and the short id joined by a dash.
  func tag(for skillName: String) -> String { "\(skillName)-\(short)" }
}
