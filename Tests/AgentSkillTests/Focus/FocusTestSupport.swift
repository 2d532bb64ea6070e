import AgentSkill
import AgentSkillForms

/// The fields of a sign-up form: email, password, its confirmation.
enum RegistrationField: Hashable, Sendable, CaseIterable {
  case email
  case password
  case confirmPassword
  case submit
}

typealias RegistrationNavigation = FormNavigation<RegistrationField>

extension FormNavigationConfiguration where Field == RegistrationField {
  /// email → password → confirmation → submit; a pasted password of 12+ skips the confirmation.
  static func registration(
    advance: Advance = .nextIncompleteField,
    advanceTriggers: Set<FocusChangeSource> = [.returnKey],
    allowsSubmitWithoutValidation: Bool = false
  ) -> Self {
    FormNavigationConfiguration(
      order: [.email, .password, .confirmPassword],
      submit: .submit,
      advance: advance,
      advanceTriggers: advanceTriggers,
      pasteSkips: [.confirmation(of: .password, by: .confirmPassword)],
      allowsSubmitWithoutValidation: allowsSubmitWithoutValidation)
  }
}

extension FormNavigation {
  /// Applies events at time zero and returns the commands of the last one.
  @discardableResult
  mutating func handle(_ events: FormNavigationEvent<Field>...) -> [FormNavigationCommand<Field>] {
    var commands: [FormNavigationCommand<Field>] = []
    for event in events { commands = handle(event, at: .zero) }
    return commands
  }
}
