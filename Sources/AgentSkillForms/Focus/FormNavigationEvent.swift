import AgentSkill

/// Something that happened in a form, reported to a ``FormNavigation``.
///
/// ```swift
/// struct SignUpFields: View {
///   let send: (FormNavigationEvent<Field>) -> Void   // e.g. { agent.send(.form($0)) }
///   @FocusState private var focus: Field?
///   @State private var email = ""
///   var body: some View {
///     TextField("Email", text: $email)
///       .focused($focus, equals: .email)
///       .onChange(of: focus) { _, field in send(.focusChanged(to: field, source: field == nil ? .dismissed : .tapped)) }
///       .onSubmit { send(.focusChanged(to: nil, source: .returnKey)) }
///       .onChange(of: email) { _, text in
///         send(.inputChanged(.email, length: text.count, isValid: text.contains("@"), source: .typed))
///       }
///     Button("Create account") { send(.submitTapped) }
///   }
/// }
/// ```
///
/// Validity comes from your rules — for example those of a ``FormSchema``:
/// `isValid: schema.syncError(for: .email, in: values) == nil`.
public enum FormNavigationEvent<Field: Hashable & Sendable>: Hashable, Sendable {
  /// Focus moved to `field` (`nil`: no field has focus). Report every
  /// change `FocusState` shows; the navigation recognises its own requests.
  case focusChanged(to: Field?, source: FocusChangeSource)
  /// The input of `field` changed to `length` characters and is now valid
  /// or not. The value itself stays in the view: passwords never enter the
  /// navigation state.
  case inputChanged(Field, length: Int, isValid: Bool, source: FocusChangeSource)
  /// The keyboard appeared, moved or disappeared (see ``KeyboardState``).
  case keyboardChanged(KeyboardState)
  /// The user tapped the submit control.
  case submitTapped
}
