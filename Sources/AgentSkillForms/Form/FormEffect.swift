import AgentSkill

/// What ``FormValidationSkill`` reports; the reducer of a ``FormSchema``
/// applies it to a ``FormContext``.
public enum FormEffect<Field: Hashable & Sendable>: Hashable, Sendable {
  /// Store a field's value and mark it edited; revalidates the form.
  case setValue(Field, String)
  /// An asynchronous check finished; ignored when the field changed since.
  case checkFinished(Field, FieldCheckResult)
  /// Show the errors of every field (submit was pressed).
  case touchAll
  /// Record where submitting stands.
  case setSubmission(FormSubmission)
  /// Clear every value, error and result.
  case reset
}

extension FormEffect: Codable where Field: Codable {}
