import AgentSkill

/// What the list skills report; ``ListReducer`` applies each to the
/// ``ListContext``.
///
/// Custom skills on a list agent emit the same effects:
///
/// ```swift
/// struct SyncMessagesSkill: IntentSkill {
///   var priority: Int { 50 }
///
///   func canHandle(_ intent: ListIntent<Message>) -> Bool {
///     if case .refresh = intent { true } else { false }
///   }
///
///   func handle(_ intent: ListIntent<Message>, context: ListContext<Message>, emit: EffectSink<ListEffect<Message>>)
///     async throws -> Handling
///   {
///     emit(.setLoading("Syncing…"))
///     let items = try await api.messages(page: 1).items
///     emit(items.isEmpty ? .setEmpty("Nothing to sync") : .replaceItems(items, nextPage: nil))
///     return .handled
///   }
/// }
/// ```
public enum ListEffect<Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
  // MARK: Phase

  /// Show the loading hint. Also ends a page load in flight (the new load supersedes it).
  case setLoading(String)
  /// Show the content.
  case setLoaded
  /// Show the empty state: clears the items and pagination.
  case setEmpty(String)
  /// Show the failure: the phase becomes ``LoadPhase/failure(_:)`` with the
  /// error; the items stay.
  case setFailure(ListError)

  // MARK: Items

  /// Replace the items with a first page and where the next one starts.
  /// The phase becomes loaded, one page is loaded, and a page's failure is
  /// cleared.
  case replaceItems([Item], nextPage: PageCursor?)
  /// Append items after the last one; the phase becomes loaded.
  case appendItems([Item])
  /// Insert items before the first one; the phase becomes loaded.
  case prependItems([Item])
  /// Replace the item with the same identifier, if present.
  case updateItem(Item)
  /// Remove the items with these identifiers.
  case removeItems([Item.ID])

  // MARK: Pagination

  /// Mark the next page as loading or not.
  case setLoadingMore(Bool)
  /// Append the next page, skipping items already in the list, and record
  /// where the following page starts.
  case appendPage([Item], nextPage: PageCursor?)
  /// The next page failed: stop loading more and record the error in
  /// ``ListContext/loadMoreError``.
  case loadMoreFailed(ListError)
}

extension ListEffect: Equatable where Item: Equatable {}
extension ListEffect: Hashable where Item: Hashable {}
extension ListEffect: Codable where Item: Codable, Item.ID: Codable {}

extension ListEffect: TimelineSizeEstimating {
  /// The estimated heap bytes of the items, text and errors the effect
  /// carries (``/AgentSkill/TimelineSizeEstimate/heapBytes(of:)``), for the timeline's
  /// byte budget.
  public var estimatedHeapBytes: Int {
    switch self {
    case .setLoading(let text), .setEmpty(let text):
      TimelineSizeEstimate.heapBytes(of: text)
    case .setFailure(let error), .loadMoreFailed(let error):
      error.estimatedHeapBytes
    case .replaceItems(let items, let next), .appendPage(let items, let next):
      TimelineSizeEstimate.heapBytes(of: items) + TimelineSizeEstimate.heapBytes(of: next?.rawValue ?? "")
    case .appendItems(let items), .prependItems(let items):
      TimelineSizeEstimate.heapBytes(of: items)
    case .updateItem(let item):
      TimelineSizeEstimate.heapBytes(of: item)
    case .removeItems(let ids):
      TimelineSizeEstimate.heapBytes(of: ids)
    case .setLoaded, .setLoadingMore:
      0
    }
  }
}
