import Foundation

/// A skill did not finish within its time limit (see ``Skill/timeout(_:)``).
///
/// ```swift
/// do {
///   _ = try await CheckBalanceSkill().timeout(.seconds(10)).run(account)
/// } catch let error as SkillTimeoutError {
///   print(error)   // CheckBalanceSkill timed out after 10.0 seconds. …
/// }
/// ```
///
/// Retryable by default: ``RetryPolicy`` retries timeouts.
public struct SkillTimeoutError: Error, Hashable, CustomStringConvertible, LocalizedError {
  /// The name of the skill that timed out.
  public let skillName: String
  /// The time limit it exceeded, on the environment's clock.
  public let limit: Duration

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - skillName: The name of the skill that timed out.
  ///   - limit: The time limit it exceeded.
  public init(skillName: String, limit: Duration) {
    self.skillName = skillName
    self.limit = limit
  }

  /// `CheckBalanceSkill timed out after 10.0 seconds.` with a hint.
  public var description: String {
    "\(skillName) timed out after \(limit). "
      + "Raise the limit passed to timeout(_:) if the work legitimately takes longer."
  }

  /// The same text as ``description``.
  public var errorDescription: String? { description }
}
