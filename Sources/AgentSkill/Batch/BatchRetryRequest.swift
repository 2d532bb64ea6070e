/// Which items of an earlier batch to run again: the input of
/// ``BatchSkill/retryingFailures()``.
///
/// ```swift
/// let result = try await BatchSkill(UploadPhotoSkill(), failurePolicy: .returnPartialResult).run(photos)
/// retry.perform(.failedItems(of: result))              // every failed item
/// retry.perform(.failedItems([3], of: result))         // the row the user tapped
/// ```
///
/// Only failed items are run again; succeeded items keep their outputs.
public struct BatchRetryRequest<Input: Sendable, Output: Sendable>: Sendable {
  /// The earlier batch's record.
  package let previous: BatchResult<Input, Output>
  /// The positions to run again: failed items of ``previous``, in input order.
  package let indices: [Int]

  private init(previous: BatchResult<Input, Output>, indices: [Int]) {
    self.previous = previous
    self.indices = indices
  }

  /// Runs every failed item of `result` again.
  ///
  /// - Parameter result: The earlier batch's record.
  /// - Returns: The request.
  public static func failedItems(of result: BatchResult<Input, Output>) -> BatchRetryRequest {
    BatchRetryRequest(previous: result, indices: result.failedIndices)
  }

  /// Runs the failed items of `result` at `indices` again; positions that
  /// succeeded or are out of range are left out.
  ///
  /// - Parameters:
  ///   - indices: Positions of items to run again.
  ///   - result: The earlier batch's record.
  /// - Returns: The request.
  public static func failedItems(_ indices: some Sequence<Int>, of result: BatchResult<Input, Output>)
    -> BatchRetryRequest
  {
    let wanted = Set(indices)
    return BatchRetryRequest(previous: result, indices: result.failedIndices.filter(wanted.contains))
  }
}
