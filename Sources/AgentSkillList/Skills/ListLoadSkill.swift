import AgentSkill

/// Loads the first page of a list for ``ListIntent/load``,
/// ``ListIntent/refresh`` and ``ListIntent/retry``, retrying failures with
/// backoff on the agent's clock before showing the fallback prompt (for
/// example: retry three times, then ask the user to check the network).
///
/// ```swift
/// ListLoadSkill<Message>(
///   retry: RetryPolicy(maxAttempts: 3, initialDelay: .seconds(1)),
///   strings: .simplifiedChinese
/// ) { request in
///   try await api.messages(page: request.cursor?.pageNumber ?? 1)
/// }
/// ```
///
/// A run emits:
/// 1. ``ListEffect/setLoading(_:)`` with ``ListStrings/loading`` (or
///    ``ListStrings/refreshing`` for a refresh);
/// 2. before each retry, ``ListEffect/setLoading(_:)`` with
///    ``ListStrings/retrying`` (when set);
/// 3. ``ListEffect/replaceItems(_:nextPage:)`` with the page, or
///    ``ListEffect/setEmpty(_:)`` when the page is empty and the last one,
///    or — once every attempt failed — ``ListEffect/setFailure(_:)`` with
///    ``ListStrings/failure`` and the attempt count.
///
/// The reducer then prefetches the second page when there is one. A new
/// load, refresh or retry cancels the one in flight, and any page loading;
/// errors the policy does not retry (``/AgentSkill/RetryableError``) fail at once.
public struct ListLoadSkill<Item: Identifiable & Sendable>: IntentSkill where Item.ID: Sendable {
  /// The skill's rank: lower runs first. Defaults to 100, after a cache.
  public let priority: Int
  /// How failed requests are retried.
  package let retry: RetryPolicy
  /// The hints and messages shown.
  package let strings: ListStrings
  private let fetch: @Sendable (PageRequest) async throws -> Page<Item>

  /// Creates the skill.
  ///
  /// - Parameters:
  ///   - priority: The skill's rank: lower runs first. Defaults to 100.
  ///   - retry: How failed requests are retried. Defaults to 3 attempts in
  ///     all, waiting 1 s then 2 s (less up to 20 % jitter).
  ///   - strings: The hints and messages. Defaults to ``ListStrings/english``.
  ///   - fetch: Returns the requested page; the request's cursor is `nil`
  ///     for the first page. Throw to fail the attempt.
  public init(
    priority: Int = 100,
    retry: RetryPolicy = RetryPolicy(),
    strings: ListStrings = .english,
    fetch: @escaping @Sendable (PageRequest) async throws -> Page<Item>
  ) {
    self.priority = priority
    self.retry = retry
    self.strings = strings
    self.fetch = fetch
  }

  /// Whether `intent` is ``ListIntent/load``, ``ListIntent/refresh`` or ``ListIntent/retry``.
  ///
  /// - Parameter intent: The intent to route.
  /// - Returns: `true` for the three loading intents.
  public func canHandle(_ intent: ListIntent<Item>) -> Bool {
    switch intent {
    case .load, .refresh, .retry: true
    default: false
    }
  }

  /// Cancel the previous load, and any page loading, then start.
  ///
  /// - Parameter intent: The intent about to run.
  /// - Returns: ``/AgentSkill/IntentPolicy/cancelPrevious`` in `IntentLane.listPages`.
  public func policy(for intent: ListIntent<Item>) -> IntentPolicy {
    IntentPolicy(.cancelPrevious, lane: .listPages)
  }

  /// Loads the first page, retrying as the policy says.
  ///
  /// - Parameters:
  ///   - intent: ``ListIntent/load``, ``ListIntent/refresh`` or ``ListIntent/retry``.
  ///   - context: The list when the run started.
  ///   - emit: Delivers the effects.
  /// - Returns: ``/AgentSkill/Handling/handled``.
  /// - Throws: `CancellationError` when the run is cancelled; failures become effects.
  public func handle(
    _ intent: ListIntent<Item>, context: ListContext<Item>, emit: EffectSink<ListEffect<Item>>
  ) async throws -> Handling {
    let reason: PageRequest.Reason
    let operation: ListOperation
    switch intent {
    case .refresh: (reason, operation) = (.refresh, .refresh)
    case .retry: (reason, operation) = (.retry, .load)
    default: (reason, operation) = (.load, .load)
    }
    emit(.setLoading(reason == .refresh ? strings.refreshing : strings.loading))
    let retrying = strings.retrying
    let page: Page<Item>
    do {
      page = try await fetchPage(
        PageRequest(cursor: nil, reason: reason), policy: retry, emit: emit, fetch: fetch,
        onRetry: { if let retrying { emit(.setLoading(retrying)) } })
    } catch let failure as PageFetchFailure {
      let error = ListError(operation: operation, message: strings.failure, failure: failure)
      emit.logger.warning("\(error)")
      emit(.setFailure(error))
      return .handled
    }
    if page.items.isEmpty, page.next == nil {
      emit(.setEmpty(strings.empty))
    } else {
      emit(.replaceItems(page.items, nextPage: page.next))
    }
    return .handled
  }
}
