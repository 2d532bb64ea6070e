import AgentSkill

/// A form's fields, their synchronous rules and asynchronous checks — and
/// the reducer that keeps a ``FormContext`` validated.
///
/// ```swift
/// // enum SignUpField: String, Hashable, Sendable, Codable { case email, password, confirmation }
/// let schema = FormSchema<SignUpField>()
///   .rules(.email, .required("Enter your email"), .email("That doesn't look like an email"))
///   .check(.email, debounce: .milliseconds(500)) { email in
///     try await api.isEmailAvailable(email) ? nil : "This email is already registered"
///   }
///   .rules(.password, .required("Choose a password"), .minLength(8, "Use at least 8 characters"))
///   .rules(.confirmation, .matches(.password, "The passwords don't match"))
///
/// let agent = FormAgent(schema: schema) { values in try await api.signUp(values) }
/// ```
///
/// Synchronous rules run in the reducer, on every edit, over every field —
/// so editing the password at once updates the confirmation's error, and no
/// stale value is ever validated. A field's asynchronous check is scheduled
/// (as a ``FormIntent/check(_:)`` follow-up) when its value passes its rules;
/// its result only counts while the value is unchanged.
public struct FormSchema<Field: Hashable & Sendable>: Sendable {
  /// The fields with rules or checks, in the order they were declared.
  public private(set) var fields: [Field] = []
  private var rules: [Field: [FieldRule<Field>]] = [:]
  private var checks: [Field: AsyncFieldCheck] = [:]

  /// Creates an empty schema; add fields with ``rules(_:_:)`` and ``check(_:debounce:_:)``.
  public init() {}

  /// This schema with `rules` added to `field`, checked in order (the first
  /// failing rule's message is shown).
  ///
  /// - Parameters:
  ///   - field: The field.
  ///   - rules: Its rules.
  /// - Returns: The extended schema.
  public func rules(_ field: Field, _ rules: FieldRule<Field>...) -> FormSchema {
    var copy = self
    copy.declare(field)
    copy.rules[field, default: []].append(contentsOf: rules)
    return copy
  }

  /// This schema with an asynchronous check on `field`, run `debounce`
  /// after the last edit once the value passes the field's rules; it
  /// replaces an earlier check of the field.
  ///
  /// - Parameters:
  ///   - field: The field.
  ///   - debounce: How long the value must stay unchanged first. Defaults to 500 ms.
  ///   - check: Returns the error message for a value, or `nil`; throws when
  ///     it cannot tell (the field is then unverified, which does not block submitting).
  /// - Returns: The extended schema.
  public func check(
    _ field: Field, debounce: Duration = .milliseconds(500),
    _ check: @escaping @Sendable (String) async throws -> String?
  ) -> FormSchema {
    var copy = self
    copy.declare(field)
    copy.checks[field] = AsyncFieldCheck(debounce: debounce, check)
    return copy
  }

  /// The asynchronous check of `field`, if it has one.
  ///
  /// - Parameter field: The field.
  /// - Returns: Its check.
  func asyncCheck(for field: Field) -> AsyncFieldCheck? {
    checks[field]
  }

  /// The message of the first rule of `field` that `values` fails, or `nil`.
  ///
  /// - Parameters:
  ///   - field: The field.
  ///   - values: Every field's value.
  /// - Returns: The message, or `nil`.
  func syncError(for field: Field, in values: [Field: String]) -> String? {
    guard let fieldRules = rules[field] else { return nil }
    let value = values[field, default: ""]
    for rule in fieldRules {
      if let message = rule.error(for: value, in: values) { return message }
    }
    return nil
  }

  /// A context holding `values`, with ``FormContext/isValid`` computed.
  ///
  /// - Parameter values: The initial values. Defaults to none.
  /// - Returns: The context.
  public func makeContext(values: [Field: String] = [:]) -> FormContext<Field> {
    var context = FormContext<Field>(values: values)
    revalidate(&context)
    return context
  }

  /// Applies `effect` to `context`; pass it as the agent's `reduce`.
  ///
  /// - Parameters:
  ///   - context: The form's context.
  ///   - effect: The effect to apply.
  /// - Returns: ``FormIntent/check(_:)`` when an edited value passes its
  ///   rules and has an asynchronous check, ``FormIntent/cancelCheck(_:)``
  ///   when a pending check no longer applies; otherwise nothing.
  public func reduce(_ context: inout FormContext<Field>, _ effect: FormEffect<Field>) -> [FormIntent<Field>] {
    var followUps: [FormIntent<Field>] = []
    switch effect {
    case .setValue(let field, let value):
      context.values[field] = value
      context.touched.insert(field)
      if context.submission != .submitting, context.submission != .validating { context.submission = .idle }
      if checks[field] != nil {
        let needsCheck =
          !value.isEmpty && syncError(for: field, in: context.values) == nil
          && context.checkResults[field]?.value != value
        if needsCheck {
          context.checking.insert(field)
          followUps.append(.check(field))
        } else if context.checking.remove(field) != nil {
          followUps.append(.cancelCheck(field))
        }
      }
    case .checkFinished(let field, let result):
      guard context.values[field, default: ""] == result.value else { return [] }
      context.checkResults[field] = result
      context.checking.remove(field)
    case .touchAll:
      context.touched.formUnion(fields)
    case .setSubmission(let submission):
      context.submission = submission
      return []
    case .reset:
      context = FormContext()
    }
    revalidate(&context)
    return followUps
  }

  /// Recomputes the shown errors, the unverified fields and the validity.
  func revalidate(_ context: inout FormContext<Field>) {
    var errors: [Field: String] = [:]
    var unverified: Set<Field> = []
    var isValid = true
    for field in fields {
      var message = syncError(for: field, in: context.values)
      if message == nil, let result = context.checkResults[field], result.value == context.values[field, default: ""] {
        switch result.outcome {
        case .passed: break
        case .failed(let text): message = text
        case .unavailable: unverified.insert(field)
        }
      }
      guard let message else { continue }
      isValid = false
      if context.touched.contains(field) { errors[field] = message }
    }
    context.errors = errors
    context.unverified = unverified
    context.isValid = isValid
  }

  /// The error of `field` for `values`, counting a known check result.
  func knownError(for field: Field, in values: [Field: String], results: [Field: FieldCheckResult]) -> String? {
    if let message = syncError(for: field, in: values) { return message }
    guard let result = results[field], result.value == values[field, default: ""],
      case .failed(let text) = result.outcome
    else { return nil }
    return text
  }

  private mutating func declare(_ field: Field) {
    if !fields.contains(field) { fields.append(field) }
  }
}
