import AgentSkill

/// An asynchronous check of one form field, such as "is this email still
/// available?", run once the user stopped typing for its debounce interval.
///
/// ```swift
/// let schema = FormSchema<SignUpField>().check(.email, debounce: .milliseconds(500)) { email in
///   try await api.isEmailAvailable(email) ? nil : "This email is already registered"
/// }
/// ```
///
/// The check returns the error message, or `nil` when the value is fine. When
/// it throws — the network is down — the field is only marked unverified:
/// a failed check never blocks submitting the form.
public struct AsyncFieldCheck: Sendable {
  /// How long the value must stay unchanged before the check runs.
  package let debounce: Duration
  private let body: @Sendable (String) async throws -> String?

  /// Creates a check.
  ///
  /// - Parameters:
  ///   - debounce: How long the value must stay unchanged before the check
  ///     runs, on the agent's clock. Negative values count as zero.
  ///   - check: Returns the error message for a value, or `nil`; throws when
  ///     it cannot tell.
  public init(debounce: Duration, _ check: @escaping @Sendable (String) async throws -> String?) {
    self.debounce = max(debounce, .zero)
    self.body = check
  }

  /// Runs the check on `value`.
  ///
  /// - Parameter value: The field's value.
  /// - Returns: The error message, or `nil`.
  /// - Throws: What the check throws.
  public func run(_ value: String) async throws -> String? {
    try await body(value)
  }
}
