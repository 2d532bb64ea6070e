/// What a form screen asks its agent for.
public enum FormIntent<Field: Hashable & Sendable>: Hashable, Sendable {
  /// The user changed a field: store the value, validate it at once, and
  /// schedule its asynchronous check after the debounce.
  case edit(Field, String)
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
