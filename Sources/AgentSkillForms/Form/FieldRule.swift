import AgentSkill
import Foundation

/// A synchronous check of one form field: returns the error message to show,
/// or `nil` when the value is fine. Rules may read the other fields
/// (a confirmation must match the password).
///
/// ```swift
/// let schema = FormSchema<SignUpField>()
///   .rules(.email, .required("Enter your email"), .email("That doesn't look like an email"))
///   .rules(.password, .required("Choose a password"), .minLength(8, "Use at least 8 characters"))
///   .rules(.confirmation, .matches(.password, "The passwords don't match"))
///   .rules(.nickname, FieldRule { value, _ in value.contains(" ") ? "No spaces, please" : nil })
/// ```
///
/// Every built-in rule except ``required(_:)`` accepts an empty value, so an
/// empty optional field shows no error; add ``required(_:)`` where a value
/// is needed.
public struct FieldRule<Field: Hashable & Sendable>: Sendable {
  private let validate: @Sendable (String, [Field: String]) -> String?

  /// Creates a rule from a closure.
  ///
  /// - Parameter validate: Given the field's value and every field's value,
  ///   returns the error message, or `nil` when the value is fine.
  public init(_ validate: @escaping @Sendable (_ value: String, _ values: [Field: String]) -> String?) {
    self.validate = validate
  }

  /// The error message for `value`, or `nil` when it passes.
  ///
  /// - Parameters:
  ///   - value: The field's value.
  ///   - values: Every field's value.
  /// - Returns: The message, or `nil`.
  public func error(for value: String, in values: [Field: String]) -> String? {
    validate(value, values)
  }

  /// Fails when the value is empty or only whitespace.
  ///
  /// - Parameter message: The error message.
  /// - Returns: The rule.
  public static func required(_ message: String) -> FieldRule {
    FieldRule { value, _ in value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? message : nil }
  }

  /// Fails when a non-empty value has fewer than `count` characters.
  ///
  /// - Parameters:
  ///   - count: The fewest characters allowed.
  ///   - message: The error message.
  /// - Returns: The rule.
  public static func minLength(_ count: Int, _ message: String) -> FieldRule {
    FieldRule { value, _ in !value.isEmpty && value.count < count ? message : nil }
  }

  /// Fails when the value has more than `count` characters.
  ///
  /// - Parameters:
  ///   - count: The most characters allowed.
  ///   - message: The error message.
  /// - Returns: The rule.
  public static func maxLength(_ count: Int, _ message: String) -> FieldRule {
    FieldRule { value, _ in value.count > count ? message : nil }
  }

  /// Fails when a non-empty value is not shaped like an email address: one
  /// `@` with text before it, a domain with a dot inside it, no whitespace.
  ///
  /// - Parameter message: The error message.
  /// - Returns: The rule.
  public static func email(_ message: String) -> FieldRule {
    FieldRule { value, _ in value.isEmpty || looksLikeEmail(value) ? nil : message }
  }

  /// Fails when a non-empty value differs from the value of `other`.
  ///
  /// - Parameters:
  ///   - other: The field this one must equal (a password, for its confirmation).
  ///   - message: The error message.
  /// - Returns: The rule.
  public static func matches(_ other: Field, _ message: String) -> FieldRule {
    FieldRule { value, values in !value.isEmpty && value != values[other, default: ""] ? message : nil }
  }

  /// Fails when a non-empty value does not satisfy `isValid`.
  ///
  /// - Parameters:
  ///   - message: The error message.
  ///   - isValid: Whether a value is acceptable.
  /// - Returns: The rule.
  public static func predicate(_ message: String, _ isValid: @escaping @Sendable (String) -> Bool) -> FieldRule {
    FieldRule { value, _ in value.isEmpty || isValid(value) ? nil : message }
  }

  private static func looksLikeEmail(_ value: String) -> Bool {
    guard !value.contains(where: \.isWhitespace) else { return false }
    let parts = value.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, let local = parts.first, let domain = parts.last, !local.isEmpty else { return false }
    let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
    return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
  }
}
