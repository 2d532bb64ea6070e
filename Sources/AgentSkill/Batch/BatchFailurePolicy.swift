/// What a ``BatchSkill`` does when some items failed (every item is always
/// attempted; this only decides how the batch ends).
public enum BatchFailurePolicy: Sendable, Hashable {
  /// Any failed item makes the batch fail with ``BatchFailedError``, which
  /// carries the full ``BatchResult`` — which items succeeded with their
  /// outputs and which failed with their errors. A
  /// ``SkillRunner`` shows `failed`, and the UI reads the per-item outcome
  /// from the error. The default.
  case throwIfAnyFails
  /// The batch succeeds with a ``BatchResult`` that may contain failures.
  case returnPartialResult
}
