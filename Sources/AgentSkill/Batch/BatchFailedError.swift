import Foundation

/// Some items of a batch failed (with ``BatchFailurePolicy/throwIfAnyFails``).
///
/// Carries the full ``result`` so the UI can show each item's outcome and
/// retry only the failed ones:
///
/// ```swift
/// if let failure = upload.status.error as? BatchFailedError<Photo, URL> {
///   let failedRows = Set(failure.result.failedIndices)   // mark these rows
///   retry.perform(.failedItems(of: failure.result))      // a runner of uploadPhotos.retryingFailures()
/// }
/// ```
public struct BatchFailedError<Input: Sendable, Output: Sendable>: Error, CustomStringConvertible, LocalizedError,
  RetryableError
{
  /// The name of the per-item skill.
  public let skillName: String
  /// Every item's outcome, in input order.
  public let result: BatchResult<Input, Output>

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - skillName: The name of the per-item skill.
  ///   - result: Every item's outcome.
  public init(skillName: String, result: BatchResult<Input, Output>) {
    self.skillName = skillName
    self.result = result
  }

  /// `2 of 5 items failed in UploadPhotoSkill (items 2, 4; first error: …).` with a hint.
  public var description: String {
    let failed = result.failed
    let numbers = failed.prefix(10).map { String($0.index + 1) }.joined(separator: ", ")
    let more = failed.count > 10 ? ", …" : ""
    let first = failed.first?.outcome.error.map(describe) ?? "none"
    let noun = failed.count == 1 ? "item" : "items"
    return "\(failed.count) of \(result.count) \(noun) failed in \(skillName) "
      + "(\(noun) \(numbers)\(more); first error: \(first)). "
      + "Retry only the failed items with retryingFailures()."
  }

  /// The same text as ``description``.
  public var errorDescription: String? { description }

  /// Whether running the batch again may help: `true` when at least one
  /// failed item's error is retryable by ``RetryPolicy/defaultShouldRetry(_:)``.
  public var isRetryable: Bool {
    result.failed.contains { $0.outcome.error.map(RetryPolicy.defaultShouldRetry) ?? false }
  }
}
