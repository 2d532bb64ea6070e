import AgentSkill

/// The ready-made context of a list screen: one snapshot
/// with the phase, the items, the last error, streamed text, pagination and
/// the state of optimistic sends.
///
/// ```swift
/// // Message: Identifiable & Sendable, with a Sendable id
/// struct InboxList: View {
///   @State private var agent = ListAgent<Message>(skills: [
///     ListLoadSkill(fetch: api.messages),
///     ListPaginationSkill(fetch: api.messages),
///   ])
///   var body: some View {
///     List(agent.items) { MessageRow(message: $0) }   // observes `items` only
///   }
/// }
/// ```
///
/// Only ``ListReducer`` changes it, from ``ListEffect``s, and it keeps the
/// fields consistent with one another:
/// - items added or replaced make the phase ``LoadPhase/loaded``;
/// - ``LoadPhase/empty(_:)`` only ever comes with no items;
/// - a failure keeps the items (a view may still show them under the message);
/// - starting to load clears ``isLoadingMore``, since a new load supersedes a page in flight.
///
/// The context is `Equatable` when `Item` is, and `Codable` when `Item` and
/// its identifier are, so it diffs in `AgentTestStore` and exports with the
/// agent's timeline.
public struct ListContext<Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
  /// What the screen shows.
  public var phase: LoadPhase
  /// The items, in display order, including optimistic items not yet confirmed.
  public var items: [Item]
  /// The last failure, or `nil`. A successful load of the same kind clears it.
  public var error: ListError?
  /// Text received so far by the current or last stream.
  public var streamedText: String
  /// Whether a stream is running. A stream stopped with
  /// ``ListIntent/cancelStream`` clears it; one cancelled with the agent's
  /// `cancelAll()` leaves it set until the next stream starts.
  public var isStreaming: Bool
  /// Where the next page starts, or `nil` when there is none (or nothing was loaded).
  public var nextPage: PageCursor?
  /// Whether the next page is being loaded. A page cancelled with the
  /// agent's `cancelAll()` leaves it set until the next load or page.
  public var isLoadingMore: Bool
  /// How many pages are shown: 1 after the first page, 2 after one more, and so on.
  public var loadedPages: Int
  /// The state of optimistically inserted items, by identifier; confirmed
  /// items have no entry.
  public var sendStates: [Item.ID: SendState]

  /// Creates a context.
  ///
  /// - Parameters:
  ///   - phase: What the screen shows. Defaults to ``LoadPhase/idle``.
  ///   - items: The items. Defaults to none.
  ///   - error: The last failure. Defaults to none.
  ///   - streamedText: Text received by a stream. Defaults to empty.
  ///   - isStreaming: Whether a stream runs. Defaults to `false`.
  ///   - nextPage: Where the next page starts. Defaults to none.
  ///   - isLoadingMore: Whether the next page is loading. Defaults to `false`.
  ///   - loadedPages: How many pages are shown. Defaults to 0.
  ///   - sendStates: The state of unconfirmed items. Defaults to none.
  public init(
    phase: LoadPhase = .idle,
    items: [Item] = [],
    error: ListError? = nil,
    streamedText: String = "",
    isStreaming: Bool = false,
    nextPage: PageCursor? = nil,
    isLoadingMore: Bool = false,
    loadedPages: Int = 0,
    sendStates: [Item.ID: SendState] = [:]
  ) {
    self.phase = phase
    self.items = items
    self.error = error
    self.streamedText = streamedText
    self.isStreaming = isStreaming
    self.nextPage = nextPage
    self.isLoadingMore = isLoadingMore
    self.loadedPages = loadedPages
    self.sendStates = sendStates
  }

  /// Whether another page can be loaded.
  public var hasMorePages: Bool { nextPage != nil }

  /// The send state of the item with `id`, or `nil` when it is confirmed (or unknown).
  ///
  /// - Parameter id: The item's identifier.
  /// - Returns: The item's send state.
  public func sendState(of id: Item.ID) -> SendState? {
    sendStates[id]
  }

  /// The item with `id`, if the list holds it.
  ///
  /// - Parameter id: The item's identifier.
  /// - Returns: The item, or `nil`.
  public func item(withID id: Item.ID) -> Item? {
    items.first { $0.id == id }
  }
}

extension ListContext: Equatable where Item: Equatable {}
extension ListContext: Codable where Item: Codable, Item.ID: Codable {}

extension ListContext: TimelineSizeEstimating {
  /// The estimated heap bytes of the items, streamed text, error and send
  /// states (``/AgentSkill/TimelineSizeEstimate/heapBytes(of:)``), for the timeline's
  /// byte budget when it captures the context.
  public var estimatedHeapBytes: Int {
    TimelineSizeEstimate.heapBytes(of: items) + TimelineSizeEstimate.heapBytes(of: streamedText)
      + (error?.estimatedHeapBytes ?? 0) + TimelineSizeEstimate.heapBytes(of: sendStates)
      + TimelineSizeEstimate.heapBytes(of: phase.hint ?? "")
  }
}
