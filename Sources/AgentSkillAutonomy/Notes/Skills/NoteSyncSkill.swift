import AgentSkill

/// Sends the drafts stored on the device to the server, oldest id first,
/// stopping at the first failure (the rest wait for the next time online).
struct NoteSyncSkill: IntentSkill {
  let saving: NoteSaving

  var priority: Int { 0 }

  func canHandle(_ intent: NotesIntent) -> Bool { intent == .syncDrafts }

  func policy(for intent: NotesIntent) -> IntentPolicy { .dropWhileRunning }

  func handle(_ intent: NotesIntent, context: NotesContext, emit: EffectSink<NotesEffect>) async throws -> Handling {
    var synced: [String] = []
    for id in try await saving.drafts.list() {
      guard saving.isOnline else { break }
      guard let note = try await saving.drafts.load(id: id) else { continue }
      do {
        try await saving.server.save(note)
      } catch is CancellationError {
        throw CancellationError()
      } catch {
        emit.logger.warning("the server did not take the draft \(id) (\(error)); it stays on the device")
        break
      }
      try await saving.drafts.delete(id: id)
      synced.append(id)
    }
    guard !synced.isEmpty else { return .handled }
    emit(.synced(synced))
    await emit.dependencies.platform.show(Toast(AgentSkillLocalization.string("notes.synced", String(synced.count))))
    return .handled
  }
}
