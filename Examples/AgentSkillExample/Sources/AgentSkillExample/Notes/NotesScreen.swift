#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillAutonomy
  import AgentSkillUI
  import SwiftUI

  /// The notes tab: an editor that autosaves 1.8 s after typing stops — to
  /// the server when online, on the device when offline, synced when the
  /// network comes back — with Undo in a toast after each save, and an
  /// Autosave switch the agent reads on the main actor.
  struct NotesScreen: View {
    @State private var notes = NotesTab.makeAgent()
    @State private var autosave = NotesTab.autosaveEnabled

    var body: some View {
      NavigationStack {
        VStack(alignment: .leading, spacing: 8) {
          TextEditor(text: notes.binding(\.note.text, apply: NotesEffect.setText))
          Text(
            verbatim: NotesTab.statusLine(
              notes.status, isOnline: notes.isOnline, unsynced: notes.unsyncedDrafts.count)
          )
          .font(.footnote)
          .foregroundStyle(.secondary)
        }
        .padding()
        .navigationTitle("Notes")
        .toolbar { Toggle("Autosave", isOn: $autosave) }
      }
      .toasts(from: SystemPlatformServices.shared.toasts)
      .task { await notes.send(.start).finish() }
      .onChange(of: autosave) { NotesTab.autosaveEnabled = autosave }
    }
  }
#endif
