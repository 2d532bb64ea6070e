import AgentSkill
import AgentSkillTesting
import Foundation
import Observation
import Testing

@MainActor
@Suite("Agent timeline", .timeLimit(.minutes(5)))
struct AgentTimelineTests {
  private func loader(clock: TestClock? = nil) -> TestSkill {
    skill("LoadMessagesSkill", priority: 100, handles: [.load, .refresh, .prefetchMore]) { intent, _, emit in
      switch intent {
      case .prefetchMore:
        emit(.note("prefetched"))
      default:
        emit(.loading("Loading…"))
        if clock != nil { try await emit.sleep(for: .milliseconds(250)) }
        emit(.append(["m1", "m2"]))
      }
      return .handled
    }
  }

  private func reduceWithPrefetch(_ context: inout TestContext, _ effect: TestEffect) -> [TestIntent] {
    _ = testReduce(&context, effect)
    if case .append = effect, context.items.count < 4 { return [.prefetchMore] }
    return []
  }

  @Test func recordsTheWholeStoryWithDurationsOnTheAgentsClock() async {
    let clock = TestClock()
    let agent = TestAgent(
      context: TestContext(), skills: [loader(clock: clock)], reduce: reduceWithPrefetch,
      environment: SkillEnvironment(clock: clock))
    let load = agent.send(.load)
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(250))
    await load.finish()

