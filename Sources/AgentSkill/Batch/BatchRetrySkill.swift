/// Runs the failed items of an earlier batch again and returns the merged
/// record. Built with ``BatchSkill/retryingFailures()``.
///
/// ```swift
/// guard let failure = upload.status.error as? BatchFailedError<Photo, URL> else { return }
/// let retry = SkillRunner(uploadPhotos.retryingFailures())
/// retry.perform(.failedItems(of: failure.result))       // all failed items
/// retry.perform(.failedItems([2], of: failure.result))  // one row
/// ```
///
/// - Items that succeeded before keep their outputs and are not run again;
///   the merged result has every item in input order.
/// - Progress, concurrency, per-item events, cancellation and the failure
///   policy are the batch's; progress counts only the items being retried.
/// - Limits are not checked again: the items were accepted the first time.
/// - A request with nothing to retry returns the earlier result unchanged
///   (it still throws ``BatchFailedError`` when that result has failures and
///   the policy is ``BatchFailurePolicy/throwIfAnyFails``).
public struct BatchRetrySkill<Item: Skill>: Skill {
  /// The batch whose failed items are retried.
  package let batch: BatchSkill<Item>

  /// Creates the retrying skill; prefer ``BatchSkill/retryingFailures()``.
  ///
  /// - Parameter batch: The batch whose failed items are retried.
  public init(batch: BatchSkill<Item>) {
    self.batch = batch
  }

  /// `Batch(…)` with the item skill's name, like the batch itself.
  public var name: String { batch.name }

  /// Runs the requested failed items again and merges their outcomes into the earlier result.
  ///
  /// - Parameters:
  ///   - request: The earlier result and which of its failed items to run again.
  ///   - context: The run's context.
  /// - Returns: The merged result, in input order.
  /// - Throws: ``BatchFailedError`` when an item still failed (with
  ///   ``BatchFailurePolicy/throwIfAnyFails``), or `CancellationError`.
  public func run(
    _ request: BatchRetryRequest<Item.Input, Item.Output>,
    context: SkillContext
  ) async throws -> BatchResult<Item.Input, Item.Output> {
    let items = request.previous.items
    let work = request.indices.compactMap { index in
      items.indices.contains(index) ? (index: index, input: items[index].input) : nil
    }
    context.logger.info("retrying \(work.count) of \(items.count) items")
    let outcomes = try await batch.execution.run(work, context: context)
    return try batch.finish(request.previous.replacingOutcomes(outcomes), context: context)
  }
}
