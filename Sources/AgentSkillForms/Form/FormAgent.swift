import AgentSkill

/// An ``/AgentSkill/Agent`` running a form: a ``FormContext``, ``FormIntent``s and ``FormEffect``s.
///
/// ```swift
/// struct SignUpView: View {
///   static let schema = FormSchema<SignUpField>().rules(.email, .required("Enter your email"))
///   @State private var agent = FormAgent(schema: Self.schema) { values in try await api.signUp(values) }
///   var body: some View {
///     Button("Sign up") { agent.send(.submit) }.disabled(!agent.isValid)
///   }
/// }
/// ```
public typealias FormAgent<Field: Hashable & Sendable> = Agent<FormContext<Field>, FormIntent<Field>, FormEffect<Field>>

extension Agent {
  /// Creates an agent running a form: the schema's reducer validates every
  /// edit, and a ``FormValidationSkill`` debounces the checks and submits.
  ///
  /// - Parameters:
  ///   - schema: The fields, rules and checks.
  ///   - values: The initial values. Defaults to none.
  ///   - submitFailureMessage: The message recorded when `submit` throws. Defaults to the
  ///     catalog's `form.submitFailure` in the current locale.
  ///   - name: The agent's name for logs and the timeline. Defaults to `FormAgent`.
  ///   - environment: Clock, dependencies, monitor and log sink.
  ///   - timeline: How the timeline records. Defaults to ``/AgentSkill/AgentTimelineOptions/automatic``:
  ///     recording in debug builds, off in release builds.
  ///   - submit: Sends the values once every field is valid.
  public convenience init<Field>(
    schema: FormSchema<Field>,
    values: [Field: String] = [:],
    submitFailureMessage: String = AgentSkillLocalization.string("form.submitFailure"),
    name: String = "FormAgent",
    environment: SkillEnvironment = SkillEnvironment(),
    timeline: AgentTimelineOptions = .automatic,
    submit: @escaping @Sendable ([Field: String]) async throws -> Void
  ) where Context == FormContext<Field>, Intent == FormIntent<Field>, Effect == FormEffect<Field> {
    self.init(
      context: schema.makeContext(values: values),
      skills: [FormValidationSkill(schema: schema, submitFailureMessage: submitFailureMessage, submit: submit)],
      reduce: schema.reduce,
      name: name,
      environment: environment,
      timeline: timeline)
  }
}
