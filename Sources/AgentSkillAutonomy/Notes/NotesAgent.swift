import AgentSkill

/// A note editor's agent: autosaves after typing stops, to the server when
/// online and to a draft store on the device when offline, sends the stored
/// drafts when the network comes back, and offers Undo in a toast after each
/// autosave.
///
/// ```swift
/// struct NotesAPI: NoteServer {
///   func save(_ note: Note) async throws { print("PUT /notes/\(note.id)") }
/// }
///
/// @MainActor func openEditor() -> NotesAgent {
///   let directory = FileManager.default.temporaryDirectory.appendingPathComponent("drafts")
///   let notes = NotesAgent(
///     note: Note(id: "groceries", text: ""),
///     server: NotesAPI(),
///     drafts: FileDraftStore<Note>(directory: directory),
///     reachability: NetworkReachability(source: ScriptedNetworkPath(.wifi)),   // SystemNetworkPathSource() in apps
///     autosaveEnabled: { UserDefaults.standard.object(forKey: "autosave") as? Bool ?? true }
///   )
///   notes.send(.start)                      // follow the network, sync stored drafts
///   notes.apply(.setText("Milk, eggs"))     // what the editor's binding does on each keystroke
///   return notes
/// }
/// ```
///
/// - Typing applies ``NotesEffect/setText(_:)`` (in SwiftUI,
///   `TextEditor(text: notes.binding(\.note.text, apply: NotesEffect.setText))`);
///   each change restarts the autosave delay (1.8 s by default, on the
///   environment's clock).
/// - When the delay ends, the `autosaveEnabled` preference is read on the
///   main actor; when it is off, the note stays ``NoteSaveStatus/edited``.
/// - Online, the note goes to the ``NoteServer`` (and a stored draft of it is
///   removed); offline, or when the server fails, to the ``DraftStore``.
/// - After each autosave a toast ("Note saved", or "Saved on this device…")
///   with Undo is shown through `SkillDependencies.platform`; Undo restores
///   the version saved before and saves it.
/// - ``NotesIntent/start`` follows the network: each time it comes back,
///   the stored drafts are sent and removed from the store.
public typealias NotesAgent = Agent<NotesContext, NotesIntent, NotesEffect>

extension Agent where Context == NotesContext, Intent == NotesIntent, Effect == NotesEffect {
  /// Creates a note editor's agent.
  ///
  /// - Parameters:
  ///   - note: The note to edit.
  ///   - server: Where notes go when the device is online.
  ///   - drafts: Where notes go when it is offline (``FileDraftStore`` in apps).
  ///   - reachability: The network (`SystemNetworkPathSource` in apps).
  ///   - autosaveDelay: How long typing must stop before a save. Defaults to 1.8 s.
  ///   - autosaveEnabled: The user's autosave preference, read on the main
  ///     actor when the delay ends. Defaults to always on.
  ///   - name: The agent's name. Defaults to `NotesAgent`.
  ///   - environment: Clock, dependencies (`SkillDependencies.platform`
  ///     shows the toasts), monitor and log sink.
  ///   - timeline: The timeline's options.
  public convenience init(
    note: Note,
    server: some NoteServer,
    drafts: some DraftStore<Note>,
    reachability: NetworkReachability,
    autosaveDelay: Duration = .milliseconds(1_800),
    autosaveEnabled: @escaping @MainActor @Sendable () -> Bool = { true },
    name: String = "NotesAgent",
    environment: SkillEnvironment = SkillEnvironment(),
    timeline: AgentTimelineOptions = .automatic
  ) {
    let reference = NotesAgentReference()
    let saving = NoteSaving(server: server, drafts: drafts, reachability: reachability)
    self.init(
      context: NotesContext(note: note),
      skills: [
        NoteAutosaveSkill(saving: saving, delay: autosaveDelay, isEnabled: autosaveEnabled, agent: reference),
        NoteUndoSkill(saving: saving),
        NoteNetworkSkill(saving: saving),
        NoteSyncSkill(saving: saving),
      ],
      reduce: NotesReducer.reduce,
      mapFailure: NotesReducer.failure,
      name: name,
      environment: environment,
      timeline: timeline)
    reference.agent = self
  }
}

/// The agent, for the Undo actions its skills put in toasts; weak, so a
/// toast never keeps an editor alive.
@MainActor
final class NotesAgentReference {
  weak var agent: NotesAgent?

  nonisolated init() {}
}
