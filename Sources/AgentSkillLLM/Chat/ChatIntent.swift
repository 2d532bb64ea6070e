import AgentSkill

/// What a ``ChatAgent``'s underlying agent is asked to do.
///
/// ``ChatAgent``'s methods send these; send them yourself only when driving
/// the agent directly (an `AgentTestStore` built with ``ChatAgent/makeSkills(model:registry:instructions:options:feedbackLogURL:gate:)``).
public enum ChatIntent: Sendable, Hashable {
  /// Answer `text` as turn number `turn`; cancels the turn in flight.
  case send(text: String, images: [ChatImage] = [], turn: Int)
  /// Stop the turn in flight: the model stream and running tools.
  case cancel
  /// Run the call waiting for confirmation.
  case confirm(callID: String)
  /// Do not run the call waiting for confirmation.
  case deny(callID: String)
  /// Answer the confirmation of a restored conversation (no turn waits for it any more): run the call (or not) and
  /// let the model answer, continuing its turn.
  case resume(callID: String, approved: Bool)
  /// Append the record to the feedback log.
  case reportIrrelevant(ChatFeedbackRecord)
  /// Forget the conversation (cancelling the turn in flight).
  case clear
  /// The reducer refused a phase change: log it (recorded in the timeline as a follow-up).
  case transitionRejected(PhaseTransitionRejection)
}

extension ChatIntent: TimelineSizeEstimating {
  /// The estimated heap bytes of the text or record the intent carries, by
  /// reflection, for the timeline's byte budget.
  public var estimatedHeapBytes: Int { TimelineSizeEstimate.heapBytes(reflecting: self) }
}
