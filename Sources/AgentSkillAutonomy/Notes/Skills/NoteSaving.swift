import AgentSkill

/// Saves a note where it can go now: the server when online, else (or when
/// the server fails) the draft store.
struct NoteSaving: Sendable {
  let server: any NoteServer
  let drafts: any DraftStore<Note>
  let reachability: NetworkReachability

  var isOnline: Bool { reachability.path?.isOnline ?? false }

  /// Saves `note`; returns where it went.
  func save(_ note: Note, logger: SkillLogger) async throws -> NoteSaveDestination {
    if isOnline {
      do {
        try await server.save(note)
        do {
          try await drafts.delete(id: note.id)
        } catch {
          logger.warning("saved \(note.id) on the server; its older draft could not be removed: \(error)")
        }
        return .server
      } catch is CancellationError {
        throw CancellationError()
      } catch {
        logger.warning("the server did not take \(note.id) (\(error)); keeping it on the device")
      }
    }
    try Task.checkCancellation()
    try await drafts.save(note, id: note.id)
    return .device
  }
}
