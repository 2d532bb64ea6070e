import AgentSkill

/// What a list screen asks its agent for.
///
/// ```swift
/// struct InboxView: View {
///   let agent: ListAgent<Message>
///   @State private var draft = ""
///   var body: some View {
///     List(agent.items) { message in
///       MessageRow(message: message)
///         .onAppear { if message.id == agent.items.last?.id { agent.send(.loadMore) } }
///     }
///     .task { await agent.send(.load).finish() }
///     .refreshable { await agent.send(.refresh).finish() }
///     Button("Send") { agent.send(.send(Message(id: UUID(), text: draft))) }
///   }
/// }
/// ```
///
/// Each built-in skill claims its intents: ``ListCacheSkill`` and
/// ``ListLoadSkill`` take ``load``, ``refresh`` and ``retry``;
/// ``ListPaginationSkill`` takes ``loadMore``; ``ListStreamSkill`` takes
/// ``stream(_:)`` and ``cancelStream``; ``ListSendSkill`` takes ``send(_:)``,
/// ``retrySend(_:)``, ``deliver(_:)`` and ``discardSend(_:)``.
public enum ListIntent<Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
  /// Load the first page (a new load supersedes the one in flight).
  case load
  /// Reload the first page, showing the refreshing hint; skips caches.
  case refresh
  /// Load the first page again after a failure.
  case retry
  /// Load the next page, if there is one and none is loading. The reducer
  /// also sends it after the first page, to prefetch the second.
  case loadMore
  /// Stream text for `prompt` into ``ListContext/streamedText``.
  case stream(String)
  /// Stop the running stream at once, keeping the text shown so far.
  case cancelStream
  /// Show `item` at once as pending, then send it to the server.
  case send(Item)
  /// Send again the failed item with this identifier.
  case retrySend(Item.ID)
  /// Send the pending item with this identifier to the server; the reducer
  /// sends it after ``ListEffect/insertPending(_:at:)`` and
  /// ``ListEffect/markSendPending(_:)``.
  case deliver(Item.ID)
  /// Remove the failed item with this identifier from the list.
  case discardSend(Item.ID)
}

extension ListIntent: Equatable where Item: Equatable {}
extension ListIntent: Hashable where Item: Hashable {}
extension ListIntent: Codable where Item: Codable, Item.ID: Codable {}

extension ListIntent: TimelineSizeEstimating {
  /// The estimated heap bytes of the text or item the intent carries
  /// (``/AgentSkill/TimelineSizeEstimate/heapBytes(of:)``), for the timeline's byte budget.
  public var estimatedHeapBytes: Int {
    switch self {
    case .stream(let text): TimelineSizeEstimate.heapBytes(of: text)
    case .send(let item): TimelineSizeEstimate.heapBytes(of: item)
    case .load, .refresh, .retry, .loadMore, .cancelStream, .retrySend, .deliver, .discardSend: 0
    }
  }
}
