import AgentSkill

/// The step a ``FlowRunner`` stopped at, and why.
public struct FlowFailure: Sendable, Equatable, CustomStringConvertible {
  /// The index of the step that failed; ``FlowRunner/resume()`` runs it again.
  public let step: Int
  /// The failed step's name.
  public let stepName: String
  /// What went wrong, for the user: the error's localized description (an
  /// input rejection's message says what to fix).
  public let message: String
  /// The error the step threw.
  public let error: any Error

  /// Creates a failure.
  ///
  /// - Parameters:
  ///   - step: The index of the step that failed.
  ///   - stepName: The failed step's name.
  ///   - error: The error it threw.
  package init(step: Int, stepName: String, error: any Error) {
    self.step = step
    self.stepName = stepName
    self.error = error
    self.message = SkillStatus<Void>.message(for: error)
  }

  /// `step 3 (CreateAccount) failed: The email is taken.`
  public var description: String { "step \(step + 1) (\(stepName)) failed: \(message)" }

  /// Whether both failures are of the same step with the same message.
  ///
  /// - Parameters:
  ///   - lhs: A failure.
  ///   - rhs: Another failure.
  /// - Returns: `true` when step, name and message are equal.
  public static func == (lhs: FlowFailure, rhs: FlowFailure) -> Bool {
    lhs.step == rhs.step && lhs.stepName == rhs.stepName && lhs.message == rhs.message
  }
}
