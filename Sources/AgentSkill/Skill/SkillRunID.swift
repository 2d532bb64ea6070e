import Foundation

/// A unique identifier for one run of a skill (or one runner), shown in log tags.
///
/// Its ``short`` form — the first four hex digits — makes log lines such as
/// `[UploadSkill-8a2b] started` easy to follow when several instances of the
/// same skill run at once.
public struct SkillRunID: Hashable, Sendable, CustomStringConvertible {
  /// The full identifier.
  public let rawValue: UUID

  /// Creates a new random identifier.
  public init() { self.rawValue = UUID() }

  /// Wraps an existing identifier.
  ///
  /// - Parameter rawValue: The identifier to wrap.
  public init(rawValue: UUID) { self.rawValue = rawValue }

  /// The first four lowercase hex digits of the identifier.
  public var short: String {
    String(rawValue.uuidString.lowercased().prefix(4))
  }

  /// The short form.
  public var description: String { short }

  /// The log tag for `skillName` with this id, such as `UploadSkill-8a2b`.
  ///
  /// - Parameter skillName: The skill's name.
  /// - Returns: The name and the short id joined by a dash.
  public func tag(for skillName: String) -> String { "\(skillName)-\(short)" }
}
