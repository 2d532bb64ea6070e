import AgentSkill

/// What ``MessageSendSkill`` does with an item the server did not accept.
public enum SendFailureHandling: String, Hashable, Sendable, Codable {
  /// Keep the item, marked ``SendState/failed(_:)``, so the user can retry
  /// (``MessageListIntent/retrySend(_:)``) or discard it (``MessageListIntent/discardSend(_:)``).
  case markFailed
  /// Remove the item and record the error in ``MessageListContext/error``.
  case rollback
}
