#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillForms
  import SwiftUI

  extension Agent {
    /// A binding to a field of the context that writes through the reducer,
    /// synchronously: the field holds the new value before the setter
    /// returns, and the reducer's follow-up intents (an asynchronous check)
    /// are sent at once.
    ///
    /// ```swift
    /// struct SettingsForm: View {
    ///   let agent: Agent<SettingsContext, SettingsIntent, SettingsEffect>
    ///   var body: some View {
    ///     Form {
    ///       TextField("Name", text: agent.binding(\.name, apply: SettingsEffect.setName))
    ///       Toggle("Notifications", isOn: agent.binding(\.notifications, apply: SettingsEffect.setNotifications))
    ///       Picker("Theme", selection: agent.binding(\.theme, apply: SettingsEffect.setTheme)) {
    ///         ForEach(Theme.allCases, id: \.self) { Text($0.rawValue) }
    ///       }
    ///     }
    ///   }
    /// }
    /// ```
    ///
    /// Navigation is state too — a stack's path and a sheet's item are fields
    /// of the context, bound the same way:
    ///
    /// ```swift
    /// struct InboxScreen: View {
    ///   let agent: Agent<InboxNavigation, InboxNavigationIntent, InboxNavigationEffect>
    ///   var body: some View {
    ///     NavigationStack(path: agent.binding(\.path, apply: InboxNavigationEffect.setPath)) {
    ///       Button("Write") { agent.apply(.setCompose(ComposeSheet(id: 1))) }
    ///         .navigationDestination(for: InboxRoute.self) { route in Text(verbatim: "\(route)") }
    ///     }
    ///     .sheet(item: agent.binding(\.compose, apply: InboxNavigationEffect.setCompose)) { sheet in
    ///       Text(verbatim: "Compose \(sheet.id)")
    ///     }
    ///   }
    /// }
    /// ```
    ///
    /// The view keeps no copy of the value: a reset in the reducer clears the
    /// field on screen, and marked text (Chinese, Japanese input) is never
    /// overwritten by a late asynchronous write. Reading through the binding
    /// observes that field alone. Works with every control that takes a
    /// binding: `TextField`, `Toggle`, `Picker`, `Slider`, `Stepper`,
    /// `NavigationStack(path:)`, `.sheet(item:)`.
    ///
    /// - Parameters:
    ///   - field: The field's key path in the context.
    ///   - effect: The effect that sets the field, given the new value (an enum case such as `Effect.setName`).
    /// - Returns: The binding.
    public func binding<Value: Sendable>(
      _ field: KeyPath<Context, Value> & Sendable,
      apply effect: @escaping @Sendable (Value) -> Effect
    ) -> Binding<Value> {
      Binding(
        get: { MainActor.assumeIsolated { self[dynamicMember: field] } },
        set: { value in MainActor.assumeIsolated { self.apply(effect(value)) } })
    }
  }

  extension Agent {
    /// A binding to one field of a form: its value, written through
    /// ``/AgentSkillForms/FormEffect/setValue(_:_:)`` — stored, revalidated and,
    /// when the field has an asynchronous check, checked after its debounce.
    ///
    /// ```swift
    /// struct SignUpForm: View {
    ///   let agent: FormAgent<SignUpField>
    ///   var body: some View {
    ///     TextField("Email", text: agent.binding(for: .email))
    ///     if let error = agent.errors[.email] { Text(error).foregroundStyle(.red) }
    ///     Button("Sign up") { agent.send(.submit) }.disabled(!agent.isValid)
    ///   }
    /// }
    /// ```
    ///
    /// - Parameter field: The form's field.
    /// - Returns: The binding.
    public func binding<Field>(for field: Field) -> Binding<String>
    where Context == FormContext<Field>, Effect == FormEffect<Field> {
      Binding(
        get: { MainActor.assumeIsolated { self[dynamicMember: \.values][field, default: ""] } },
        set: { value in MainActor.assumeIsolated { self.apply(.setValue(field, value)) } })
    }
  }
#endif
