import AgentSkill

/// The ready-made context of a list screen: one snapshot with the phase,
/// the items and pagination — what every list needs. A chat-like list adds
/// streamed text and optimistic sends around it (``MessageListContext``).
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
  /// What the screen shows; a failed first load or refresh is
  /// ``LoadPhase/failure(_:)``, with its ``ListError``.
  public var phase: LoadPhase
  /// The items, in display order.
  public var items: [Item]
  /// Where the next page starts, or `nil` when there is none (or nothing was loaded).
  public var nextPage: PageCursor?
  /// Whether the next page is being loaded. A page cancelled with the
  /// agent's `cancelAll()` leaves it set until the next load or page.
  public var isLoadingMore: Bool
  /// How many pages are shown: 1 after the first page, 2 after one more, and so on.
  public var loadedPages: Int
  /// Why the next page failed to load, or `nil`.
  ///
  /// It is not the phase's failure because it is a different thing: the
  /// items already loaded stay on screen and the phase stays
  /// ``LoadPhase/loaded``; the message belongs at the foot of the list, with
  /// a retry that sends ``ListIntent/loadMore``. The next page that arrives,
  /// or a first page, clears it.
  public var loadMoreError: ListError?

  /// Creates a context.
  ///
  /// - Parameters:
  ///   - phase: What the screen shows. Defaults to ``LoadPhase/idle``.
  ///   - items: The items. Defaults to none.
  ///   - nextPage: Where the next page starts. Defaults to none.
  ///   - isLoadingMore: Whether the next page is loading. Defaults to `false`.
  ///   - loadedPages: How many pages are shown. Defaults to 0.
  ///   - loadMoreError: Why the next page failed. Defaults to none.
  public init(
    phase: LoadPhase = .idle,
    items: [Item] = [],
    nextPage: PageCursor? = nil,
    isLoadingMore: Bool = false,
    loadedPages: Int = 0,
    loadMoreError: ListError? = nil
  ) {
    self.phase = phase
    self.items = items
    self.nextPage = nextPage
    self.isLoadingMore = isLoadingMore
    self.loadedPages = loadedPages
    self.loadMoreError = loadMoreError
  }

  /// Whether another page can be loaded.
  public var hasMorePages: Bool { nextPage != nil }

  /// The item with `id`, if the list holds it.
  func item(withID id: Item.ID) -> Item? {
    items.first { $0.id == id }
  }
}

extension ListContext: Equatable where Item: Equatable {}
extension ListContext: Codable where Item: Codable, Item.ID: Codable {}

extension ListContext: TimelineSizeEstimating {
  /// The estimated heap bytes of the items and the texts of the phase and
  /// errors (``/AgentSkill/TimelineSizeEstimate/heapBytes(of:)``), for the timeline's
  /// byte budget when it captures the context.
  public var estimatedHeapBytes: Int {
    TimelineSizeEstimate.heapBytes(of: items)
      + (phase.error?.estimatedHeapBytes ?? TimelineSizeEstimate.heapBytes(of: phase.hint ?? ""))
      + (loadMoreError?.estimatedHeapBytes ?? 0)
  }
}
