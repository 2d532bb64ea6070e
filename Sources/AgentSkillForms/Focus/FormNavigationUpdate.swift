import AgentSkill

/// What ``FormNavigationSkill`` emits for one event: the navigation after the
/// event and the commands it produced.
///
/// Store ``navigation`` in the context and turn the commands into follow-up
/// intents in the reducer:
///
/// ```swift
/// func reduce(_ context: inout SignUpContext, _ effect: SignUpEffect) -> [SignUpIntent] {
///   switch effect {
///   case .form(let update):
///     context.form = update.navigation
///     return update.commands.compactMap { command in
///       switch command {
///       case .submit: .createAccount
///       case .submitWithoutValidation: .createAccount
///       case .focus, .submitRejected: nil   // the view follows context.form.focusRequest
///       }
///     }
///   }
/// }
/// ```
public struct FormNavigationUpdate<Field: Hashable & Sendable>: Hashable, Sendable {
  /// The navigation after the event.
  public let navigation: FormNavigation<Field>
  /// The commands the event produced, in order.
  public let commands: [FormNavigationCommand<Field>]

  /// Creates an update.
  ///
  /// - Parameters:
  ///   - navigation: The navigation after the event.
  ///   - commands: The commands the event produced.
  public init(navigation: FormNavigation<Field>, commands: [FormNavigationCommand<Field>]) {
    self.navigation = navigation
    self.commands = commands
  }
}
