import AgentSkill

/// An end of a list: where new items go.
public enum ListEdge: String, Hashable, Sendable, Codable {
  /// Before the first item (a feed with the newest first).
  case start
  /// After the last item (a chat with the newest last).
  case end
}
