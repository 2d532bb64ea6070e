import Foundation

/// Why a skill refused its input before running: what
/// ``Skill/validate(_:)`` throws and ``SkillStatus/rejected(_:)`` carries.
///
/// A rejection is the caller's mistake, not the skill's failure: fix the
/// input and perform again.
///
/// ```swift
/// let rejection = SkillInputRejection("Choose at least one photo.")
/// print(rejection)   // Choose at least one photo.
/// ```
public struct SkillInputRejection: Error, Hashable, LocalizedError, CustomStringConvertible {
  /// What is wrong with the input and how to fix it, shown to the user.
  public let message: String

  /// Creates a rejection.
  ///
  /// - Parameter message: What is wrong with the input and how to fix it,
  ///   such as `Choose at least one photo.`
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var errorDescription: String? { message }

  /// The message.
  public var description: String { message }
}
