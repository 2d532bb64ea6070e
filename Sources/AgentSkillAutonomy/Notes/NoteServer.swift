import AgentSkill

/// Where a ``NotesAgent`` saves notes when the device is online.
///
/// ```swift
/// struct NotesAPI: NoteServer {
///   func save(_ note: Note) async throws {
///     print("PUT /notes/\(note.id)")   // your HTTP call
///   }
/// }
/// ```
///
/// A save that throws while the device is online is not lost: the agent
/// keeps the note in its draft store and sends it again once the network
/// comes back.
public protocol NoteServer: Sendable {
  /// Stores `note` on the server, replacing the previous version.
  ///
  /// - Parameter note: The note to store.
  /// - Throws: Any error; the note then goes to the draft store.
  func save(_ note: Note) async throws
}
