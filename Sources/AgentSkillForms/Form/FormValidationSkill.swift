import AgentSkill

/// Runs a form: stores edits, debounces each field's
/// asynchronous check on the agent's clock, and submits once nothing is
/// wrong. Synchronous rules run in the schema's reducer.
///
/// ```swift
/// let schema = FormSchema<SignUpField>().rules(.email, .required("Enter your email"))
/// let agent = Agent(
///   context: schema.makeContext(),
///   skills: [FormValidationSkill(schema: schema) { values in try await api.signUp(values) }],
///   reduce: schema.reduce)
/// ```
///
/// (``FormAgent`` wires the same for you.)
///
/// - Edits are applied synchronously through the agent's reducer
///   (``FormEffect/setValue(_:_:)``, which a field's binding applies); the
///   reducer sends ``FormIntent/check(_:)`` when the value needs its check.
/// - ``FormIntent/check(_:)`` waits the check's debounce, then runs it; a
///   newer check of the same field (the user typed again) cancels the
///   waiting or running one, so only the last value is checked. Checks of
///   different fields run independently.
/// - A check that throws (the network is down) marks the field unverified
///   and logs a warning; it never blocks submitting.
/// - ``FormIntent/submit`` shows every field's errors, runs at once the
///   checks whose result for the current value is not known yet, and — when
///   no field has an error — calls `submit` with the values.
public struct FormValidationSkill<Field: Hashable & Sendable>: IntentSkill {
  /// The skill's rank: lower runs first. Defaults to 100.
  public let priority: Int
  /// The fields, rules and checks.
  package let schema: FormSchema<Field>
  /// The message recorded when `submit` throws.
  package let submitFailureMessage: String
  private let submit: @Sendable ([Field: String]) async throws -> Void

  /// Creates the skill.
  ///
  /// - Parameters:
  ///   - schema: The fields, rules and checks.
  ///   - priority: The skill's rank: lower runs first. Defaults to 100.
  ///   - submitFailureMessage: The message recorded when `submit` throws.
  ///     Defaults to the catalog's `form.submitFailure` in the current locale
  ///     (`"Couldn't submit the form. Try again."`, `"表单提交失败，请重试"`).
  ///   - submit: Sends the values once every field is valid.
  public init(
    schema: FormSchema<Field>,
    priority: Int = 100,
    submitFailureMessage: String = AgentSkillLocalization.string("form.submitFailure"),
    submit: @escaping @Sendable ([Field: String]) async throws -> Void
  ) {
    self.schema = schema
    self.priority = priority
    self.submitFailureMessage = submitFailureMessage
    self.submit = submit
  }

  /// Every ``FormIntent``.
  ///
  /// - Parameter intent: The intent to route.
  /// - Returns: `true`.
  public func canHandle(_ intent: FormIntent<Field>) -> Bool { true }

  /// A reset applies in order; a field's check replaces the previous one; a
  /// submit is ignored while another runs.
  ///
  /// - Parameter intent: The intent about to run.
  /// - Returns: The intent's policy.
  public func policy(for intent: FormIntent<Field>) -> IntentPolicy {
    switch intent {
    case .reset: IntentPolicy(.enqueue, lane: .custom("AgentSkill.Form.edits"))
    case .check(let field), .cancelCheck(let field):
      IntentPolicy(.cancelPrevious, lane: .custom(AgentTaskID(FormCheckLane(field: field))))
    case .submit: .dropWhileRunning
    }
  }

  /// Runs a debounced check, submits, or resets.
  ///
  /// - Parameters:
  ///   - intent: The intent.
  ///   - context: The form when the run started.
  ///   - emit: Delivers the effects.
  /// - Returns: ``/AgentSkill/Handling/handled``.
  /// - Throws: `CancellationError` when the run is cancelled; failures become effects.
  public func handle(
    _ intent: FormIntent<Field>, context: FormContext<Field>, emit: EffectSink<FormEffect<Field>>
  ) async throws -> Handling {
    switch intent {
    case .check(let field):
      guard let check = schema.asyncCheck(for: field) else { return .handled }
      let value = context.value(of: field)
      try await emit.sleep(for: check.debounce)
      let result = try await run(check, field: field, value: value, emit: emit)
      emit(.checkFinished(field, result))
    case .cancelCheck:
      break  // The policy cancelled the field's pending check.
    case .submit:
      try await submitForm(context, emit: emit)
    case .reset:
      emit(.reset)
    }
    return .handled
  }

  private func submitForm(_ context: FormContext<Field>, emit: EffectSink<FormEffect<Field>>) async throws {
    emit(contentsOf: [.touchAll, .setSubmission(.validating)])
    let values = context.values
    if schema.fields.contains(where: { schema.syncError(for: $0, in: values) != nil }) {
      emit(.setSubmission(.invalid))
      return
    }
    // Checks whose result for the current value is unknown run now, together.
    let unchecked = schema.fields.filter { field in
      let value = values[field, default: ""]
      return schema.asyncCheck(for: field) != nil && !value.isEmpty && context.checkResults[field]?.value != value
    }
    var results = context.checkResults
    if !unchecked.isEmpty {
      let fresh = try await withThrowingTaskGroup(of: (Field, FieldCheckResult).self) { group in
        for field in unchecked {
          guard let check = schema.asyncCheck(for: field) else { continue }
          let value = values[field, default: ""]
          group.addTask { (field, try await run(check, field: field, value: value, emit: emit)) }
        }
        var fresh: [(Field, FieldCheckResult)] = []
        for try await entry in group { fresh.append(entry) }
        return fresh
      }
      for (field, result) in fresh { results[field] = result }
      let ordered = unchecked.compactMap { field in results[field].map { FormEffect.checkFinished(field, $0) } }
      emit(contentsOf: ordered)
    }
    if schema.fields.contains(where: { schema.knownError(for: $0, in: values, results: results) != nil }) {
      emit(.setSubmission(.invalid))
      return
    }
    emit(.setSubmission(.submitting))
    do {
      try await submit(values)
    } catch {
      if isCancellation(error) { throw CancellationError() }
      emit.logger.warning("submit failed: \(describe(error))")
      emit(.setSubmission(.failed(submitFailureMessage)))
      return
    }
    emit(.setSubmission(.succeeded))
  }

  /// Runs `check`; an error other than cancellation makes the result unavailable.
  private func run(
    _ check: AsyncFieldCheck, field: Field, value: String, emit: EffectSink<FormEffect<Field>>
  ) async throws -> FieldCheckResult {
    do {
      let message = try await check.run(value)
      return FieldCheckResult(value: value, outcome: message.map { .failed($0) } ?? .passed)
    } catch {
      if isCancellation(error) { throw CancellationError() }
      let reason = describe(error)
      emit.logger.warning("check of \(field) could not run: \(reason); not blocking")
      return FieldCheckResult(value: value, outcome: .unavailable(reason))
    }
  }
}

/// The lane of one field's asynchronous checks.
struct FormCheckLane<Field: Hashable & Sendable>: Hashable, Sendable {
  let field: Field
}
