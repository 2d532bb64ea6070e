import AgentSkillTesting
import Testing

@testable import AgentSkill

@MainActor
@Suite("Skill timings, filtering and summaries of a timeline")
struct SkillTimingTests {
  /// A cache that always misses, a loader that sleeps on the clock, and a skill that fails.
  private func skills() -> [TestSkill] {
    [
      skill("CacheSkill", priority: 10, handles: [.load]) { _, _, _ in .fallthrough },
      skill("LoadMessagesSkill", priority: 100, handles: [.load, .refresh]) { intent, _, emit in
        try await emit.sleep(for: intent == .load ? .milliseconds(250) : .milliseconds(100))
        emit(.append(["m1"]))
        return .handled
      },
      skill("FailingSkill", priority: 100, handles: [.fail]) { _, _, emit in
        try await emit.sleep(for: .milliseconds(40))
        throw TestFailure("Authorization: Bearer sk-abc123def456ghi789")
      },
    ]
  }

  /// Runs load (250 ms), refresh (100 ms), fail (40 ms) and a refresh cancelled after 30 ms.
  private func recordedAgent() async -> TestAgent {
    let clock = TestClock()
    let agent = TestAgent(
      context: TestContext(), skills: skills(), reduce: testReduce, environment: SkillEnvironment(clock: clock))
    for (intent, duration) in [(TestIntent.load, 250), (.refresh, 100), (.fail, 40)] {
      let task = agent.send(intent)
      await clock.waitForSleepers(1)
      await clock.advance(by: .milliseconds(duration))
      await task.finish()
    }
    let cancelled = agent.send(.refresh)
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(30))
    agent.cancelAll()
    await cancelled.finish()
    return agent
  }

  @Test func recordCountsOutcomesAndKeepsTheLongestRun() {
    var timing = SkillTiming(skill: "UploadSkill")
    #expect(timing.runs == 0)
    #expect(timing.average == .zero)
    timing.record(.finished, duration: .milliseconds(300))
    timing.record(.failed, duration: .milliseconds(100))
    timing.record(.cancelled, duration: .milliseconds(-5))
    timing.record(.fellThrough, duration: .milliseconds(20))
    #expect(timing.finished == 1)
    #expect(timing.failed == 1)
    #expect(timing.cancelled == 1)
    #expect(timing.fellThrough == 1)
    #expect(timing.runs == 4)
    #expect(timing.total == .milliseconds(420))
    #expect(timing.longest == .milliseconds(300))
    #expect(timing.average == .milliseconds(105))
    #expect(timing.id == "UploadSkill")
  }

  @Test func summarizesEndedRunsPerSkillOnTheAgentsClock() async {
    let agent = await recordedAgent()
    let timings = agent.timeline.skillTimings
    #expect(timings.map(\.skill) == ["LoadMessagesSkill", "FailingSkill", "CacheSkill"])

    let loader = timings[0]
    #expect(loader.finished == 2)
    #expect(loader.cancelled == 1)
    #expect(loader.failed == 0)
    #expect(loader.total == .milliseconds(380))
    #expect(loader.longest == .milliseconds(250))

    let failing = timings[1]
    #expect(failing.failed == 1)
    #expect(failing.runs == 1)
    #expect(failing.total == .milliseconds(40))

    let cache = timings[2]
    #expect(cache.fellThrough == 1)
    #expect(cache.runs == 1)
    #expect(cache.total == .zero)
  }

  @Test func aRunInFlightIsNotCountedUntilItEnds() async {
    let clock = TestClock()
    let agent = TestAgent(
      context: TestContext(), skills: skills(), reduce: testReduce, environment: SkillEnvironment(clock: clock))
    let load = agent.send(.load)
    await clock.waitForSleepers(1)
    #expect(agent.timeline.skillTimings.map(\.skill) == ["CacheSkill"])
    await clock.advance(by: .milliseconds(250))
    await load.finish()
    #expect(agent.timeline.skillTimings.map(\.skill) == ["LoadMessagesSkill", "CacheSkill"])
  }

  @Test func skillNamesFollowTheirFirstMention() async {
    let agent = await recordedAgent()
    #expect(agent.timeline.skillNames == ["CacheSkill", "LoadMessagesSkill", "FailingSkill"])
  }

  @Test func entriesInvolvingASkillAreItsEventsAndTheRunsItTookPartIn() async {
    let agent = await recordedAgent()
    let all = agent.timeline.entries

    let cache = agent.timeline.entries(involving: "CacheSkill")
    #expect(Set(cache.compactMap(\.run)) == [1])
    #expect(cache.filter { $0.run == nil }.map(\.event.kind) == [.skillMounted])
    #expect(cache.count == all.filter { $0.run == 1 }.count + 1)

    let failing = agent.timeline.entries(involving: "FailingSkill")
    #expect(Set(failing.compactMap(\.run)) == [3])
    #expect(failing.contains { $0.event.kind == .skillFailed })

    let loader = agent.timeline.entries(involving: "LoadMessagesSkill")
    #expect(Set(loader.compactMap(\.run)) == [1, 2, 4])
    #expect(loader.map(\.sequence) == loader.map(\.sequence).sorted())

    #expect(agent.timeline.entries(involving: "NoSuchSkill").isEmpty)
  }

  @Test func aShadowedSkillDidNotTakePartInTheRun() async {
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("Primary", priority: 1, handles: [.load]) { _, _, _ in .handled },
        skill("Backup", priority: 2, handles: [.load]) { _, _, _ in .handled },
      ],
      reduce: testReduce)
    await agent.send(.load).finish()
    #expect(agent.timeline.skillNames == ["Primary", "Backup"])
    #expect(agent.timeline.entries(involving: "Backup").map(\.event.kind) == [.skillMounted])
    #expect(agent.timeline.entries(involving: "Primary").contains { $0.event.kind == .skillFinished })
  }

  @Test func summariesDescribeEveryStepAndAreRedacted() async {
    let agent = await recordedAgent()
    let timeline = agent.timeline
    func summaries(ofRun run: Int) -> [String] {
      timeline.entries.filter { $0.run == run }.map { timeline.summary(of: $0) }
    }
    #expect(
      summaries(ofRun: 1) == [
        "load",
        "CacheSkill chosen over LoadMessagesSkill",
        "CacheSkill started",
        "CacheSkill fell through to LoadMessagesSkill after 0 s",
        "LoadMessagesSkill started",
        "append([\"m1\"])",
        "LoadMessagesSkill finished in 250 ms",
      ])
    let failure = summaries(ofRun: 3)
    #expect(failure.last == "FailingSkill failed after 40 ms: Authorization: Bearer [REDACTED]")
    #expect(!failure.joined().contains("sk-abc123"))
    #expect(summaries(ofRun: 4).last == "LoadMessagesSkill cancelled after 30 ms (cancelledAll)")
    let mounted = timeline.entries.filter { $0.run == nil }.map { timeline.summary(of: $0) }
    #expect(mounted == ["CacheSkill mounted", "LoadMessagesSkill mounted", "FailingSkill mounted"])
  }
}
