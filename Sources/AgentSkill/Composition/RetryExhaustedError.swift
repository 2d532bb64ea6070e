import Foundation

/// A retried skill failed on every attempt its ``RetryPolicy`` allowed.
///
/// ```swift
/// let load = LoadFeedSkill().retry(RetryPolicy(maxAttempts: 3, initialDelay: .seconds(1)))
/// do {
///   _ = try await load.run(())
/// } catch let error as RetryExhaustedError {
///   print(error)   // LoadFeedSkill failed after 3 attempts (last error: the server is unavailable). …
///   print("Show a retry button: \(error.underlying)")
/// }
/// ```
///
/// Errors the policy does not retry (and cancellation) are thrown unchanged,
/// not wrapped in this error.
public struct RetryExhaustedError: Error, CustomStringConvertible, LocalizedError {
  /// The name of the skill that was retried.
  public let skillName: String
  /// How many times the skill ran.
  public let attempts: Int
  /// The error of the last attempt.
  public let underlying: any Error

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - skillName: The name of the skill that was retried.
  ///   - attempts: How many times the skill ran.
  ///   - underlying: The error of the last attempt.
  public init(skillName: String, attempts: Int, underlying: any Error) {
    self.skillName = skillName
    self.attempts = attempts
    self.underlying = underlying
  }

  /// `LoadFeedSkill failed after 3 attempts (last error: …).`, with a hint to
  /// raise the attempts.
  public var description: String {
    let times = attempts == 1 ? "1 attempt" : "\(attempts) attempts"
    return "\(skillName) failed after \(times) (last error: \(describe(underlying))). "
      + "If the failure is transient, raise maxAttempts in its RetryPolicy."
  }

  /// The same text as ``description``.
  public var errorDescription: String? { description }
}
