import AgentSkillTesting
import Foundation
import Testing

@testable import AgentSkill
@testable import AgentSkillAutonomy

/// A server that records what it stores, and fails while told to.
private actor RecordingNoteServer: NoteServer {
  struct Down: Error {}

  private(set) var saved: [Note] = []
  var isDown = false

  func save(_ note: Note) async throws {
    if isDown { throw Down() }
    saved.append(note)
  }

  func setDown(_ down: Bool) { isDown = down }
}

/// One editor under test: the agent, its clock, network, server, drafts and platform.
@MainActor
private struct Editor {
  let clock = TestClock()
  let network: ScriptedNetworkPath
  let server = RecordingNoteServer()
  let drafts: FileDraftStore<Note>
  let platform = RecordingPlatformServices()
  let agent: NotesAgent
  let directory: URL

  init(online: Bool = true, autosave: @escaping @MainActor @Sendable () -> Bool = { true }) {
    network = ScriptedNetworkPath(online ? .wifi : .offline)
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("notes-\(UUID().uuidString)")
    drafts = FileDraftStore<Note>(directory: directory)
    var environment = SkillEnvironment(clock: clock, logSink: nil)
    environment.dependencies.platform = platform
    agent = NotesAgent(
      note: Note(id: "groceries", text: ""),
      server: server,
      drafts: drafts,
      reachability: NetworkReachability(source: network),
      autosaveEnabled: autosave,
      environment: environment,
      timeline: AgentTimelineOptions())
  }

  /// Types `text`, then lets the 1.8 s autosave delay pass on the test clock.
  func type(_ text: String) async {
    agent.apply(.setText(text))
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(1_800))
  }

  /// Lets the agent's runs work until `condition` holds.
  func until(_ condition: (NotesContext) -> Bool) async {
    while !condition(agent.context) { await Task.yield() }
  }

  /// Lets the agent's runs work until none is in flight.
  func untilIdle() async {
    while !agent.isIdle { await Task.yield() }
  }

  func removeDirectory() {
    try? FileManager.default.removeItem(at: directory)
  }
}

@Suite("NotesAgent", .timeLimit(.minutes(2)))
@MainActor
struct NotesAgentTests {
  @Test("online → offline → online: server, then the device, then the drafts reach the server")
  func onlineOfflineOnline() async throws {
    let editor = Editor()
    defer { editor.removeDirectory() }
    editor.agent.send(.start)
    await editor.until { $0.isOnline }

    // Online: 1.8 s after typing stops, the note goes to the server.
    editor.agent.apply(.setText("Milk"))
    await editor.clock.waitForSleepers()
    await editor.clock.advance(by: .milliseconds(1_799))
    #expect(await editor.server.saved.isEmpty)
    await editor.clock.advance(by: .milliseconds(1))
    await editor.platform.waitForToasts(1)
    #expect(await editor.server.saved == [Note(id: "groceries", text: "Milk")])
    #expect(editor.agent.status == .saved(.server))
    #expect(editor.platform.toasts.last?.description == "Note saved [Undo]")

    // Offline: the next autosave goes to the draft store.
    editor.network.send(.offline)
    await editor.until { !$0.isOnline }
    await editor.type("Milk, eggs")
    await editor.platform.waitForToasts(2)
    #expect(try await editor.drafts.load(id: "groceries") == Note(id: "groceries", text: "Milk, eggs"))
    #expect(await editor.server.saved.count == 1)
    #expect(editor.agent.status == .saved(.device))
    #expect(editor.agent.unsyncedDrafts == ["groceries"])
    #expect(editor.platform.toasts.last?.action?.isUndo == true)

    // Back online: the stored draft is sent and leaves the store.
    editor.network.send(.wifi)
    await editor.until { $0.unsyncedDrafts.isEmpty }
    await editor.platform.waitForToasts(3)
    #expect(await editor.server.saved.last == Note(id: "groceries", text: "Milk, eggs"))
    #expect(try await editor.drafts.list().isEmpty)
    #expect(editor.platform.toasts.last?.message == "1 offline edits synced")

    let timeline = editor.agent.timeline.entries.map { entry in
      "\(entry.offset.formatted(.units(allowed: [.seconds, .milliseconds], width: .narrow))) "
        + editor.agent.timeline.summary(of: entry)
    }
    #expect(timeline.contains { $0.hasSuffix("follow-up syncDrafts") })
    if ProcessInfo.processInfo.environment["NOTES_TIMELINE"] != nil {
      print(timeline.joined(separator: "\n"))
    }
    editor.agent.cancelAll()
  }

