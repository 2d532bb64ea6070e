import AgentSkill
import AgentSkillTesting
import Foundation
import Testing

/// Which runs compete: the lane of a run is the lane of the skill handling it
/// now (a fall-through moves it), runs of a lane keep the order their intents
/// were sent in, and a barrier is never overtaken by a later intent of its lane.
@MainActor
@Suite("Agent lanes and ordering", .timeLimit(.minutes(5)))
struct AgentLaneTests {
  /// The canonical screen: a cache skill in front of a network skill that
  /// loads a page after one second; the network skill also handles `.refresh`.
  private func cacheAndNetwork(clock: TestClock, cacheHits: Bool = false, cacheDelay: Duration? = nil) -> TestAgent {
    let cache = skill("CacheSkill", priority: 10, handles: [.load]) { _, _, emit in
      if let cacheDelay { try await emit.sleep(for: cacheDelay) }
      guard cacheHits else { return .fallthrough }
      emit(.append(["cached"]))
      return .handled
    }
    let network = skill("NetworkSkill", priority: 100, handles: [.load, .refresh]) { intent, _, emit in
      try await emit.sleep(for: .seconds(1))
      emit(.append(["page for \(intent)"]))
      return .handled
    }
    return TestAgent(
      context: TestContext(), skills: [cache, network], reduce: testReduce, environment: SkillEnvironment(clock: clock))
  }

  @Test func aRefreshCancelsALoadThatFellThroughToTheNetworkSkill() async {
    let clock = TestClock()
    let agent = cacheAndNetwork(clock: clock)
    let load = agent.send(.load)
    await clock.waitForSleepers(1)  // the load missed the cache and waits in the network skill
    let refresh = agent.send(.refresh)
    await clock.waitForSleepers(1)
    #expect(load.isSettled)
    await clock.advance(by: .seconds(1))
    await refresh.finish()
    #expect(agent.context.items == ["page for refresh"])
    let cancelled = agent.timeline.entries.compactMap { entry -> AgentCancellationReason? in
      if case .skillCancelled("NetworkSkill", let reason, _) = entry.event { reason } else { nil }
    }
    #expect(cancelled == [.superseded])
  }

  @Test func aLoadThatFallsThroughAfterANewerRefreshStartedIsSuperseded() async {
    let clock = TestClock()
    // The cache takes a second to miss: the refresh reaches the network skill first.
    let agent = cacheAndNetwork(clock: clock, cacheDelay: .milliseconds(500))
    let load = agent.send(.load)
    await clock.waitForSleepers(1)
    let refresh = agent.send(.refresh)
    await clock.waitForSleepers(2)
    await clock.advance(by: .milliseconds(500))  // the cache misses; the load arrives late
    await load.finish()
    await clock.advance(by: .seconds(1))
    await refresh.finish()
    #expect(agent.context.items == ["page for refresh"])
    #expect(agent.isIdle)
  }

  @Test func aCacheHitNeverReachesTheNetworkLane() async {
    let clock = TestClock()
    let agent = cacheAndNetwork(clock: clock, cacheHits: true)
    await agent.send(.load).finish()
    #expect(agent.context.items == ["cached"])
  }

  @Test func aFallThroughFollowsTheNextSkillsPolicy() async {
    let clock = TestClock()
    let cache = skill("CacheSkill", priority: 10, handles: [.load]) { _, _, _ in .fallthrough }
    let enqueue: @Sendable (TestIntent) -> IntentPolicy = { _ in .enqueue }
    let network = skill("NetworkSkill", priority: 100, handles: [.load], policy: enqueue) { _, _, emit in
      try await emit.sleep(for: .seconds(1))
      emit(.note("loaded"))
      return .handled
    }
    let agent = TestAgent(
      context: TestContext(), skills: [cache, network], reduce: testReduce,
      environment: SkillEnvironment(clock: clock))
    let first = agent.send(.load)
    await clock.waitForSleepers(1)
    let second = agent.send(.load)
    // The second load waits in the network skill's queue instead of cancelling the first.
    await eventually("the second load is queued") { agent.activeRuns.contains { $0.isQueued } }
    await clock.advance(by: .seconds(1))
    await first.finish()
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await second.finish()
    #expect(agent.context.notes == ["loaded", "loaded"])
  }

  // MARK: - Barriers: state changes that the next intent does not overtake

  /// A conversation: `.send` answers after a second (a new one cancels the
  /// turn in flight); `.fail` stands for "clear" and is a barrier.
  private func conversation(clock: TestClock) -> TestAgent {
    let clearIsABarrier: @Sendable (TestIntent) -> IntentPolicy = { $0 == .fail ? .barrier : .cancelPrevious }
    let turns = skill("TurnSkill", handles: [.send(""), .fail], policy: clearIsABarrier) { intent, context, emit in
      switch intent {
      case .fail:
        emit(.loading("cleared"))
      case .send(let text):
        emit(.note("\(context.notes.count) before \(text)"))
        try await emit.sleep(for: .seconds(1))
        emit(.append([text]))
      default: break
      }
      return .handled
    }
    return TestAgent(
      context: TestContext(), skills: [AnySendSkill(turns)],
      reduce: { context, effect in
        if effect == .loading("cleared") {
          context = TestContext()
          return []
        }
        return testReduce(&context, effect)
      },
      environment: SkillEnvironment(clock: clock))
  }

  @Test func aClearSentRightBeforeASendIsAppliedFirstAndNotCancelled() async {
    let clock = TestClock()
    let agent = conversation(clock: clock)
    agent.send(.send("old"))
    await clock.waitForSleepers(1)
    let clear = agent.send(.fail)
    let send = agent.send(.send("new"))  // without awaiting the clear
    await clear.finish()
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await send.finish()
    // The old turn was cancelled by the clear, the clear applied, then the new turn ran on the cleared context.
    #expect(agent.context.items == ["new"])
    #expect(agent.context.notes == ["0 before new"])
  }

  @Test func aHundredClearThenSendRoundsKeepOneTurn() async {
    let clock = TestClock()
    let agent = conversation(clock: clock)
    for round in 0..<100 {
      agent.send(.fail)
      let send = agent.send(.send("round \(round)"))
      await clock.waitForSleepers(1)
      await clock.advance(by: .seconds(1))
      await send.finish()
      #expect(agent.context.items == ["round \(round)"])
    }
  }

  @Test func aBarrierCancelsTheRunsInFlightInItsLane() async {
    let clock = TestClock()
    let agent = conversation(clock: clock)
    let turn = agent.send(.send("old"))
    await clock.waitForSleepers(1)
    await agent.send(.fail).finish()
    #expect(turn.isSettled)
    #expect(agent.context == TestContext())
  }
}

/// Routes every `.send(_)` to the wrapped skill, whatever its text (the
/// closure skills of these tests match intents by equality).
private struct AnySendSkill: IntentSkill {
  let base: TestSkill
  init(_ base: TestSkill) { self.base = base }
  var name: String { base.name }
  var priority: Int { base.priority }
  func canHandle(_ intent: TestIntent) -> Bool {
    if case .send = intent { return true }
    return base.canHandle(intent)
  }
  func policy(for intent: TestIntent) -> IntentPolicy { base.policy(for: intent) }
  func handle(_ intent: TestIntent, context: TestContext, emit: EffectSink<TestEffect>) async throws -> Handling {
    try await base.handle(intent, context: context, emit: emit)
  }
}
