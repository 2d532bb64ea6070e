/// Runs a per-item skill over a list of inputs — an image upload,
/// generalised: count limits, per-item work, aggregate progress, a per-item
/// record of successes and failures, and retry of the failed items only.
///
/// ```swift
/// struct PhotoUploadView: View {
///   static let uploadPhotos = BatchSkill(UploadPhotoSkill(), limits: BatchLimits(minimum: 1, maximum: 5))
///   let selectedPhotos: [Photo]
///   @State private var upload = SkillRunner(Self.uploadPhotos)
///   @State private var retry = SkillRunner(Self.uploadPhotos.retryingFailures())
///
///   var body: some View {
///     Button("Upload") { upload.perform(selectedPhotos) }
///     // after a partial failure:
///     if let failure = upload.status.error as? BatchFailedError<Photo, URL> {
///       Button("Retry \(failure.result.failed.count) photos") { retry.perform(.failedItems(of: failure.result)) }
///     }
///   }
/// }
/// ```
///
/// Semantics:
/// - **Limits** are checked before any work: too few or too many items throw
///   ``BatchLimitError`` with the configured message ("Select at most 5 items.").
/// - **Every item is attempted**, in input order (or up to
///   `maxConcurrentItems` at a time); one item failing does not stop the
///   others. The ``BatchResult`` records each item's output or error in input order.
/// - **How the batch ends** follows its ``BatchFailurePolicy``: by default
///   any failed item makes the batch throw ``BatchFailedError`` carrying the
///   whole result (any failure fails the upload); with
///   ``BatchFailurePolicy/returnPartialResult`` it returns the result.
/// - **Progress** is `(i + f) / n` while item `i` (from 0) reports `f` — with
///   concurrency, finished items plus the in-flight items' fractions, over
///   `n`. A failed item counts as done.
/// - **Cancellation** is checked before each item starts and reaches the
///   running items through their task. A cancelled batch ends promptly with
///   `CancellationError` (a runner shows `cancelled`) and returns no partial
///   result; use `onItemEvent` to record outcomes as they happen.
/// - Each item runs in a context named `UploadPhotoSkill[2]` (its position),
///   so logs and monitors tell items apart. A failed item is logged as a warning.
/// - To retry each item on its own before it counts as failed, wrap the item
///   skill: `BatchSkill(UploadPhotoSkill().retry(policy))`.
public struct BatchSkill<Item: Skill>: Skill {
  /// The skill run for each item.
  package let item: Item
  /// How many items the batch accepts.
  package let limits: BatchLimits
  /// The most items running at once; at least 1 (sequential).
  package let maxConcurrentItems: Int
  /// Whether failed items make the batch throw.
  package let failurePolicy: BatchFailurePolicy
  private let onItemEvent: (@Sendable (BatchItemEvent<Item.Input, Item.Output>) -> Void)?

  /// Creates a batch.
  ///
  /// - Parameters:
  ///   - item: The skill run for each item.
  ///   - limits: How many items the batch accepts. Defaults to at least 1, no maximum.
  ///   - maxConcurrentItems: The most items running at once. Defaults to 1
  ///     (one after another); values below 1 mean 1.
  ///   - failurePolicy: Whether failed items make the batch throw. Defaults
  ///     to ``BatchFailurePolicy/throwIfAnyFails``.
  ///   - onItemEvent: Receives each item's start, progress and outcome as it
  ///     happens, on the task running the item.
  public init(
    _ item: Item,
    limits: BatchLimits = BatchLimits(),
    maxConcurrentItems: Int = 1,
    failurePolicy: BatchFailurePolicy = .throwIfAnyFails,
    onItemEvent: (@Sendable (BatchItemEvent<Item.Input, Item.Output>) -> Void)? = nil
  ) {
    self.item = item
    self.limits = limits
    self.maxConcurrentItems = max(maxConcurrentItems, 1)
    self.failurePolicy = failurePolicy
    self.onItemEvent = onItemEvent
  }

  /// `Batch(…)` with the item skill's name, such as `Batch(UploadPhotoSkill)`.
  public var name: String { "Batch(\(item.name))" }

  /// Runs the item skill for every input.
  ///
  /// - Parameters:
  ///   - inputs: One input per item.
  ///   - context: The run's context.
  /// - Returns: Every item's outcome, in input order.
  /// - Throws: ``BatchLimitError`` for too few or too many items,
  ///   ``BatchFailedError`` when an item failed (with
  ///   ``BatchFailurePolicy/throwIfAnyFails``), or `CancellationError`.
  public func run(_ inputs: [Item.Input], context: SkillContext) async throws -> BatchResult<Item.Input, Item.Output> {
    try limits.validate(count: inputs.count)
    let work = inputs.enumerated().map { (index: $0.offset, input: $0.element) }
    let outcomes = try await execution.run(work, context: context)
    // `run` returns an outcome for every position or throws, so the fallback never applies.
    let result = BatchResult(
      inputs.enumerated().map { offset, input in
        (input: input, outcome: outcomes[offset] ?? .failed(CancellationError()))
      }
    )
    return try finish(result, context: context)
  }

  /// A skill that runs only the failed items of an earlier result again,
  /// with this batch's item skill, concurrency and failure policy, and
  /// returns the merged result.
  ///
  /// ```swift
  /// guard let failure = upload.status.error as? BatchFailedError<Photo, URL> else { return }
  /// let retry = SkillRunner(uploadPhotos.retryingFailures())
  /// retry.perform(.failedItems(of: failure.result))
  /// ```
  ///
  /// - Returns: The retrying skill.
  public func retryingFailures() -> BatchRetrySkill<Item> {
    BatchRetrySkill(batch: self)
  }

  var execution: BatchExecution<Item> {
    BatchExecution(item: item, maxConcurrentItems: maxConcurrentItems, onItemEvent: onItemEvent)
  }

  /// Logs the outcome and applies the failure policy.
  func finish(
    _ result: BatchResult<Item.Input, Item.Output>,
    context: SkillContext
  ) throws -> BatchResult<Item.Input, Item.Output> {
    let failures = result.failed.count
    guard failures > 0 else {
      context.logger.debug("all \(result.count) items succeeded")
      return result
    }
    context.logger.info("\(failures) of \(result.count) items failed")
    switch failurePolicy {
    case .throwIfAnyFails:
      throw BatchFailedError(skillName: item.name, result: result)
    case .returnPartialResult:
      return result
    }
  }
}
