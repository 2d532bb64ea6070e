#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillForms
  import SwiftUI

  extension View {
    /// Binds a `@FocusState` to a ``/AgentSkillForms/FormNavigation`` kept in an
    /// agent's context, both ways, for a smart form whose focus moves by rules.
    ///
    /// - **View → skill.** Every focus change is sent as
    ///   ``/AgentSkillForms/FormNavigationEvent/focusChanged(to:source:)``: a field
    ///   gaining focus as ``/AgentSkillForms/FocusChangeSource/tapped``, focus lost
    ///   as ``/AgentSkillForms/FocusChangeSource/dismissed``, and Return in any text
    ///   field below this view (`onSubmit`) as
    ///   ``/AgentSkillForms/FocusChangeSource/returnKey``. The navigation recognises
    ///   the focus it asked for itself, so its own moves never trigger a rule.
    /// - **Skill → view.** Each new ``/AgentSkillForms/FormNavigation/focusRequest``
    ///   moves the focus state to the requested field.
    ///
    /// Input changes carry the field's validity, which only your view knows,
    /// so send them yourself (``/AgentSkillForms/FormNavigationEvent/inputChanged(_:length:isValid:source:)``):
    ///
    /// ```swift
    /// enum SignUpField: Hashable, Sendable { case email, password, confirmation, submit }
    /// struct SignUpContext: Sendable {
    ///   var form = FormNavigation(FormNavigationConfiguration<SignUpField>(
    ///     order: [.email, .password, .confirmation], submit: .submit,
    ///     pasteSkips: [.confirmation(of: .password, by: .confirmation)]))
    /// }
    /// enum SignUpIntent: Sendable { case form(FormNavigationEvent<SignUpField>) }
    /// enum SignUpEffect: Sendable { case form(FormNavigationUpdate<SignUpField>) }
    ///
    /// struct SignUpForm: View {
    ///   let agent: Agent<SignUpContext, SignUpIntent, SignUpEffect>
    ///   @State private var email = ""
    ///   @State private var password = ""
    ///   @FocusState private var focus: SignUpField?
    ///
    ///   var body: some View {
    ///     VStack {
    ///       TextField("Email", text: $email)
    ///         .focused($focus, equals: .email)
    ///         .onChange(of: email) { _, text in
    ///           agent.send(.form(.inputChanged(.email, length: text.count, isValid: text.contains("@"), source: .typed)))
    ///         }
    ///       SecureField("Password", text: $password)
    ///         .focused($focus, equals: .password)
    ///         .onChange(of: password) { old, new in
    ///           let source: FocusChangeSource = new.count - old.count > 1 ? .pasted : .typed
    ///           agent.send(.form(.inputChanged(.password, length: new.count, isValid: new.count >= 8, source: source)))
    ///         }
    ///     }
    ///     .bindFocus($focus, to: agent, navigation: \.form) { .form($0) }
    ///   }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - focus: The view's focus state, such as `$focus`.
    ///   - agent: The agent whose context holds the navigation, with a
    ///     ``/AgentSkillForms/FormNavigationSkill`` mounted.
    ///   - navigation: The navigation's key path in the context.
    ///   - intent: Wraps a form event in the agent's intent type.
    /// - Returns: A view whose focus follows the navigation and reports to it.
    public func bindFocus<Field, Context, Intent, Effect>(
      _ focus: FocusState<Field?>.Binding,
      to agent: Agent<Context, Intent, Effect>,
      navigation: KeyPath<Context, FormNavigation<Field>>,
      intent: @escaping (FormNavigationEvent<Field>) -> Intent
    ) -> some View {
      modifier(FormFocusModifier(focus: focus, agent: agent, navigation: navigation, intent: intent))
    }
  }

  /// Reports focus changes to a form navigation and applies its requests.
  private struct FormFocusModifier<Field: Hashable & Sendable, Context: Sendable, Intent: Sendable, Effect: Sendable>:
    ViewModifier
  {
    let focus: FocusState<Field?>.Binding
    let agent: Agent<Context, Intent, Effect>
    let navigation: KeyPath<Context, FormNavigation<Field>>
    let intent: (FormNavigationEvent<Field>) -> Intent

    func body(content: Content) -> some View {
      content
        .onChange(of: focus.wrappedValue) { _, field in
          agent.send(intent(.focusChanged(to: field, source: field == nil ? .dismissed : .tapped)))
        }
        .onSubmit {
          agent.send(intent(.focusChanged(to: nil, source: .returnKey)))
        }
        .onChange(of: agent[dynamicMember: navigation].focusRequest) { _, request in
          guard let request, focus.wrappedValue != request.field else { return }
          focus.wrappedValue = request.field
        }
    }
  }
#endif
