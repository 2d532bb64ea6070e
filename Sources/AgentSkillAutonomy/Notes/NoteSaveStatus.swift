import AgentSkill

/// Where the note in the editor stands.
public enum NoteSaveStatus: Sendable, Hashable {
  /// Nothing was typed since the note was opened.
  case unchanged
  /// Typed, not saved yet.
  case edited
  /// A save is running.
  case saving
  /// The text shown is saved, on the server or on the device.
  case saved(NoteSaveDestination)
  /// The last save failed; the message says what to do.
  case failed(String)
}
