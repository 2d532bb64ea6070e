import AgentSkill

/// Loads the next page for ``ListIntent/loadMore`` and appends it.
///
/// ```swift
/// List(agent.context.items) { message in
///   MessageRow(message: message)
///     .onAppear { if message.id == agent.context.items.last?.id { agent.send(.loadMore) } }
/// }
/// ```
///
/// To load pages ahead whether or not the user scrolls, let the reducer send
/// ``ListIntent/loadMore`` after each page (``ListReducer/reducer(prefetchPages:)``).
///
/// - Without a next page (``ListContext/nextPage`` is `nil`), the intent does nothing.
/// - A page is never requested twice: ``ListIntent/loadMore`` is dropped
///   while a page, or the first page, is loading; a load, refresh or retry
///   cancels a page in flight (its late result is discarded).
/// - A run emits ``ListEffect/setLoadingMore(_:)`` `true`, then
///   ``ListEffect/appendPage(_:nextPage:)`` — or, once every attempt
///   failed, ``ListEffect/loadMoreFailed(_:)`` with
///   ``ListStrings/loadMoreFailure``; the items already shown stay.
public struct ListPaginationSkill<Item: Identifiable & Sendable>: IntentSkill where Item.ID: Sendable {
  /// The skill's rank: lower runs first. Defaults to 100.
  public let priority: Int
  /// How failed requests are retried.
  package let retry: RetryPolicy
  /// The messages shown.
  package let strings: ListStrings
  private let fetch: @Sendable (PageRequest) async throws -> Page<Item>

  /// Creates the skill.
  ///
  /// - Parameters:
  ///   - priority: The skill's rank: lower runs first. Defaults to 100.
  ///   - retry: How failed requests are retried. Defaults to 3 attempts in
  ///     all, waiting 1 s then 2 s (less up to 20 % jitter).
  ///   - strings: The messages. Defaults to ``ListStrings/english``.
  ///   - fetch: Returns the page starting at the request's cursor.
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

  /// Whether `intent` is ``ListIntent/loadMore``.
  ///
  /// - Parameter intent: The intent to route.
  /// - Returns: `true` for ``ListIntent/loadMore``.
  public func canHandle(_ intent: ListIntent<Item>) -> Bool {
    if case .loadMore = intent { return true }
    return false
  }

  /// Drop the intent while any page of the list is loading.
  ///
  /// - Parameter intent: The intent about to run.
  /// - Returns: ``/AgentSkill/IntentPolicy/dropWhileRunning`` in `IntentLane.listPages`.
  public func policy(for intent: ListIntent<Item>) -> IntentPolicy {
    IntentPolicy(.dropWhileRunning, lane: .listPages)
  }

  /// Loads and appends the next page, if there is one.
  ///
  /// - Parameters:
  ///   - intent: ``ListIntent/loadMore``.
  ///   - context: The list when the run started; its ``ListContext/nextPage`` is loaded.
  ///   - emit: Delivers the effects.
  /// - Returns: ``/AgentSkill/Handling/handled``.
  /// - Throws: `CancellationError` when the run is cancelled; failures become effects.
  public func handle(
    _ intent: ListIntent<Item>, context: ListContext<Item>, emit: EffectSink<ListEffect<Item>>
  ) async throws -> Handling {
    guard let cursor = context.nextPage else {
      emit.logger.debug("no next page")
      return .handled
    }
    emit(.setLoadingMore(true))
    let page: Page<Item>
    do {
      page = try await fetchPage(
        PageRequest(cursor: cursor, reason: .loadMore), policy: retry, emit: emit, fetch: fetch, onRetry: {})
    } catch let failure as PageFetchFailure {
      let error = ListError(operation: .loadMore, message: strings.loadMoreFailure, failure: failure)
      emit.logger.warning("\(error)")
      emit(.loadMoreFailed(error))
      return .handled
    }
    emit(.appendPage(page.items, nextPage: page.next))
    return .handled
  }
}
