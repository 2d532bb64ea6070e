import AgentSkill

/// What a list screen asks its agent for.
///
/// ```swift
/// struct InboxView: View {
///   let agent: ListAgent<Message>
///   var body: some View {
///     List(agent.items) { message in
///       MessageRow(message: message)
///         .onAppear { if message.id == agent.items.last?.id { agent.send(.loadMore) } }
///     }
///     .task { await agent.send(.load).finish() }
///     .refreshable { await agent.send(.refresh).finish() }
///   }
/// }
/// ```
///
/// Each built-in skill claims its intents: ``ListCacheSkill`` and
/// ``ListLoadSkill`` take ``load``, ``refresh`` and ``retry``;
/// ``ListPaginationSkill`` takes ``loadMore``. A feature with intents of its
/// own wraps them, as ``MessageListIntent/list(_:)`` does.
public enum ListIntent<Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
  /// Load the first page (a new load supersedes the one in flight).
  case load
  /// Reload the first page, showing the refreshing hint; skips caches.
  case refresh
  /// Load the first page again after a failure.
  case retry
  /// Load the next page, if there is one and none is loading.
  case loadMore
}

extension ListIntent: Hashable {}
extension ListIntent: Codable {}

extension ListIntent: TimelineSizeEstimating {
  /// The estimated heap bytes the intent carries: none, since list intents
  /// carry no payload.
  public var estimatedHeapBytes: Int { 0 }
}