    func kinds(ofRun run: Int?) -> [AgentTimelineDocument.Kind] {
      agent.timeline.entries.filter { $0.run == run }.map(\.event.kind)
    }
    #expect(kinds(ofRun: nil) == [.skillMounted])
    #expect(
      kinds(ofRun: 1) == [
        .intentReceived, .skillChosen, .skillStarted, .effectApplied, .effectApplied, .followUp, .skillFinished,
      ])
    #expect(kinds(ofRun: 2) == [.intentReceived, .skillChosen, .skillStarted, .effectApplied, .skillFinished])
    let finished = agent.timeline.entries.compactMap { entry -> Duration? in
      if case .skillFinished(_, let duration) = entry.event, entry.run == 1 { return duration }
      return nil
    }
    #expect(finished == [.milliseconds(250)])
    let sequences = agent.timeline.entries.map(\.sequence)
    #expect(sequences == Array(1...sequences.count))
  }

  @Test func ringKeepsTheNewestEntries() async throws {
    let agent = TestAgent(
      context: TestContext(), skills: [loader()], reduce: testReduce,
      timeline: AgentTimelineOptions(capacity: 5))
    for _ in 0..<3 { await agent.send(.load).finish() }
    #expect(agent.timeline.count == 5)
    #expect(agent.timeline.evictedCount > 0)
    let sequences = agent.timeline.entries.map(\.sequence)
    #expect(sequences == Array((sequences[0])...(sequences[0] + 4)))
    #expect(sequences.last == 5 + agent.timeline.evictedCount)
    #expect(agent.timeline.evictedEffectCount > 0)
    // Exactly the applied effects that left the ring: all of them, minus those still in it.
    let unbounded = TestAgent(context: TestContext(), skills: [loader()], reduce: testReduce)
    for _ in 0..<3 { await unbounded.send(.load).finish() }
    func effects(_ entries: [AgentTimelineEntry<TestContext, TestIntent, TestEffect>]) -> Int {
      entries.count { if case .effectApplied = $0.event { true } else { false } }
    }
    #expect(agent.timeline.evictedEffectCount == effects(unbounded.timeline.entries) - effects(agent.timeline.entries))

    #expect(throws: AgentTimelineError.historyTruncated(evictedEffects: agent.timeline.evictedEffectCount)) {
      _ = try agent.timeline.replay(from: TestContext(), reduce: testReduce)
    }
    let document = agent.exportTimeline()
    #expect(document.entries.count == 5)
    #expect(document.evictedEntries == agent.timeline.evictedCount)
  }

  @Test func disabledTimelineRecordsNothing() async {
    let agent = TestAgent(context: TestContext(), skills: [loader()], reduce: testReduce, timeline: .disabled)
    await agent.send(.load).finish()
    #expect(agent.timeline.entries.isEmpty)
    #expect(!agent.timeline.isEnabled)
    #expect(agent.context.items == ["m1", "m2"])
    #expect(throws: AgentTimelineError.recordingDisabled) {
      _ = try agent.timeline.replay(from: TestContext(), reduce: testReduce)
    }
  }

  @Test func exportFollowsTheDocumentedSchema() async throws {
    let clock = TestClock()
    let agent = TestAgent(
      context: TestContext(), skills: [loader(clock: clock)], reduce: reduceWithPrefetch, name: "MessageAgent",
      environment: SkillEnvironment(clock: clock))
    let load = agent.send(.load)
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(250))
    await load.finish()

    let data = try agent.exportTimeline().jsonData()
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(root["schemaVersion"] as? Int == 1)
    #expect((root["agent"] as? String)?.hasPrefix("MessageAgent-") == true)
    #expect(root["capacity"] as? Int == 1_000)
    #expect(root["evictedEntries"] as? Int == 0)
    #expect(root["contextSnapshots"] as? String == "disabled")
    #expect(root["effectEncoding"] as? String == "json")
    #expect(root["startedAt"] is String)
    let initial = try #require(root["initialContext"] as? [String: Any])
    #expect(initial["items"] as? [String] == [])
    let final = try #require(root["finalContext"] as? [String: Any])
    #expect(final["items"] as? [String] == ["m1", "m2"])

    let entries = try #require(root["entries"] as? [[String: Any]])
    let received = try #require(entries.first { $0["kind"] as? String == "intentReceived" })
    #expect(received["intent"] as? String == "load")
    #expect(received["run"] as? Int == 1)
    #expect(received["sequence"] is Int)
    #expect(received["offsetMs"] is Double || received["offsetMs"] is Int)

    let applied = try #require(entries.first { $0["kind"] as? String == "effectApplied" })
    #expect(applied["effect"] as? String == "loading(\"Loading…\")")
    #expect(applied["effectJSON"] is [String: Any])

    let finished = try #require(entries.first { $0["kind"] as? String == "skillFinished" })
    #expect(finished["skill"] as? String == "LoadMessagesSkill")
    #expect((finished["durationMs"] as? Double) == 250 || (finished["durationMs"] as? Int) == 250)

    let followUp = try #require(entries.first { $0["kind"] as? String == "intentReceived" && $0["origin"] != nil })
    #expect(followUp["origin"] as? Int == 1)
    #expect(followUp["intent"] as? String == "prefetchMore")

    let kinds = Set(entries.compactMap { $0["kind"] as? String })
    #expect(kinds.isSubset(of: Set(AgentTimelineDocument.Kind.allCases.map(\.rawValue))))
  }

  @Test func exportedDocumentRoundTrips() async throws {
    let agent = TestAgent(
      context: TestContext(), skills: [loader()], reduce: reduceWithPrefetch,
      timeline: AgentTimelineOptions(capturesContext: true))
    await agent.send(.load).finish()
    let document = agent.exportTimeline()
    #expect(document.contextSnapshots == .captured)
    #expect(document.entries.contains { $0.kind == .contextChanged && $0.context != nil })

    let decoded = try AgentTimelineDocument.decode(from: try document.jsonData())
    #expect(decoded == document)
    let compact = try AgentTimelineDocument.decode(from: try document.jsonData(prettyPrinted: false))
    #expect(compact == document)
  }

  @Test func replayReproducesTheLiveContext() async throws {
    let clock = TestClock()
    let agent = TestAgent(
      context: TestContext(), skills: [loader(clock: clock)], reduce: reduceWithPrefetch,
      mapFailure: { error, _ in .failure("\(error)") },
      environment: SkillEnvironment(clock: clock))
    agent.mount(skill("Broken", handles: [.fail]) { _, _, _ in throw TestFailure(message: "boom") })
    for intent in [TestIntent.load, .fail, .refresh] {
      let task = agent.send(intent)
      if intent != .fail {
        await clock.waitForSleepers(1)
        await clock.advance(by: .milliseconds(250))
      }
      await task.finish()
    }
    let live = agent.context
    #expect(live.items.count == 4)

    let inMemory = try agent.timeline.replay(from: TestContext(), reduce: testReduce)
    #expect(inMemory == live)

    let data = try agent.exportTimeline().jsonData()
    let document = try AgentTimelineDocument.decode(from: data)
    let fromFile = try document.replay(from: TestContext(), effectType: TestEffect.self, reduce: testReduce)
    #expect(fromFile == live)
    let final = try #require(document.finalContext)
    #expect(try JSONDecoder().decode(TestContext.self, from: Data(final.utf8)) == live)
  }

  @Test func secretsAreRedactedFromEveryExportedText() async throws {
    let secret = "sk-proj-abcdefghijklmnopqrstuv"
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("Auth", handles: [.send("Authorization: Bearer \(secret)")]) { _, _, emit in
          emit(.note("api_key=\(secret)"))
          throw TestFailure(message: "401 for token \(secret)")
        }
      ],
      reduce: testReduce,
      mapFailure: { error, _ in .failure("\(error)") },
      timeline: AgentTimelineOptions(capturesContext: true))
    await agent.send(.send("Authorization: Bearer \(secret)")).finish()
    #expect(agent.context.notes == ["api_key=\(secret)"])

    let text = String(decoding: try agent.exportTimeline().jsonData(), as: UTF8.self)
    #expect(!text.contains(secret))
    #expect(text.contains(SecretRedactor.placeholder))
  }

  @Test func customRedactionHookIsApplied() async throws {
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("Greeter", handles: [.send("Ada Lovelace")]) { _, _, emit in
          emit(.note("hello Ada Lovelace"))
          return .handled
        }
      ],
      reduce: testReduce,
      timeline: AgentTimelineOptions(
        capturesContext: true, redact: { $0.replacingOccurrences(of: "Ada Lovelace", with: "<name>") }))
    await agent.send(.send("Ada Lovelace")).finish()
    let text = String(decoding: try agent.exportTimeline().jsonData(), as: UTF8.self)
    #expect(!text.contains("Ada Lovelace"))
    #expect(text.contains("<name>"))
  }

  @Test func nonEncodableContextAndEffectsExportWithoutSnapshotsAndRefuseReplay() async throws {
    struct Plain: Sendable { var count = 0 }
    enum Bump: Sendable { case bump }
    let agent = Agent<Plain, TestIntent, Bump>(
      context: Plain(),
      skills: [
        ClosureIntentSkill<Plain, TestIntent, Bump>("Bumper", canHandle: { _ in true }) { _, _, emit in
          emit(.bump)
          return .handled
        }
      ],
      reduce: { context, _ in
        context.count += 1
        return []
      },
      timeline: AgentTimelineOptions(capturesContext: true))
    await agent.send(.load).finish()

    let document = agent.exportTimeline()
    #expect(document.contextSnapshots == .notEncodable)
    #expect(document.effectEncoding == .notEncodable)
    #expect(document.initialContext == nil)
    #expect(document.finalContext == nil)
    #expect(document.entries.contains { $0.kind == .contextChanged && $0.context == nil })
    #expect(document.entries.contains { $0.kind == .effectApplied && $0.effect == "bump" && $0.effectJSON == nil })

    let decoded = try AgentTimelineDocument.decode(from: try document.jsonData())
    #expect(throws: AgentTimelineError.effectsNotEncodable) {
      _ = try decoded.replay(from: TestContext(), effectType: TestEffect.self, reduce: testReduce)
    }
    // In memory, the typed effects are still there.
    let replayed = try agent.timeline.replay(from: Plain()) { context, _ in
      context.count += 1
      return []
    }
    #expect(replayed.count == 1)
  }

  @Test func otherSchemaVersionsAreRejected() throws {
    let json = #"{"schemaVersion": 2, "entries": []}"#
    #expect(throws: AgentTimelineError.unsupportedSchemaVersion(found: 2, supported: 1)) {
      _ = try AgentTimelineDocument.decode(from: Data(json.utf8))
    }
    #expect(throws: AgentTimelineError.self) {
      _ = try AgentTimelineDocument.decode(from: Data("not json".utf8))
    }
    #expect(
      AgentTimelineError.historyTruncated(evictedEffects: 3).description.contains("raise AgentTimelineOptions.capacity")
    )
  }

  @Test func revisionChangesOncePerMainActorTurn() async {
    let agent = TestAgent(context: TestContext(), skills: [loader()], reduce: testReduce)
    let changes = LockIsolated(0)
    withObservationTracking {
      _ = agent.timeline.revision
    } onChange: {
      changes.withValue { $0 += 1 }
    }
    let before = agent.timeline.revision
    agent.send(.load)
    #expect(changes.value == 1)
    #expect(agent.timeline.revision == before + 1)
  }
}
