import AgentSkill

/// What a ``NotesAgent`` is asked to do.
///
/// Typing is not an intent: the editor's binding applies
/// ``NotesEffect/setText(_:)``, and the reducer follows it with
/// ``textEdited``.
public enum NotesIntent: Sendable, Hashable {
  /// Follow the network and send the drafts stored on the device whenever it is online.
  case start
  /// The text changed: save it once typing has stopped for the autosave delay.
  case textEdited
  /// Restore `note` (the version before an autosave) and save it.
  case undo(restoring: Note)
  /// Send the drafts stored on the device to the server.
  case syncDrafts
}
