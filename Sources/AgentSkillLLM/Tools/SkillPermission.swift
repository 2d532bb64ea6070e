/// A permission a tool skill needs before a model may see or call it.
///
/// Permissions are plain strings so apps can name their own; a registry
/// offers a skill only when its ``ToolSkill/requiredPermission`` is in the
/// registry's granted set (see ``SkillRegistry/grantedPermissions``).
///
/// An app's own permission is a string literal (declare it once, as a
/// `static let` in an extension of `SkillPermission`, to share it):
///
/// ```swift
/// struct LedgerQuerySkill: ToolSkill {
///   let id = "ledger_query"
///   let description = "Bookkeeping entries of a day, grouped by category."
///   var requiredPermission: SkillPermission? { "ledger" }
///
///   func run(_ input: EmptyToolInput, context: SkillContext) async throws -> ToolOutput {
///     .text("上周三共 5 笔支出，合计 ¥326.50")
///   }
/// }
///
/// @MainActor func userAllowedLedger(in registry: SkillRegistry) {
///   registry.grantedPermissions.insert("ledger")  // LedgerQuerySkill is offered from now on
/// }
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
