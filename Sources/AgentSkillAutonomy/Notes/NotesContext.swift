import AgentSkill

/// What a ``NotesAgent``'s editor shows: the note, whether it is saved and
/// where, the network, and the drafts waiting to be sent.
public struct NotesContext: Sendable, Equatable {
  /// The note being edited, as typed.
  public var note: Note
  /// The version last saved (on the server or the device); `nil` before the first save.
  public var lastSaved: Note?
  /// Where the note stands.
  public var status: NoteSaveStatus
  /// Whether the device is online.
  public var isOnline: Bool
  /// The ids of the notes saved on the device and not yet on the server.
  public var unsyncedDrafts: [String]

  /// Creates the context of an editor opened on `note`.
  ///
  /// - Parameter note: The note to edit.
  public init(note: Note) {
    self.note = note
    self.lastSaved = nil
    self.status = .unchanged
    self.isOnline = false
    self.unsyncedDrafts = []
  }
}
