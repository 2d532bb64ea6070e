import AgentSkill
import AgentSkillLLM
import Observation
import Testing

@MainActor
@Suite("SkillRegistry observation", .timeLimit(.minutes(5)))
struct SkillRegistryObservationTests {
  /// Counts changes to what `read` reads, re-arming after each change like a view would.
  final class ChangeCounter: Sendable {
    let count = LockIsolated(0)

    @MainActor
    func observe(_ read: @escaping @MainActor () -> Void) {
      withObservationTracking {
        read()
      } onChange: { [self] in
        count.withValue { $0 += 1 }
        MainActor.assumeIsolated { self.observe(read) }
      }
    }
  }

  @Test("each registry operation notifies skill-list observers exactly once; failures notify nobody")
  func skillList() throws {
    let registry = SkillRegistry()
    let counter = ChangeCounter()
    counter.observe { _ = registry.skills }

    try registry.register(ToolFixtures.Weather())
    #expect(counter.count.value == 1)

    #expect(throws: SkillRegistryError.self) { try registry.register(ToolFixtures.Weather()) }
    #expect(throws: SkillRegistryError.self) { try registry.register(ToolFixtures.keywordSkill("bad id")) }
    #expect(counter.count.value == 1)

    try registry.register(contentsOf: [ToolFixtures.keywordSkill("a"), ToolFixtures.keywordSkill("b")])
    #expect(counter.count.value == 2)

    try registry.setEnabled(false, for: "a")
    #expect(counter.count.value == 3)
    try registry.setEnabled(false, for: "a")
    #expect(counter.count.value == 3)

    try registry.unregister("b")
    #expect(counter.count.value == 4)
    #expect(throws: SkillRegistryError.self) { try registry.unregister("b") }
    #expect(counter.count.value == 4)
  }

  @Test("matching and lookups do not notify; granting a permission notifies permission readers only")
  func readsDoNotNotify() async throws {
    let registry = SkillRegistry()
    try registry.register(ToolFixtures.Ledger())
    let skillsCounter = ChangeCounter()
    skillsCounter.observe { _ = registry.skills }
    let availableCounter = ChangeCounter()
    availableCounter.observe { _ = registry.availableSkills }

    _ = await registry.match("账单")
    _ = registry.allToolDefinitions()
    _ = registry.skill(withID: "ledger_query")
    #expect(skillsCounter.count.value == 0)

    registry.grantedPermissions.insert("ledger")
    #expect(skillsCounter.count.value == 0)
    #expect(availableCounter.count.value == 1)
    #expect(registry.availableSkills.map(\.id) == ["ledger_query"])
  }
}
