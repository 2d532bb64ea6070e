import AgentSkill

/// What a form screen asks its agent for.
///
/// Edits are not intents: a field's binding (`agent.binding(for: .email)` in
/// `AgentSkillUI`) applies ``FormEffect/setValue(_:_:)`` synchronously, and
/// the schema's reducer answers with ``check(_:)`` when the value needs its
/// asynchronous check.
public enum FormIntent<Field: Hashable & Sendable>: Hashable, Sendable {
  /// Run the asynchronous check of a field after its debounce (sent by the
  /// reducer; a newer one for the same field restarts the debounce).
  case check(Field)
  /// Stop the pending asynchronous check of a field (sent by the reducer
  /// when the value no longer passes its rules).
  case cancelCheck(Field)
  /// Validate every field, run the checks still pending, and submit when
  /// nothing is wrong. A second submit while one runs is ignored.
  case submit
  /// Clear the form.
  case reset
}

extension FormIntent: Codable where Field: Codable {}
