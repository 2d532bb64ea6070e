import Foundation

/// A step of a pipeline (``Skill/then(_:)``, ``PipelineSkill``) or a
/// sequence (``SequenceSkill``) failed, which stopped the remaining steps.
///
/// ```swift
/// let register = ValidateEmailSkill().then(SendVerificationCodeSkill()).then(VerifyCodeSkill())
///   .then(CreateAccountSkill())
/// do {
///   _ = try await register.run(form)
/// } catch let error as PipelineError {
///   print(error)   // step 3 (VerifyCodeSkill) failed: the code has expired
///   if error.stepName == "VerifyCodeSkill" { print("offer to send a new code") }
/// }
/// ```
///
/// Steps are numbered from 0 in ``index`` and from 1 in the message.
/// Cancellation is never wrapped: a cancelled pipeline throws
/// `CancellationError`.
public enum PipelineError: Error, CustomStringConvertible, LocalizedError, RetryableError {
  /// The step at `index` (0-based), named `name`, threw `underlying`.
  case stepFailed(index: Int, name: String, underlying: any Error)

  /// The 0-based position of the step that failed.
  public var index: Int {
    switch self {
    case .stepFailed(let index, _, _): index
    }
  }

  /// The name of the step that failed.
  public var stepName: String {
    switch self {
    case .stepFailed(_, let name, _): name
    }
  }

  /// The error the step threw.
  public var underlying: any Error {
    switch self {
    case .stepFailed(_, _, let underlying): underlying
    }
  }

  /// `step 2 (VerifyCodeSkill) failed: <the step's error>`.
  public var description: String {
    "step \(index + 1) (\(stepName)) failed: \(describe(underlying))"
  }

  /// The same text as ``description``.
  public var errorDescription: String? { description }

  /// Whether the failed step's error may be retried (see ``RetryableError``).
  public var isRetryable: Bool { RetryPolicy.defaultShouldRetry(underlying) }
}
