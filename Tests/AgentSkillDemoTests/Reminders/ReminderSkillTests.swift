import AgentSkill
import AgentSkillDemoKit
import AgentSkillLLM
import Foundation
import Testing

@Suite("Demo reminders", .timeLimit(.minutes(5)))
struct ReminderSkillTests {
  let calendar = DemoFixtures.calendar

  @Test("creating a reminder needs confirmation, a future time, and saves it")
  func create() async throws {
    try await DemoFixtures.withDirectory { directory in
      let store = ReminderStore(directory: directory, calendar: calendar)
      let skill = AnyToolSkill(CreateReminderSkill(store: store, calendar: calendar))
      #expect(skill.requiresConfirmation)
      #expect(skill.requiredPermission == .reminders)
      let past = await skill.validate(["title": "开周会", "at": "2026-03-06T09:00:00+08:00"])
      #expect(past.map(\.description) == ["/at: must be in the future (it is 2026-03-06T10:00:00+08:00 now)"])
      let garbled = await skill.validate(["title": "开周会", "at": "tomorrow"])
      #expect(garbled.first?.message.hasPrefix("must be a date and time") == true)
      let empty = await skill.validate(["title": "", "at": "2026-03-07T15:00:00+08:00"])
      #expect(empty.map(\.path) == ["/title"])

      let output = try await skill.run(
        ["title": "开周会", "at": "2026-03-07T15:00:00+08:00", "language": "zh"], environment: SkillEnvironment())
      #expect(output.summary == "已创建提醒：明天 15:00 开周会。")
      #expect(try store.load().document.reminders.map(\.at) == ["2026-03-07T15:00:00+08:00"])

      let list = AnyToolSkill(ListRemindersSkill(store: store, calendar: calendar))
      let listed = try await list.run(["language": "en"], environment: SkillEnvironment())
      #expect(listed.summary == "You have 1 upcoming reminder: tomorrow 15:00 开周会.")
      #expect(listed.display == .list(["Sat, Mar 7 15:00  开周会"]))
    }
  }

  @Test("no reminders yet")
  func none() async throws {
    try await DemoFixtures.withDirectory { directory in
      let list = AnyToolSkill(
        ListRemindersSkill(store: ReminderStore(directory: directory, calendar: calendar), calendar: calendar))
      let output = try await list.run([:], environment: SkillEnvironment())
      #expect(output.summary == "目前没有待办的提醒。")
    }
  }

  @Test("the registry offers the right skill for each sample question")
  @MainActor
  func matching() async throws {
    try await DemoFixtures.withDirectory { directory in
      let (registry, notices) = try DemoSkills.makeRegistry(dataDirectory: directory, calendar: calendar)
      #expect(notices.count == 1)
      #expect(await registry.match("帮我查一下上周三的记账明细，然后按类别汇总").first?.id == "ledger_query")
      #expect(await registry.match("北京天气怎么样").first?.id == "weather")
      #expect(await registry.match("明天下午三点提醒我开周会").first?.id == "create_reminder")
      #expect(await registry.match("我的提醒有哪些").first?.id == "list_reminders")
      #expect(await registry.match("list my reminders").first?.id == "list_reminders")
      #expect(await registry.match("你今天吃了吗").isEmpty)
    }
  }
}
