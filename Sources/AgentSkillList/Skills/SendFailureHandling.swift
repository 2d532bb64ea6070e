import AgentSkill

/// What ``ListSendSkill`` does with an item the server did not accept.
public enum SendFailureHandling: String, Hashable, Sendable, Codable {
  /// Keep the item, marked ``SendState/failed(_:)``, so the user can retry
  /// (``ListIntent/retrySend(_:)``) or discard it (``ListIntent/discardSend(_:)``).
  case markFailed
  /// Remove the item and record the error in ``ListContext/error``.
  case rollback
}
