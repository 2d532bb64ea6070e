import AgentSkill

/// Where a ``FlowRunner`` stands.
public enum FlowPhase: Sendable, Equatable {
  /// Not started, or ready to go on from ``FlowRunner/position``.
  case ready
  /// The step at this index runs.
  case running(step: Int)
  /// A step failed: the state is the one the step before it left, and
  /// ``FlowRunner/resume()`` runs the failed step again.
  case failed(FlowFailure)
  /// Every step finished.
  case finished
  /// The flow was cancelled as a whole: the running step was cancelled, the
  /// finished steps undone (last first) and the state is the initial one.
  case cancelled

  /// Whether a step runs.
  public var isRunning: Bool {
    if case .running = self { true } else { false }
  }

  /// The failure, when a step failed.
  public var failure: FlowFailure? {
    if case .failed(let failure) = self { failure } else { nil }
  }
}
