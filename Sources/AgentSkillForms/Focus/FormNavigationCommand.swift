import AgentSkill

/// What a ``FormNavigation`` asks the form to do in response to an event.
public enum FormNavigationCommand<Field: Hashable & Sendable>: Hashable, Sendable {
  /// Move focus to `field` (set the view's `FocusState`; also published as
  /// ``FormNavigation/focusRequest``).
  case focus(Field)
  /// Every required field is valid: submit.
  case submit
  /// The submit tap was rejected: `invalid` lists the required fields that
  /// are not valid, in order; focus moves to the first one.
  case submitRejected(invalid: [Field])
  /// A double tap after a rejected submit, with
  /// ``FormNavigationConfiguration/allowsSubmitWithoutValidation`` on:
  /// submit without validation although `invalid` are not valid.
  case submitWithoutValidation(invalid: [Field])
}
