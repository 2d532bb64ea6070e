import AgentSkill

/// How a ``NotesAgent`` applies its effects, and the intents that follow.
enum NotesReducer {
  static func reduce(_ context: inout NotesContext, _ effect: NotesEffect) -> [NotesIntent] {
    switch effect {
    case .setText(let text):
      guard text != context.note.text else { return [] }
      context.note.text = text
      context.status = .edited
      return [.textEdited]
    case .networkChanged(let isOnline):
      let cameOnline = isOnline && !context.isOnline
      context.isOnline = isOnline
      return cameOnline && !context.unsyncedDrafts.isEmpty ? [.syncDrafts] : []
    case .saving:
      context.status = .saving
    case .saved(let note, let destination):
      context.lastSaved = note
      context.status = context.note == note ? .saved(destination) : .edited
      context.unsyncedDrafts.removeAll { $0 == note.id }
      if destination == .device {
        context.unsyncedDrafts.append(note.id)
        context.unsyncedDrafts.sort()
      }
    case .saveFailed(let message):
      context.status = .failed(message)
    case .restored(let note):
      context.note = note
      context.status = .edited
    case .draftsPending(let ids):
      context.unsyncedDrafts = ids
      return context.isOnline && !ids.isEmpty ? [.syncDrafts] : []
    case .synced(let ids):
      context.unsyncedDrafts.removeAll { ids.contains($0) }
    }
    return []
  }

  /// A failed save or undo is shown; a failed sync leaves the drafts for the next time online.
  static func failure(_ error: any Error, _ intent: NotesIntent) -> NotesEffect? {
    switch intent {
    case .textEdited, .undo: .saveFailed(String(describing: error))
    case .start, .syncDrafts: nil
    }
  }
}
