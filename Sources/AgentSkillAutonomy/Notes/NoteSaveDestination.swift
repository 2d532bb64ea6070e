import AgentSkill

/// Where a note's latest version was saved.
public enum NoteSaveDestination: String, Sendable, Hashable {
  /// On the server.
  case server
  /// In the draft store on this device, to be sent when back online.
  case device
}
