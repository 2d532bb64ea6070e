import AgentSkill

/// The context of a form agent: the fields' values, the errors to show, the
/// asynchronous checks in flight and the submission's state.
///
/// ```swift
/// @MainActor func signUp(_ agent: FormAgent<SignUpField>) {
///   agent.apply(.setValue(.email, "ada@"))   // what a text field's binding does on each keystroke
///   print(agent.errors[.email] ?? "")         // "That doesn't look like an email", already
///   print(agent.checking)                     // fields whose asynchronous check is pending
///   agent.send(.submit)
/// }
/// ```
///
/// A SwiftUI form binds each field with `agent.binding(for:)` from
/// `AgentSkillUI`; the view keeps no copy of the text.
///
/// Only the reducer of a ``FormSchema`` changes it.
public struct FormContext<Field: Hashable & Sendable>: Sendable {
  /// Every field's value; a missing field is empty.
  public var values: [Field: String]
  /// The error to show under each field the user has edited (or every
  /// field, once submit was pressed): the first failing rule's message, or
  /// the asynchronous check's.
  public var errors: [Field: String]
  /// The fields the user has edited.
  public var touched: Set<Field>
  /// The fields whose asynchronous check is waiting for its debounce or running.
  public var checking: Set<Field>
  /// The fields whose asynchronous check could not run for the current value
  /// (the network is down). They do not block submitting.
  public var unverified: Set<Field>
  /// The last asynchronous check result of each field.
  public var checkResults: [Field: FieldCheckResult]
  /// Whether no field has a known error, touched or not. Asynchronous checks
  /// still pending run when the form is submitted.
  public var isValid: Bool
  /// Where submitting stands.
  public var submission: FormSubmission

  /// Creates a context; pass it through ``FormSchema/makeContext(values:)``
  /// to compute ``isValid`` for the initial values.
  ///
  /// - Parameters:
  ///   - values: The initial values. Defaults to none.
  ///   - errors: The errors shown. Defaults to none.
  ///   - touched: The fields edited. Defaults to none.
  ///   - checking: The fields being checked. Defaults to none.
  ///   - unverified: The fields whose check could not run. Defaults to none.
  ///   - checkResults: The asynchronous check results. Defaults to none.
  ///   - isValid: Whether no field has a known error. Defaults to `false`.
  ///   - submission: Where submitting stands. Defaults to ``FormSubmission/idle``.
  public init(
    values: [Field: String] = [:],
    errors: [Field: String] = [:],
    touched: Set<Field> = [],
    checking: Set<Field> = [],
    unverified: Set<Field> = [],
    checkResults: [Field: FieldCheckResult] = [:],
    isValid: Bool = false,
    submission: FormSubmission = .idle
  ) {
    self.values = values
    self.errors = errors
    self.touched = touched
    self.checking = checking
    self.unverified = unverified
    self.checkResults = checkResults
    self.isValid = isValid
    self.submission = submission
  }

  /// The value of `field`, or an empty string.
  ///
  /// - Parameter field: The field.
  /// - Returns: Its value.
  public func value(of field: Field) -> String {
    values[field, default: ""]
  }
}

extension FormContext: Equatable {}
extension FormContext: Codable where Field: Codable {}
