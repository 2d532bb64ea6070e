import AgentSkill

/// A page request that failed after every attempt its policy allowed.
struct PageFetchFailure: Error {
  /// How many attempts were made.
  let attempts: Int
  /// The error of the last attempt.
  let underlying: any Error
}

/// Fetches one page through ``/AgentSkill/Skill/retry(_:)``, so retries wait on the agent's
/// clock with the policy's backoff and are logged with the run's tag; each
/// request carries its attempt number (``/AgentSkill/SkillContext/attempt``).
///
/// - Parameters:
///   - request: The first attempt's request; later attempts get their number.
///   - policy: How to retry.
///   - emit: The run's sink, for its skill context.
///   - fetch: The data source.
///   - onRetry: Called before every attempt after the first.
/// - Returns: The page.
/// - Throws: `CancellationError` when the run is cancelled, otherwise ``PageFetchFailure``.
func fetchPage<Item: Sendable, Effect: Sendable>(
  _ request: PageRequest, policy: RetryPolicy, emit: EffectSink<Effect>,
  fetch: @escaping @Sendable (PageRequest) async throws -> Page<Item>,
  onRetry: @escaping @Sendable () -> Void
) async throws -> Page<Item> {
  let attempt = ClosureSkill<PageRequest, Page<Item>>("fetch") { request, context in
    if context.attempt > 1 { onRetry() }
    var numbered = request
    numbered.attempt = context.attempt
    return try await fetch(numbered)
  }
  do {
    return try await attempt.retry(policy).run(request, context: emit.skillContext)
  } catch {
    if isCancellation(error) { throw CancellationError() }
    let exhausted = error as? RetryExhaustedError
    throw PageFetchFailure(attempts: exhausted?.attempts ?? 1, underlying: exhausted?.underlying ?? error)
  }
}

extension ListError {
  /// The error of a page request that failed.
  init(operation: ListOperation, message: String, failure: PageFetchFailure) {
    self.init(
      operation: operation, message: message, attempts: failure.attempts, detail: describe(failure.underlying))
  }
}
