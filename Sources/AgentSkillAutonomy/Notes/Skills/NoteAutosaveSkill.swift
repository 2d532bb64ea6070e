import AgentSkill

/// Saves the note once typing has stopped for the delay, then shows a toast with Undo.
struct NoteAutosaveSkill: IntentSkill {
  let saving: NoteSaving
  let delay: Duration
  let isEnabled: @MainActor @Sendable () -> Bool
  let agent: NotesAgentReference

  var priority: Int { 0 }

  func canHandle(_ intent: NotesIntent) -> Bool { intent == .textEdited }

  /// Each edit cancels the previous wait (the debounce); an undo cancels a pending autosave.
  func policy(for intent: NotesIntent) -> IntentPolicy { IntentPolicy(.cancelPrevious, lane: .custom("note.save")) }

  func handle(_ intent: NotesIntent, context: NotesContext, emit: EffectSink<NotesEffect>) async throws -> Handling {
    try await emit.sleep(for: delay)
    guard await isEnabled() else {
      emit.logger.info("autosave is off in the settings; the note stays unsaved")
      return .handled
    }
    let current = try await emit.current(NotesContext.self)
    guard current.note != current.lastSaved else { return .handled }
    let previous = current.lastSaved ?? Note(id: current.note.id, text: "")
    emit(.saving)
    let destination = try await saving.save(current.note, logger: emit.logger)
    emit(.saved(current.note, to: destination))
    let agent = agent
    let message =
      destination == .server
      ? AgentSkillLocalization.string("notes.saved.server") : AgentSkillLocalization.string("notes.saved.device")
    await emit.dependencies.platform.show(
      Toast(message, action: .undo { agent.agent?.send(.undo(restoring: previous)) }))
    return .handled
  }
}
