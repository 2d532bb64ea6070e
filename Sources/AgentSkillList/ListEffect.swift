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
  /// Show the empty state: clears the items (except unconfirmed sends, which
  /// keep the phase ``LoadPhase/loaded``), the error and pagination.
  case setEmpty(String)
  /// Show the failure: the phase carries the error's message; the items stay.
  case setFailure(ListError)
  /// Set or clear ``ListContext/error`` without changing the phase.
  case setError(ListError?)

  // MARK: Items

  /// Replace the items with a first page and where the next one starts.
  /// Unconfirmed sends stay, after the page. The phase becomes loaded, one
  /// page is loaded, and the error is cleared.
  case replaceItems([Item], nextPage: PageCursor?)
  /// Append items after the last one; the phase becomes loaded.
  case appendItems([Item])
  /// Insert items before the first one; the phase becomes loaded.
  case prependItems([Item])
  /// Replace the item with the same identifier, if present.
  case updateItem(Item)
  /// Remove the items with these identifiers (and their send states).
  case removeItems([Item.ID])

  // MARK: Pagination

  /// Mark the next page as loading or not.
  case setLoadingMore(Bool)
  /// Append the next page, skipping items already in the list, and record
  /// where the following page starts.
  case appendPage([Item], nextPage: PageCursor?)
  /// The next page failed: stop loading more and record the error.
  case loadMoreFailed(ListError)

  // MARK: Streaming

  /// A stream starts: clear the streamed text and mark streaming.
  case beginStream
  /// Append a batch of streamed text.
  case appendDelta(String)
  /// The stream ended; when an item is given (built from the whole text), it
  /// is appended to the list and the streamed text is cleared.
  case finishStream(Item?)
  /// The stream broke off: keep the text received, record the error.
  case failStream(ListError)
  /// The stream was stopped on request; the text received stays.
  case stopStream

  // MARK: Optimistic sends

  /// Insert an item at `edge` and mark it pending; the reducer then sends
  /// ``ListIntent/deliver(_:)`` for it.
  case insertPending(Item, at: ListEdge)
  /// The server accepted the item with `localID`: replace it with the
  /// server's version and forget its send state.
  case confirmSend(localID: Item.ID, Item)
  /// Remove the unconfirmed item with this identifier.
  case rollbackSend(Item.ID)
  /// Mark the unconfirmed item with this identifier as failed, with a message.
  case markSendFailed(Item.ID, String)
  /// Mark the item with this identifier as pending again; the reducer then
  /// sends ``ListIntent/deliver(_:)`` for it.
  case markSendPending(Item.ID)
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
    case .setLoading(let text), .setEmpty(let text), .appendDelta(let text), .markSendFailed(_, let text):
      TimelineSizeEstimate.heapBytes(of: text)
    case .setFailure(let error), .loadMoreFailed(let error), .failStream(let error):
      error.estimatedHeapBytes
    case .setError(let error):
      error?.estimatedHeapBytes ?? 0
    case .replaceItems(let items, let next), .appendPage(let items, let next):
      TimelineSizeEstimate.heapBytes(of: items) + TimelineSizeEstimate.heapBytes(of: next?.rawValue ?? "")
    case .appendItems(let items), .prependItems(let items):
      TimelineSizeEstimate.heapBytes(of: items)
    case .updateItem(let item), .insertPending(let item, _), .confirmSend(_, let item):
      TimelineSizeEstimate.heapBytes(of: item)
    case .finishStream(let item):
      item.map { TimelineSizeEstimate.heapBytes(of: $0) } ?? 0
    case .removeItems(let ids):
      TimelineSizeEstimate.heapBytes(of: ids)
    case .setLoaded, .setLoadingMore, .beginStream, .stopStream, .rollbackSend, .markSendPending:
      0
    }
  }
}
