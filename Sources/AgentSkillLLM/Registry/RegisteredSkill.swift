import Foundation

/// A skill in a ``SkillRegistry``, with its enabled flag and per-screen overrides.
public struct RegisteredSkill: Sendable, Identifiable {
  /// The skill.
  public let skill: AnyToolSkill
  /// Whether the skill may be matched, offered and called.
  public internal(set) var isEnabled: Bool
  /// Display strings per screen.
  public internal(set) var overrides: [SkillScreen: SkillScreenOverride]

  /// The skill's id.
  public var id: String { skill.id }

  /// The name people see: the screen's override, else the skill's display name, in `locale`.
  ///
  /// - Parameters:
  ///   - screen: The screen asking, if any.
  ///   - locale: The locale to show it in; `nil` gives the default text.
  /// - Returns: The display name.
  public func displayName(on screen: SkillScreen? = nil, locale: Locale? = nil) -> String {
    let text = screen.flatMap { overrides[$0]?.displayName } ?? skill.displayName
    return text.resolved(for: locale)
  }

  /// The description for the model: the screen's override, else the skill's.
  ///
  /// - Parameter screen: The screen asking, if any.
  /// - Returns: The description.
  public func description(on screen: SkillScreen? = nil) -> String {
    screen.flatMap { overrides[$0]?.description } ?? skill.description
  }

  /// The definition sent to a model from `screen`.
  ///
  /// - Parameter screen: The screen asking, if any.
  /// - Returns: The id, the screen's description and the input schema.
  public func toolDefinition(on screen: SkillScreen? = nil) -> ToolDefinition {
    ToolDefinition(name: skill.id, description: description(on: screen), parameters: skill.inputSchema)
  }
}
