import AgentSkill
import AgentSkillTesting
import Foundation
import Testing

@MainActor
@Suite("Agent routing", .timeLimit(.minutes(5)))
struct AgentRoutingTests {
  private func noting(_ note: String)
    -> @Sendable (TestIntent, TestContext, EffectSink<TestEffect>) async throws
    -> Handling
  {
    { _, _, emit in
      emit(.note(note))
      return .handled
    }
  }

  @Test func lowestPriorityRunsFirstAndTiesKeepMountOrder() async {
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("A", priority: 10, handles: [.load], noting("A")),
        skill("B", priority: 10, handles: [.load], noting("B")),
        skill("C", priority: 5, handles: [.load], noting("C")),
      ],
      reduce: testReduce)
    #expect(agent.mountedSkills.map(\.description) == ["C(5)", "A(10)", "B(10)"])

    await agent.send(.load).finish()
    #expect(agent.context.notes == ["C"])

    agent.unmount(named: "C")
    await agent.send(.load).finish()
    #expect(agent.context.notes == ["C", "A"])

    // A skill mounted later with the same priority still comes after A and B.
    agent.mount(skill("D", priority: 10, handles: [.load], noting("D")))
    agent.unmount(named: "A")
    await agent.send(.load).finish()
    #expect(agent.context.notes == ["C", "A", "B"])
  }

  @Test func shadowedSkillsAreRecordedWithTheChosenOne() async {
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("Network", priority: 100, handles: [.load], noting("network")),
        skill("Cache", priority: 10, handles: [.load], noting("cache")),
        skill("Other", priority: 1, handles: [.other], noting("other")),
      ],
      reduce: testReduce)
    await agent.send(.load).finish()

    let chosen = agent.timeline.entries.compactMap { entry -> (String, [String])? in
      if case .skillChosen(let name, let shadowed) = entry.event { return (name, shadowed) }
      return nil
    }
    #expect(chosen.count == 1)
    #expect(chosen.first?.0 == "Cache")
    #expect(chosen.first?.1 == ["Network"])
  }

  @Test func fallthroughPassesTheIntentToTheNextMatchingSkill() async {
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("CacheSkill", priority: 10, handles: [.load]) { _, _, emit in
          emit(.note("cache miss"))
          return .fallthrough
        },
        skill("Unrelated", priority: 50, handles: [.other], noting("unrelated")),
        skill("NetworkSkill", priority: 100, handles: [.load]) { _, _, emit in
          emit(.append(["from network"]))
          return .handled
        },
      ],
      reduce: testReduce)

    await agent.send(.load).finish()

    #expect(agent.context.notes == ["cache miss"])
    #expect(agent.context.items == ["from network"])
    let events = agent.timeline.entries.map(\.event)
    let fellThrough = events.contains { event in
      if case .skillFellThrough("CacheSkill", "NetworkSkill", _) = event { return true }
      return false
    }
    #expect(fellThrough)
    let finished = events.contains { event in
      if case .skillFinished("NetworkSkill", _) = event { return true }
      return false
    }
    #expect(finished)
  }

  @Test func unhandledIntentIsRecordedWithTheMountedSkills() async throws {
    let lines = LogLines()
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("NetworkSkill", priority: 100, handles: [.refresh], noting("n")),
        skill("CacheSkill", priority: 10, handles: [.refresh], noting("c")),
      ],
      reduce: testReduce,
      name: "MessageAgent",
      environment: SkillEnvironment(logSink: lines))

    let task = agent.send(.load)
    #expect(task.isSettled)
    await task.finish()

    let unhandled = agent.timeline.entries.compactMap { entry -> [String]? in
      if case .unhandled(.load, let mounted) = entry.event { return mounted }
      return nil
    }
    #expect(unhandled == [["CacheSkill(10)", "NetworkSkill(100)"]])

    let document = agent.exportTimeline()
    let message = try #require(document.entries.first { $0.kind == .unhandled }?.message)
    #expect(message == "no skill handled load; mounted: CacheSkill(10), NetworkSkill(100)")

    #if DEBUG
      let warning = try #require(lines.entries.first { $0.level == .warning })
      #expect(
        warning.message
          == "no skill handled load; mounted: CacheSkill(10), NetworkSkill(100). Mount a skill that handles it, "
          + "or route it in an IntentRouter's switch (.ignore to drop it on purpose).")
      #expect(warning.tag.hasPrefix("MessageAgent-"))
    #endif
  }

  @Test func intentWhoseSkillsAllFallThroughIsUnhandled() async {
    let agent = TestAgent(
      context: TestContext(),
      skills: [skill("CacheSkill", priority: 10, handles: [.load]) { _, _, _ in .fallthrough }],
      reduce: testReduce)
    await agent.send(.load).finish()
    #expect(agent.timeline.kinds.contains(.unhandled))
    #expect(agent.isIdle)
  }

  @Test func followUpsAreSentAfterTheEffectAndNeverCancelTheirOrigin() async {
    let clock = TestClock()
    let prefetched = Latch()
    let loader = skill("LoadMessagesSkill", priority: 100, handles: [.load, .prefetchMore]) { intent, _, emit in
      switch intent {
      case .load:
        emit(.append(["page 1"]))
        try await emit.sleep(for: .seconds(1))
        emit(.note("load completed"))
      default:
        emit(.note("prefetched"))
        prefetched.fire()
      }
      return .handled
    }
    let agent = TestAgent(
      context: TestContext(), skills: [loader],
      reduce: { context, effect in
        _ = testReduce(&context, effect)
        if case .append = effect { return [.prefetchMore] }
        return []
      },
      environment: SkillEnvironment(clock: clock))

    let load = agent.send(.load)
    await prefetched.wait()
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await load.finish()

    // The prefetch (same skill, same lane, cancel-previous policy) did not cancel the load.
    #expect(agent.context.notes.sorted() == ["load completed", "prefetched"])
    #expect(agent.context.items == ["page 1"])

    let events = agent.timeline.entries
    let appendIndex = events.firstIndex { if case .effectApplied(.append) = $0.event { true } else { false } }
    let followUpIndex = events.firstIndex { if case .followUp(.prefetchMore) = $0.event { true } else { false } }
    let receivedIndex = events.firstIndex {
      if case .intentReceived(.prefetchMore, origin: 1) = $0.event { true } else { false }
    }
    #expect(appendIndex != nil && followUpIndex != nil && receivedIndex != nil)
    if let appendIndex, let followUpIndex, let receivedIndex {
      #expect(appendIndex < followUpIndex)
      #expect(followUpIndex < receivedIndex)
    }
    #expect(!agent.timeline.kinds.contains(.skillCancelled))
  }

  @Test func finishWaitsForFollowUps() async {
    let clock = TestClock()
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("Load", handles: [.load]) { _, _, emit in
          emit(.append(["a"]))
          return .handled
        },
        skill("Prefetch", handles: [.prefetchMore]) { _, _, emit in
          try await emit.sleep(for: .seconds(2))
          emit(.note("prefetched"))
          return .handled
        },
      ],
      reduce: { context, effect in
        _ = testReduce(&context, effect)
        if case .append = effect { return [.prefetchMore] }
        return []
      },
      environment: SkillEnvironment(clock: clock))

    let load = agent.send(.load)
    await clock.waitForSleepers(1)
    #expect(!load.isSettled)
    await clock.advance(by: .seconds(2))
    await load.finish()
    #expect(load.isSettled)
    #expect(agent.context.notes == ["prefetched"])
  }

  @Test func intentsSentFromTheReducerAreQueuedNotRecursive() async {
    final class Box { weak var agent: TestAgent? }
    let box = Box()
    var depth = 0
    var maxDepth = 0
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("Load", handles: [.load]) { _, _, emit in
          emit(contentsOf: [.note("one"), .note("two")])
          return .handled
        },
        skill("Other", handles: [.other]) { _, _, emit in
          emit(.note("other"))
          return .handled
        },
      ],
      reduce: { context, effect in
        depth += 1
        maxDepth = max(maxDepth, depth)
        defer { depth -= 1 }
        _ = testReduce(&context, effect)
        if effect == .note("one") {
          // Re-entrant send: must wait for the current batch.
          box.agent?.send(.other)
        }
        return []
      })
    box.agent = agent

    // The deferred `.other` is routed in the same main-actor turn, after the batch.
    await agent.send(.load).finish()
    let other = agent.timeline.entries.firstIndex { entry in
      if case .intentReceived(.other, _) = entry.event { return true }
      return false
    }
    let two = agent.timeline.entries.firstIndex { entry in
      if case .effectApplied(.note("two")) = entry.event { return true }
      return false
    }
    #expect(maxDepth == 1)
    if let other, let two { #expect(two < other) } else { Issue.record("missing entries") }
  }

  @Test func skillLogsAreTaggedWithTheSkillAndRun() async throws {
    let lines = LogLines()
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("LoadMessagesSkill", handles: [.load]) { _, _, emit in
          emit.logger.info("fetching")
          return .handled
        }
      ],
      reduce: testReduce, environment: SkillEnvironment(logSink: lines))
    await agent.send(.load).finish()
    await agent.send(.load).finish()
    let tags = lines.entries.filter { $0.message == "fetching" }.map(\.tag)
    #expect(tags.count == 2)
    #expect(tags.allSatisfy { $0.hasPrefix("LoadMessagesSkill-") && $0.count == "LoadMessagesSkill-".count + 4 })
  }

  @Test func monitorReceivesRunEvents() async {
    let events = EventLog()
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        skill("Cache", priority: 1, handles: [.load]) { _, _, _ in .fallthrough },
        skill("Network", priority: 2, handles: [.load]) { _, _, _ in .handled },
        skill("Broken", handles: [.fail]) { _, _, _ in throw TestFailure(message: "boom") },
      ],
      reduce: testReduce, environment: SkillEnvironment(monitor: events))
    await agent.send(.load).finish()
    await agent.send(.fail).finish()
    #expect(
      events.lines == [
        "started Cache", "finished Cache", "started Network", "finished Network", "started Broken", "failed Broken",
      ])
  }
}
