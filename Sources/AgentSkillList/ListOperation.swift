import AgentSkill

/// Which part of a list feature an error or a request belongs to.
public enum ListOperation: String, Hashable, Sendable, Codable {
  /// Loading the first page (``ListIntent/load`` and ``ListIntent/retry``).
  case load
  /// Refreshing the list (``ListIntent/refresh``).
  case refresh
  /// Loading the next page (``ListIntent/loadMore``).
  case loadMore
  /// Streaming text (``MessageListIntent/stream(_:)``).
  case stream
  /// Sending an item (``MessageListIntent/send(_:)`` and ``MessageListIntent/retrySend(_:)``).
  case send
}
