import AgentSkill

/// The outcome of an ``AsyncFieldCheck`` for one value of a field.
public struct FieldCheckResult: Hashable, Sendable, Codable {
  /// What the check said.
  public enum Outcome: Hashable, Sendable, Codable {
    /// The value is fine.
    case passed
    /// The value is refused, with the message to show.
    case failed(String)
    /// The check could not run (the network is down); the text describes why.
    /// It does not block submitting.
    case unavailable(String)
  }

  /// The value that was checked.
  public var value: String
  /// What the check said about it.
  public var outcome: Outcome

  /// Creates a result.
  ///
  /// - Parameters:
  ///   - value: The value that was checked.
  ///   - outcome: What the check said about it.
  public init(value: String, outcome: Outcome) {
    self.value = value
    self.outcome = outcome
  }
}
