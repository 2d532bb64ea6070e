import AgentSkill

/// Restores the version before an autosave and saves it.
struct NoteUndoSkill: IntentSkill {
  let saving: NoteSaving

  var priority: Int { 0 }

  func canHandle(_ intent: NotesIntent) -> Bool {
    if case .undo = intent { true } else { false }
  }

  func policy(for intent: NotesIntent) -> IntentPolicy { IntentPolicy(.cancelPrevious, lane: .custom("note.save")) }

  func handle(_ intent: NotesIntent, context: NotesContext, emit: EffectSink<NotesEffect>) async throws -> Handling {
    guard case .undo(let note) = intent else { return .fallthrough }
    emit(.restored(note))
    emit(.saving)
    let destination = try await saving.save(note, logger: emit.logger)
    emit(.saved(note, to: destination))
    await emit.dependencies.platform.show(Toast(AgentSkillLocalization.string("notes.undone")))
    return .handled
  }
}
