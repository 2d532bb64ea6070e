/// A permission a tool skill needs before a model may see or call it.
///
/// Permissions are plain strings so apps can name their own; a registry
/// offers a skill only when its ``ToolSkill/requiredPermission`` is in the
/// registry's granted set (see ``SkillRegistry/grantedPermissions``).
///
/// ```swift
/// extension SkillPermission {
///   static let ledger: SkillPermission = "ledger"
/// }
///
/// struct LedgerQuerySkill: ToolSkill {
///   var requiredPermission: SkillPermission? { .ledger }
///   // …
/// }
///
/// registry.grantedPermissions.insert(.ledger)
/// ```
public struct SkillPermission: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The permission's name, such as `location` or `calendar`.
  public let rawValue: String

  /// Creates a permission from its name.
  ///
  /// - Parameter rawValue: The permission's name.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates a permission from its name.
  ///
  /// - Parameter rawValue: The permission's name.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates a permission from a string literal.
  ///
  /// - Parameter value: The permission's name.
  public init(stringLiteral value: String) {
    self.rawValue = value
  }

  /// The permission's name.
  public var description: String { rawValue }

  /// The user's location.
  public static let location: SkillPermission = "location"
  /// The user's calendar events.
  public static let calendar: SkillPermission = "calendar"
  /// The user's reminders.
  public static let reminders: SkillPermission = "reminders"
  /// The user's contacts.
  public static let contacts: SkillPermission = "contacts"
  /// The user's photo library.
  public static let photos: SkillPermission = "photos"
  /// Posting notifications.
  public static let notifications: SkillPermission = "notifications"
  /// Network access, for apps that let users keep an assistant offline.
  public static let network: SkillPermission = "network"
}
