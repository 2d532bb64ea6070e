import AgentSkill

/// Where submitting a form stands.
public enum FormSubmission: Hashable, Sendable, Codable {
  /// Not submitted yet, or edited since.
  case idle
  /// Submit was pressed; pending asynchronous checks are running.
  case validating
  /// A field has an error; nothing was sent.
  case invalid
  /// The values are being sent.
  case submitting
  /// The values were sent.
  case succeeded
  /// Sending failed; the message says so.
  case failed(String)
}