  @Test("typing restarts the delay: one save for a burst")
  func typingRestartsTheDelay() async throws {
    let editor = Editor()
    defer { editor.removeDirectory() }
    editor.agent.send(.start)
    await editor.until { $0.isOnline }
    for text in ["M", "Mi", "Mil"] {
      editor.agent.apply(.setText(text))
      await editor.clock.waitForSleepers()
      await editor.clock.advance(by: .seconds(1))
    }
    #expect(await editor.server.saved.isEmpty)
    await editor.type("Milk")
    await editor.platform.waitForToasts(1)
    #expect(await editor.server.saved == [Note(id: "groceries", text: "Milk")])
    editor.agent.cancelAll()
  }

  @Test("Undo in the toast restores the version before the autosave and saves it")
  func undoRestoresThePreviousVersion() async throws {
    let editor = Editor()
    defer { editor.removeDirectory() }
    editor.agent.send(.start)
    await editor.until { $0.isOnline }
    await editor.type("Milk")
    await editor.platform.waitForToasts(1)
    await editor.type("Milk, chocolate")
    await editor.platform.waitForToasts(2)

    #expect(editor.platform.tapAction())
    await editor.platform.waitForToasts(3)
    #expect(editor.agent.note.text == "Milk")
    #expect(editor.agent.status == .saved(.server))
    #expect(await editor.server.saved.map(\.text) == ["Milk", "Milk, chocolate", "Milk"])
    #expect(editor.platform.toasts.last?.message == "Change undone")
    editor.agent.cancelAll()
  }

  @Test("with the autosave preference off nothing is saved, and turning it on saves the next edit")
  func preferenceOff() async throws {
    let enabled = LockIsolated(false)
    let editor = Editor(autosave: {
      MainActor.assertIsolated()
      return enabled.value
    })
    defer { editor.removeDirectory() }
    await editor.type("Secret plan")
    await editor.untilIdle()
    #expect(await editor.server.saved.isEmpty)
    #expect(try await editor.drafts.list().isEmpty)
    #expect(editor.platform.toasts.isEmpty)
    #expect(editor.agent.status == .edited)

    enabled.setValue(true)
    await editor.type("Secret plan B")
    await editor.platform.waitForToasts(1)
    #expect(await editor.server.saved == [Note(id: "groceries", text: "Secret plan B")])
  }

  @Test("a server that fails while online keeps the note on the device")
  func aFailingServerKeepsTheNoteOnTheDevice() async throws {
    let editor = Editor()
    defer { editor.removeDirectory() }
    await editor.server.setDown(true)
    editor.agent.send(.start)
    await editor.until { $0.isOnline }
    await editor.type("Milk")
    await editor.platform.waitForToasts(1)
    #expect(editor.agent.status == .saved(.device))
    #expect(try await editor.drafts.list() == ["groceries"])
    #expect(editor.platform.toasts.last?.message.hasPrefix("Saved on this device") == true)
    editor.agent.cancelAll()
  }

  @Test("drafts stored by an earlier session are sent when the editor starts online")
  func storedDraftsAreSentOnStart() async throws {
    let editor = Editor()
    defer { editor.removeDirectory() }
    try await editor.drafts.save(Note(id: "older", text: "From yesterday"), id: "older")
    editor.agent.send(.start)
    await editor.platform.waitForToasts(1)
    #expect(await editor.server.saved == [Note(id: "older", text: "From yesterday")])
    #expect(try await editor.drafts.list().isEmpty)
    #expect(editor.agent.unsyncedDrafts.isEmpty)
    editor.agent.cancelAll()
  }
}
