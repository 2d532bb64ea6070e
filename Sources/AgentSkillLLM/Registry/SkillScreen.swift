/// A place in the app where skills are offered, for per-screen display
/// names and descriptions (see ``SkillScreenOverride``).
///
/// An app names its screens with string literals (declare each once, as a
/// `static let` in an extension of `SkillScreen`, to share it):
///
/// ```swift
/// let ledger: SkillScreen = "ledger"
/// let registry = SkillRegistry()
/// let tools = registry.allToolDefinitions(screen: ledger)  // with the ledger screen's names and descriptions
/// ```
public struct SkillScreen: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The screen's name as written in manifests, such as `chat`.
  public let rawValue: String

  /// Creates a screen from its name.
  ///
  /// - Parameter rawValue: The screen's name.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates a screen from its name.
  ///
  /// - Parameter rawValue: The screen's name.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates a screen from a string literal.
  ///
  /// - Parameter value: The screen's name.
  public init(stringLiteral value: String) {
    self.rawValue = value
  }

  /// The screen's name.
  public var description: String { rawValue }

  /// The chat assistant.
  public static let chat: SkillScreen = "chat"
}
