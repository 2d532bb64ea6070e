import AgentSkill
import AgentSkillLLM
import Foundation
import Observation
import Testing

@testable import AgentSkillExample

@Suite("Example reminders", .timeLimit(.minutes(5)))
struct ReminderSkillTests {
  @Test("the assistant offers the reminder skill, which asks for confirmation")
  @MainActor
  func offered() async throws {
    let chat = AssistantChat.make(reminders: InMemoryReminderStore())
    #expect(await chat.registry.match("明天下午三点提醒我开周会").first?.id == "create_reminder")
    #expect(chat.registry.registeredSkill(withID: "create_reminder")?.skill.requiresConfirmation == true)
  }

  @Test("in the chat, the reminder is saved only after the user confirms")
  @MainActor
  func chatConfirmation() async throws {
    let store = InMemoryReminderStore()
    let chat = AssistantChat.make(reminders: store)
    let turn = chat.send("明天下午三点提醒我开周会")
    // Until the call waits for the user (or the turn ended without one).
    await waitUntil(chat) { chat in
      chat.pendingConfirmation != nil || chat.context.turns.contains { $0.state != .inProgress }
    }
    #expect(chat.pendingConfirmation?.skillID == "create_reminder")
    #expect(await store.reminders.isEmpty)

    chat.confirm()
    await turn.finish()
    let saved = await store.reminders
    #expect(saved.map(\.title) == ["开周会"])
    #expect(saved.allSatisfy { $0.due > Date() })
    #expect(chat.messages.last?.text.isEmpty == false)
  }

  @Test("a confirmed reminder is saved with its title and time")
  func saves() async throws {
    let store = InMemoryReminderStore()
    let skill = AnyToolSkill(ReminderSkill(store: store))
    let output = try await skill.run(
      ["title": " 开周会 ", "at": "2026-03-07T15:00:00+08:00"], environment: SkillEnvironment())
    let saved = await store.reminders
    #expect(saved.map(\.title) == ["开周会"])
    #expect(saved.map(\.due) == [Date(timeIntervalSince1970: 1_772_866_800)])
    #expect(output.summary.hasPrefix("已创建提醒："))
    #expect(output.summary.contains("开周会（\(InMemoryReminderStore.listName)）"))
  }

  @Test("a time that is not RFC 3339 or an empty title goes back to the model")
  func invalidArguments() async throws {
    let skill = AnyToolSkill(ReminderSkill(store: InMemoryReminderStore()))
    let garbled = await skill.validate(["title": "开周会", "at": "tomorrow"])
    #expect(garbled.map(\.path) == ["/at"])
    let blank = await skill.validate(["title": "  ", "at": "2026-03-07T15:00:00+08:00"])
    #expect(blank.map(\.path) == ["/title"])
    let fractional = await skill.validate(["title": "开周会", "at": "2026-03-07T15:00:00.250Z"])
    #expect(fractional.isEmpty)
  }

  @Test("when Reminders access is off, the user is told where to turn it on")
  func accessDenied() async throws {
    let skill = AnyToolSkill(ReminderSkill(store: InMemoryReminderStore(failingWith: .accessDenied)))
    let error = await #expect(throws: ToolSkillError.self) {
      try await skill.run(["title": "开周会", "at": "2026-03-07T15:00:00+08:00"], environment: SkillEnvironment())
    }
    #expect(error?.isCorrectableByModel == false)
    #expect(
      error?.description.contains(
        "Reminders access is off: allow it in \(ReminderStoreError.privacySettings), then ask again.") == true)
  }

  @Test("every store error says what to do")
  func messages() {
    let errors: [ReminderStoreError] = [
      .accessDenied, .accessRestricted, .missingUsageDescription, .accessRequestFailed(reason: "timed out"),
      .noDefaultList, .saveFailed(reason: "the list is read-only"),
    ]
    for error in errors {
      #expect(error.errorDescription == error.description)
      #expect(error.description.contains(": "))
    }
    #expect(ReminderStoreError.noDefaultList.description.contains("create a list"))
  }
}

/// Waits, without a timer, until `predicate` holds for the chat.
@MainActor
private func waitUntil(_ chat: ChatAgent, _ predicate: (ChatAgent) -> Bool) async {
  while !predicate(chat) {
    let (changes, continuation) = AsyncStream<Void>.makeStream()
    withObservationTracking {
      _ = chat.context
    } onChange: {
      continuation.yield()
      continuation.finish()
    }
    if predicate(chat) { return }
    for await _ in changes { break }
  }
}
