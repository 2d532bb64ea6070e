import AgentSkill

/// Reports the drafts already stored, then every change of the network,
/// until the agent is released or the run is cancelled.
struct NoteNetworkSkill: IntentSkill {
  let saving: NoteSaving

  var priority: Int { 0 }

  func canHandle(_ intent: NotesIntent) -> Bool { intent == .start }

  /// Starting twice follows the network once.
  func policy(for intent: NotesIntent) -> IntentPolicy { .dropWhileRunning }

  func handle(_ intent: NotesIntent, context: NotesContext, emit: EffectSink<NotesEffect>) async throws -> Handling {
    emit(.draftsPending(try await saving.drafts.list()))
    for await path in saving.reachability.updates() {
      try emit.checkCancellation()
      emit(.networkChanged(isOnline: path.isOnline))
    }
    return .handled
  }
}
