import AgentSkill
import AgentSkillAutonomy
import AgentSkillLLM
import AgentSkillTesting
import Foundation
import Testing

@testable import AgentSkillExample

/// The whole app driven through its root agent, as the views drive it: the
/// inbox loads, a message opens, a reply is written and sent, the screens
/// are popped and released; deep links and the settings sheet set the
/// root's state; the reminders preference gates the assistant's skill.
@MainActor
@Suite("Example app flow", .timeLimit(.minutes(1)))
struct AppFlowTests {
  private func makeRoot(
    clock: TestClock = TestClock(), latency: Duration = .zero,
    drafts: FileDraftStore<[String: String]> = FileDraftStore(directory: temporaryDirectory())
  ) -> (AppRoot, MessageServer) {
    let server = MessageServer(latency: latency, startsOffline: false)
    let root = AppRoot(
      server: server, reminders: InMemoryReminderStore(), drafts: drafts,
      environment: SkillEnvironment(clock: clock))
    return (root, server)
  }

  private static func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appending(
      path: "AppFlowTests-\(UUID().uuidString)", directoryHint: .isDirectory)
  }

  /// Waits (bounded, on real time) until the draft store holds `id` or not.
  private func waitForDraft(
    _ id: String, in drafts: FileDraftStore<[String: String]>, present: Bool
  ) async throws -> [String: String]? {
    for _ in 0..<2_000 {
      let draft = try await drafts.load(id: id)
      if (draft != nil) == present { return draft }
      try await Task.sleep(for: .milliseconds(5))
    }
    Issue.record("the draft \(id) was \(present ? "never saved" : "never deleted") within 10 s")
    return nil
  }

  @Test("compose autosaves 1.8 s after typing stops, restores the draft when reopened, deletes it once sent")
  func composeDraft() async throws {
    let clock = TestClock()
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let drafts = FileDraftStore<[String: String]>(directory: directory)
    let (root, server) = makeRoot(clock: clock, drafts: drafts)

    root.apply(.push(.compose(replyTo: nil)))
    let form = try #require(root.screens[.compose(replyTo: nil)]?.compose)
    form.apply(.setValue(.subject, "Lunch"))  // the subject field's binding
    form.apply(.setValue(.body, "Noon at the usual place?"))
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(1799))
    #expect(try await drafts.load(id: "new-message") == nil)  // still typing, as far as the app knows
    await clock.advance(by: .milliseconds(1))
    let saved = try await waitForDraft("new-message", in: drafts, present: true)
    #expect(saved?["subject"] == "Lunch")
    #expect(saved?["body"] == "Noon at the usual place?")

    root.apply(.setPath([]))  // back: the screen and its agent are released
    #expect(root.screens[.compose(replyTo: nil)] == nil)
    root.apply(.push(.compose(replyTo: nil)))  // New message again
    let reopened = try #require(root.screens[.compose(replyTo: nil)]?.compose)
    #expect(reopened !== form)
    await root.screens[.compose(replyTo: nil)]?.draft?.restored?.value
    #expect(reopened.values[.subject] == "Lunch")
    #expect(reopened.values[.body] == "Noon at the usual place?")

    reopened.apply(.setValue(.recipient, "ada@example.com"))
    await clock.waitForSleepers(2)  // the recipient's contact check and the draft's pause
    await clock.advance(by: .milliseconds(500))
    await reopened.send(.submit).finish()
    #expect(await server.sent.map { $0[.subject] } == ["Lunch"])
    #expect(root.agent.path.isEmpty)
    _ = try await waitForDraft("new-message", in: drafts, present: false)
    await clock.advance(by: .seconds(5))  // a pause that was pending when the message went saves nothing
    #expect(try await drafts.list().isEmpty)
  }

  @Test("leaving compose before the pause ends saves what was typed at once")
  func leavingSavesThePendingDraft() async throws {
    let clock = TestClock()
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let drafts = FileDraftStore<[String: String]>(directory: directory)
    let (root, _) = makeRoot(clock: clock, drafts: drafts)
    let id = MessageServer.message(number: 2).id

    root.apply(.push(.compose(replyTo: id)))
    let form = try #require(root.screens[.compose(replyTo: id)]?.compose)
    form.apply(.setValue(.body, "Half a thought"))
    await clock.waitForSleepers(1)
    root.apply(.setPath([]))  // back, 0 s after the last keystroke
    let saved = try await waitForDraft("reply-\(id.uuidString)", in: drafts, present: true)
    #expect(saved?["body"] == "Half a thought")
  }

  @Test("inbox → message → reply → send: the reply is sent, its screen popped and released, the message stays")
  func replyToAMessage() async throws {
    let clock = TestClock()
    let (root, server) = makeRoot(clock: clock)
    await root.inbox.send(.list(.load)).finish()
    let first = try #require(root.inbox.items.first)

    root.apply(.push(.message(first.id)))  // a row's NavigationLink
    let detail = try #require(root.screens[.message(first.id)]?.message)
    await detail.send(.load).finish()
    #expect(detail.message == first)

    root.apply(.push(.compose(replyTo: first.id)))  // Reply
    let form = try #require(root.screens[.compose(replyTo: first.id)]?.compose)
    form.apply(.setValue(.recipient, "ada@example.com"))  // the fields' bindings
    form.apply(.setValue(.subject, "Re: \(first.text)"))
    form.apply(.setValue(.body, "See you then."))
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(500))  // the recipient's check runs after the typing stops
    await form.send(.submit).finish()

    #expect(await server.sent.map { $0[.recipient] } == ["ada@example.com"])
    #expect(root.agent.sentCount == 1)
    #expect(root.agent.path == [.message(first.id)])
    #expect(root.screens[.compose(replyTo: first.id)] == nil)
    #expect(root.screens[.message(first.id)]?.message === detail)
  }

  @Test("the back button pops a message whose load is in flight: the load is cancelled and nothing lands")
  func backWhileLoading() async throws {
    let (root, _) = makeRoot(latency: .seconds(60))
    let id = MessageServer.message(number: 4).id
    root.apply(.push(.message(id)))
    let detail = try #require(root.screens[.message(id)]?.message)
    #expect(!detail.isIdle)

    root.apply(.setPath([]))  // the back button writes the path binding
    #expect(root.screens[.message(id)] == nil)
    #expect(detail.isIdle)
    #expect(detail.message == nil)
  }

  @Test("deep links set the root's state whole: tab, path, sheet; links the app does not know change nothing")
  func deepLinks() throws {
    let (root, _) = makeRoot()
    let id = MessageServer.message(number: 3).id
    root.apply(.selectTab(.assistant))
    #expect(root.open(try #require(URL(string: "agentskill-example://message/\(id.uuidString)"))))
    #expect(root.agent.tab == .messages)
    #expect(root.agent.path == [.message(id)])
    #expect(root.screens[.message(id)] != nil)

    #expect(root.open(try #require(URL(string: "agentskill-example://settings"))))
    #expect(root.agent.sheet == .settings)
    #expect(root.agent.path == [.message(id)])

    #expect(root.open(try #require(URL(string: "agentskill-example://compose"))))
    #expect(root.agent.sheet == nil)
    #expect(root.agent.path == [.compose(replyTo: nil)])
    #expect(root.screens[.message(id)] == nil)

    let before = root.agent.context
    #expect(!root.open(try #require(URL(string: "agentskill-example://message/not-a-uuid"))))
    #expect(!root.open(try #require(URL(string: "https://example.com/message/1"))))
    #expect(root.agent.context == before)
  }

  @Test("turning reminders off in settings takes the skill away from the assistant's model; on brings it back")
  func remindersPreference() async throws {
    let (root, _) = makeRoot()
    let question: UserRequest = "明天下午三点提醒我开周会"
    let chat = try #require(root.assistant)
    #expect(root.assistantMayCreateReminders)
    #expect(await chat.registry.match(question).first?.id == ReminderSkill.skillID)

    root.apply(.present(.settings))
    root.apply(.setAssistantCreatesReminders(false))  // the toggle
    #expect(!root.agent.settings.assistantCreatesReminders)
    #expect(!root.assistantMayCreateReminders)
    #expect(await chat.registry.match(question).contains { $0.id == ReminderSkill.skillID } == false)

    root.apply(.setAssistantCreatesReminders(true))
    #expect(await chat.registry.match(question).first?.id == ReminderSkill.skillID)
  }

  @Test("picking another model releases the conversation and starts a new one")
  func anotherModel() throws {
    let (root, _) = makeRoot()
    let first = try #require(root.assistant)
    root.apply(.setAssistantModel(.onDevice))
    let second = try #require(root.assistant)
    #expect(second !== first)
    #expect(root.assistants.keys == [.onDevice])
  }
}
