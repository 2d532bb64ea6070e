import AgentSkill

/// How the last change to a form's focus or input happened.
///
/// `FocusState` tells a view *which* field is focused, not *why*. Form logic
/// needs the why: a pasted password may skip its confirmation, Return should
/// move on while a dismissed keyboard should not, and the app's own focus
/// requests must never be mistaken for the user's.
///
/// ```swift
/// struct PasswordField: View {
///   let agent: SignUpAgent
///   @State private var password = ""
///   var body: some View {
///     SecureField("Password", text: $password)
///       .onChange(of: password) { old, new in
///         let source: FocusChangeSource = new.count - old.count > 1 ? .pasted : .typed
///         agent.send(.form(.inputChanged(.password, length: new.count, isValid: new.count >= 8, source: source)))
///       }
///       .onSubmit { agent.send(.form(.focusChanged(to: nil, source: .returnKey))) }
///   }
/// }
/// ```
public enum FocusChangeSource: String, Hashable, Sendable, Codable, CaseIterable {
  /// The user typed or deleted characters.
  case typed
  /// The user pasted text (long-press → Paste, Edit menu, ⌘V).
  case pasted
  /// The system filled the value: AutoFill, a password manager, QuickType.
  case autofilled
  /// The user moved focus to a field: a tap, the Tab key, a pointer click.
  case tapped
  /// The user pressed Return (Next, Done, Go) in a field (`.onSubmit`).
  case returnKey
  /// The user dismissed the keyboard or tapped outside every field.
  case dismissed
  /// The app changed the value or the focus in code (including the form
  /// navigation's own focus requests).
  case programmatic

  /// Whether the change came from the user rather than the app.
  public var isUserInitiated: Bool { self != .programmatic }
}
