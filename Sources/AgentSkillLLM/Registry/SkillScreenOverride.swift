/// Display strings a screen uses instead of the skill's own.
///
/// A short name fits a chat's "executing: 天气" panel; a screen-specific
/// description can steer the model on that screen. Usually written in a
/// manifest:
///
/// ```json
/// {"id": "weather", "screens": {"chat": {"displayName": "天气", "description": "…"}}}
/// ```
public struct SkillScreenOverride: Sendable, Hashable, Codable {
  /// The name people see on that screen.
  public var displayName: LocalizedText?
  /// The description sent to the model from that screen.
  public var description: String?

  /// Creates an override; `nil` members keep the skill's own.
  ///
  /// - Parameters:
  ///   - displayName: The name people see on that screen.
  ///   - description: The description sent to the model from that screen.
  public init(displayName: LocalizedText? = nil, description: String? = nil) {
    self.displayName = displayName
    self.description = description
  }
}
