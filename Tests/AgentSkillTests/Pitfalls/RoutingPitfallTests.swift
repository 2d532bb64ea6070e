import AgentSkill
import AgentSkillTesting
import Testing

/// A skill never runs because its `canHandle` matches the
/// wrong case, or two skills claim the same intent and only one is ever
/// used. Neither is silent: the timeline and a debug warning say which
/// intent found no skill and what was mounted, and every routing decision
/// lists the skills it shadowed.
@MainActor
@Suite("Pitfall: the wrong skill (or none) handles an intent", .timeLimit(.minutes(5)))
struct RoutingPitfallTests {
  private static func sendSkill(
    _ name: String, priority: Int = 0, canHandle: @escaping @Sendable (TestIntent) -> Bool
  ) -> TestSkill {
    TestSkill(name, priority: priority, canHandle: canHandle) { intent, _, emit in
      emit(.note(name))
      return .handled
    }
  }

  @Test func pitfall_canHandleMatchesTheWrongCase_timelineAndWarningNameTheIntentAndTheSkills() async throws {
    let lines = LogLines()
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        // ❌ Compares the payload too: only an empty message would match.
        Self.sendSkill("SendMessageSkill", priority: 10) { $0 == .send("") },
        Self.sendSkill("LoadSkill", priority: 100) { $0 == .load },
      ],
      reduce: testReduce,
      name: "ChatAgent",
      environment: SkillEnvironment(logSink: lines))
    await agent.send(.send("hello")).finish()

    #expect(agent.context.notes.isEmpty)
    let unhandled = agent.timeline.entries.compactMap { entry -> [String]? in
      if case .unhandled(.send("hello"), let mounted) = entry.event { return mounted }
      return nil
    }
    #expect(unhandled == [["SendMessageSkill(10)", "LoadSkill(100)"]])
    let expected = #"no skill handled send("hello"); mounted: SendMessageSkill(10), LoadSkill(100)"#
    #expect(agent.exportTimeline().entries.first { $0.kind == .unhandled }?.message == expected)
    #if DEBUG
      let warning = try #require(lines.entries.first { $0.level == .warning })
      #expect(warning.message.hasPrefix(expected + ". Mount a skill that handles it"))
      #expect(warning.tag.hasPrefix("ChatAgent-"))
    #endif
  }

  @Test func pitfall_canHandleMatchesTheWrongCase_matchingTheCaseWithoutItsPayloadHandlesEveryMessage() async {
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        // ✅ `if case .send = intent` ignores the payload.
        Self.sendSkill("SendMessageSkill") { intent in
          if case .send = intent { return true }
          return false
        }
      ],
      reduce: testReduce)
    await agent.send(.send("hello")).finish()
    await agent.send(.send("")).finish()
    #expect(agent.context.notes == ["SendMessageSkill", "SendMessageSkill"])
    #expect(!agent.timeline.kinds.contains(.unhandled))
  }

  @Test func pitfall_twoSkillsClaimTheSameIntent_chosenAndShadowedAreRecorded() async {
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        Self.sendSkill("NetworkSkill", priority: 100) { $0 == .load },
        Self.sendSkill("CacheSkill", priority: 10) { $0 == .load },
      ],
      reduce: testReduce)
    // A skill mounted later still takes its place by priority (appending to
    // the skill list by hand would break the routing order).
    agent.mount(Self.sendSkill("PreviewSkill", priority: 1) { $0 == .load })
    await agent.send(.load).finish()

    #expect(agent.context.notes == ["PreviewSkill"])
    let chosen = agent.timeline.entries.compactMap { entry -> (String, [String])? in
      if case .skillChosen(let name, let shadowed) = entry.event { return (name, shadowed) }
      return nil
    }
    #expect(chosen.count == 1)
    #expect(chosen.first?.0 == "PreviewSkill")
    #expect(chosen.first?.1 == ["CacheSkill", "NetworkSkill"])
    #expect(agent.mountedSkills.map(\.description) == ["PreviewSkill(1)", "CacheSkill(10)", "NetworkSkill(100)"])
    let exported = agent.exportTimeline().entries.first { $0.kind == .skillChosen }
    #expect(exported?.skill == "PreviewSkill")
    #expect(exported?.skills == ["CacheSkill", "NetworkSkill"])
  }
}
