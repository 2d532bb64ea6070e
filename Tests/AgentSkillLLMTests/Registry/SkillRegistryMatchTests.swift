import AgentSkill
import AgentSkillLLM
import Testing

@MainActor
@Suite("SkillRegistry matching", .timeLimit(.minutes(5)))
struct SkillRegistryMatchTests {
  @Test("matches are ranked by score, tags above keywords")
  func ranking() async throws {
    let registry = SkillRegistry()
    try registry.register(contentsOf: [
      ToolFixtures.keywordSkill("one_keyword", keywords: ["账单"]),
      ToolFixtures.keywordSkill("tagged", tags: ["ledger"]),
      ToolFixtures.keywordSkill("two_keywords", keywords: ["账单", "上周"]),
      ToolFixtures.keywordSkill("unrelated", keywords: ["天气"]),
    ])
    let ranked = await registry.match(UserRequest("上周的账单", tags: ["ledger"]))
    #expect(ranked.map(\.id) == ["tagged", "two_keywords", "one_keyword"])
    #expect(ranked.map(\.score) == [0.6, 0.6, 0.45])
    #expect(ranked.first?.match.reason == #"matched tag "ledger""#)
  }

  @Test("equal scores keep registration order, also after re-registering")
  func stability() async throws {
    let registry = SkillRegistry()
    for id in ["c", "a", "b", "d"] {
      try registry.register(ToolFixtures.keywordSkill(id, keywords: ["笔记"]))
    }
    #expect(await registry.match("记笔记").map(\.id) == ["c", "a", "b", "d"])
    try registry.unregister("c")
    try registry.register(ToolFixtures.keywordSkill("c", keywords: ["笔记"]))
    #expect(await registry.match("记笔记").map(\.id) == ["a", "b", "d", "c"])
  }

  @Test("the limit caps the result, 20 by default")
  func limit() async throws {
    let registry = SkillRegistry()
    for index in 0..<30 {
      try registry.register(ToolFixtures.keywordSkill("s\(index)", keywords: ["笔记"]))
    }
    let ranked = await registry.match("笔记")
    #expect(ranked.count == SkillRegistry.defaultMatchLimit)
    #expect(ranked.first?.id == "s0")
    #expect(await registry.match("笔记", limit: 3).map(\.id) == ["s0", "s1", "s2"])
    #expect(await registry.match("笔记", limit: 0).isEmpty)
    #expect(await registry.match("笔记", limit: -1).isEmpty)
  }

  @Test("the threshold drops weak matches; zero scores never count")
  func threshold() async throws {
    let registry = SkillRegistry()
    try registry.register(contentsOf: [
      ToolFixtures.keywordSkill("keyword", keywords: ["账单"]),
      ToolFixtures.keywordSkill("tag", tags: ["ledger"]),
      ToolFixtures.keywordSkill("none", keywords: ["天气"]),
    ])
    let intent = UserRequest("账单", tags: ["ledger"])
    #expect(await registry.match(intent, threshold: 0.5).map(\.id) == ["tag"])
    #expect(await registry.match(intent, threshold: 0).map(\.id) == ["tag", "keyword"])
    #expect(await registry.match(intent, threshold: 0.61).isEmpty)
  }

  @Test("small talk matches nothing, so no tools are sent")
  func smallTalk() async throws {
    let registry = SkillRegistry(grantedPermissions: ["ledger", .reminders])
    try registry.register(contentsOf: [ToolFixtures.Weather(), ToolFixtures.Ledger(), ToolFixtures.Reminder()])
    let ranked = await registry.match("你今天吃了吗")
    #expect(ranked.isEmpty)
    #expect(registry.toolDefinitions(for: ranked).isEmpty)
    #expect(await registry.match("今天北京天气怎么样").map(\.id) == ["weather"])
    #expect(await registry.match("明天下午三点提醒我开周会").map(\.id) == ["reminder"])
  }

  @Test("custom matchers are asked alongside default ones")
  func customMatchers() async throws {
    let registry = SkillRegistry(grantedPermissions: [.reminders])
    try registry.register(contentsOf: [ToolFixtures.keywordSkill("notes", keywords: ["提醒"]), ToolFixtures.Reminder()])
    let ranked = await registry.match("提醒我买牛奶")
    #expect(ranked.map(\.id) == ["reminder", "notes"])
    #expect(ranked.first?.match == .certain("asks for a reminder"))
  }

  @Test("tool definitions follow the ranking and skip skills that became unavailable")
  func definitions() async throws {
    let registry = SkillRegistry()
    try registry.register(contentsOf: [
      ToolFixtures.keywordSkill("a", keywords: ["x1"]), ToolFixtures.keywordSkill("b", tags: ["t"], keywords: ["x1"]),
    ])
    let ranked = await registry.match(UserRequest("x1", tags: ["t"]))
    #expect(registry.toolDefinitions(for: ranked).map(\.name) == ["b", "a"])
    try registry.setEnabled(false, for: "b")
    #expect(registry.toolDefinitions(for: ranked).map(\.name) == ["a"])
    try registry.unregister("a")
    #expect(registry.toolDefinitions(for: ranked).isEmpty)
  }

  @Test("matching over 1,000 skills (timing printed for the benchmark, not asserted)")
  func thousandSkills() async throws {
    let registry = SkillRegistry()
    var skills: [any ToolSkill] = []
    for index in 0..<1_000 {
      skills.append(
        ToolFixtures.keywordSkill(
          "skill_\(index)", tags: ["tag\(index)"], keywords: ["第\(index)号", "keyword\(index)", "词语\(index % 7)"]))
    }
    try registry.register(contentsOf: skills)
    let intent = UserRequest("请帮我找一下第42号和 keyword7 的记录，谢谢", tags: ["tag500"])
    let clock = ContinuousClock()
    var ranked: [RankedSkill] = []
    var best = Duration.seconds(60)
    for _ in 0..<5 {
      let start = clock.now
      ranked = await registry.match(intent)
      best = min(best, clock.now - start)
    }
    print("SkillRegistry.match over 1,000 skills (debug build, best of 5): \(best)")
    #expect(ranked.map(\.id) == ["skill_500", "skill_7", "skill_42"])
  }
}
