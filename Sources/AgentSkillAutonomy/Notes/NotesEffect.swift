import AgentSkill

/// What a ``NotesAgent``'s skills (and its editor's binding) report.
public enum NotesEffect: Sendable, Hashable {
  /// The user typed: the note's text is now this.
  case setText(String)
  /// The device went online or offline.
  case networkChanged(isOnline: Bool)
  /// A save started.
  case saving
  /// `note` was saved to `destination`.
  case saved(Note, to: NoteSaveDestination)
  /// A save failed; the message says what to do.
  case saveFailed(String)
  /// Undo restored `note`.
  case restored(Note)
  /// These notes wait in the draft store for the server.
  case draftsPending([String])
  /// These drafts reached the server and left the draft store.
  case synced([String])
}
