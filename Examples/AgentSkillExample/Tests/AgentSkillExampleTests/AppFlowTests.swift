import AgentSkill
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
  private func makeRoot(clock: TestClock = TestClock(), latency: Duration = .zero) -> (AppRoot, MessageServer) {
    let server = MessageServer(latency: latency, startsOffline: false)
    let root = AppRoot(
      server: server, reminders: InMemoryReminderStore(), environment: SkillEnvironment(clock: clock))
    return (root, server)
  }

  @Test("inbox → message → reply → send: the reply is sent, its screen popped and released, the message stays")
  func replyToAMessage() async throws {
    let clock = TestClock()
    let (root, server) = makeRoot(clock: clock)
    await root.inbox.send(.load).finish()
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
    let question: UserIntent = "明天下午三点提醒我开周会"
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
