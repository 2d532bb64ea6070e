import AgentSkill
import AgentSkillAutonomy
import Foundation

/// The notes tab's agent: the library's `NotesAgent` with the example's
/// server, a draft store in Application Support, the device's network and
/// the autosave preference from `UserDefaults`, read on the main actor.
@MainActor
enum NotesTab {
  /// The `UserDefaults` key of the autosave preference (on when unset).
  static let autosaveKey = "notes.autosave"

  /// The user's autosave preference.
  static var autosaveEnabled: Bool {
    get { UserDefaults.standard.object(forKey: autosaveKey) as? Bool ?? true }
    set { UserDefaults.standard.set(newValue, forKey: autosaveKey) }
  }

  /// The editor's agent, on the scratch note.
  static func makeAgent(environment: SkillEnvironment = SkillEnvironment()) -> NotesAgent {
    let support =
      FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
      ?? FileManager.default.temporaryDirectory
    return NotesAgent(
      note: Note(id: "scratch", text: ""),
      server: ExampleNoteServer(),
      drafts: FileDraftStore<Note>(directory: support.appendingPathComponent("AgentSkillExample/NoteDrafts")),
      reachability: NetworkReachability(source: networkSource()),
      autosaveEnabled: { autosaveEnabled },
      environment: environment)
  }

  /// The device's network: `NWPathMonitor` where the Network framework exists.
  private static func networkSource() -> any NetworkPathSource {
    #if canImport(Network)
      SystemNetworkPathSource()
    #else
      AlwaysOnline()
    #endif
  }

  /// What the editor says under the text.
  static func statusLine(_ status: NoteSaveStatus, isOnline: Bool, unsynced: Int) -> String {
    let network = isOnline ? "Online" : "Offline"
    let waiting = unsynced > 0 ? " · \(unsynced) waiting to sync" : ""
    switch status {
    case .unchanged: return "\(network)\(waiting)"
    case .edited: return "Edited · \(network)\(waiting)"
    case .saving: return "Saving… · \(network)"
    case .saved(.server): return "Saved · \(network)\(waiting)"
    case .saved(.device): return "Saved on this device · \(network)\(waiting)"
    case .failed(let message): return "Not saved: \(message)"
    }
  }
}

/// A network that is always online, where the Network framework does not exist.
private struct AlwaysOnline: NetworkPathSource {
  func paths() -> AsyncStream<NetworkPath> {
    AsyncStream { $0.yield(.wifi) }
  }
}

/// The example's notes server: keeps the notes in memory (an app calls its API here).
actor ExampleNoteServer: NoteServer {
  private(set) var notes: [String: Note] = [:]

  func save(_ note: Note) {
    notes[note.id] = note
  }
}
