import AgentSkill
import AgentSkillTesting
import Foundation
import Testing

/// One unit of work: a `Skill` handles an agent's intents through `handling(...)`, composed as usual.
@MainActor
@Suite("Skills mounted on agents", .timeLimit(.minutes(1)))
struct SkillHandlerTests {
  /// Fetches items for a query; fails the first `failures` attempts.
  struct FetchSkill: Skill {
    let failures: Int
    let attempts = LockIsolated(0)

    func run(_ query: String, context: SkillContext) async throws -> [String] {
      let attempt = attempts.withValue { count -> Int in
        count += 1
        return count
      }
      context.reportProgress(0.5)
      if attempt <= failures { throw TestFailure(message: "offline (attempt \(attempt))") }
      return query.isEmpty ? [] : ["\(query)-1", "\(query)-2"]
    }
  }

  nonisolated private static func input(_ intent: TestIntent) -> String? {
    if case .send(let query) = intent { query } else { nil }
  }

  @Test("the intent becomes the input and the output becomes effects; other intents are not the skill's")
  func mapsIntentAndOutput() async {
    let fetch = FetchSkill(failures: 0)
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        fetch.handling(
          input: { (intent: TestIntent) -> String? in if case .send(let query) = intent { query } else { nil } },
          started: { query in [.loading("Searching \(query)…")] },
          output: { items in [.append(items)] })
      ],
      reduce: testReduce)
    await agent.send(.send("cat")).finish()
    #expect(agent.items == ["cat-1", "cat-2"])
    #expect(agent.timeline.appliedEffects == [.loading("Searching cat…"), .append(["cat-1", "cat-2"])])
    #expect(agent.mountedSkills.map(\.name) == ["FetchSkill"])
    await agent.send(.load).finish()
    #expect(agent.timeline.kinds.contains(.unhandled))
  }

  @Test("retry composes on the skill before it is mounted; retries wait on the agent's clock")
  func composesWithRetry() async {
    let clock = TestClock()
    let fetch = FetchSkill(failures: 2)
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        fetch.retry(RetryPolicy(maxAttempts: 3, initialDelay: .seconds(1), jitter: 0))
          .handling(input: { (intent: TestIntent) in intent == .load ? "dog" : nil }, output: { [.append($0)] })
      ],
      reduce: testReduce, environment: SkillEnvironment(clock: clock))
    let task = agent.send(.load)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(2))
    await task.finish()
    #expect(fetch.attempts.value == 3)
    #expect(agent.items == ["dog-1", "dog-2"])
  }

  @Test("retry runs each attempt with its number in the context")
  func retryNumbersAttempts() async throws {
    let seen = LockIsolated<[Int]>([])
    let flaky = ClosureSkill<Int, Int>("Flaky") { value, context in
      seen.withValue { $0.append(context.attempt) }
      if context.attempt < 3 { throw TestFailure("try again") }
      return value
    }
    let result = try await flaky.retry(.immediate(maxAttempts: 3)).run(7, environment: SkillEnvironment())
    #expect(result == 7)
    #expect(seen.value == [1, 2, 3])
  }

  @Test("a failure mapping turns the error into effects; the timeline records the skill's error, mapFailure is skipped")
  func failureMapping() async {
    let mapFailureCalls = LockIsolated(0)
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        FetchSkill(failures: 5).handling(
          input: { (intent: TestIntent) in intent == .load ? "x" : nil },
          output: { [.append($0)] },
          failure: { error in [.failure("\(error)")] })
      ],
      reduce: testReduce,
      mapFailure: { _, _ in
        mapFailureCalls.withValue { $0 += 1 }
        return nil
      })
    await agent.send(.load).finish()
    #expect(agent.phase == .failure("offline (attempt 1)"))
    #expect(mapFailureCalls.value == 0)
    let recorded = agent.timeline.entries.contains { entry in
      if case .skillFailed("FetchSkill", let error as TestFailure, _) = entry.event {
        return error.message == "offline (attempt 1)"
      }
      return false
    }
    #expect(recorded)
  }

  @Test("without a failure mapping the agent's mapFailure handles the error")
  func agentMapsUnmappedFailures() async {
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        FetchSkill(failures: 5).handling(
          input: { (intent: TestIntent) in intent == .load ? "x" : nil }, output: { [.append($0)] })
      ],
      reduce: testReduce,
      mapFailure: { error, _ in .failure("mapped: \(error)") })
    await agent.send(.load).finish()
    #expect(agent.phase == .failure("mapped: offline (attempt 1)"))
  }

  @Test("output nil falls through to the next skill by priority: a cache that misses")
  func outputNilFallsThrough() async {
    let cache = ClosureSkill<String, [String]?>("CacheSkill") { query, _ in query == "hit" ? ["cached"] : nil }
    let network = FetchSkill(failures: 0)
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        network.handling(priority: 100, input: Self.input, output: { [.append($0)] }),
        cache.handling(priority: 10, input: Self.input, output: { items in items.map { [.append($0)] } }),
      ],
      reduce: testReduce)
    await agent.send(.send("hit")).finish()
    #expect(agent.items == ["cached"])
    await agent.send(.send("miss")).finish()
    #expect(agent.items == ["cached", "miss-1", "miss-2"])
    #expect(agent.timeline.kinds.contains(.skillFellThrough))
  }

  @Test("progress reports become effects; the policy given at mount applies")
  func progressAndPolicy() async {
    let fetch = FetchSkill(failures: 0)
    let agent = TestAgent(
      context: TestContext(),
      skills: [
        fetch.handling(
          policy: .dropWhileRunning, input: Self.input, progress: { fraction in .note("progress \(fraction)") },
          output: { [.append($0)] })
      ],
      reduce: testReduce)
    await agent.send(.send("a")).finish()
    #expect(agent.notes == ["progress 0.5"])
    let handler: SkillHandler<FetchSkill, TestContext, TestIntent, TestEffect> = fetch.handling(
      policy: .enqueue, input: { (intent: TestIntent) in intent == .load ? "" : nil },
      output: { (items: [String]) -> [TestEffect]? in [.append(items)] })
    #expect(handler.policy(for: .load) == .enqueue)
  }
}

/// An exhaustive router: every intent goes somewhere the compiler checked.
@MainActor
@Suite("Intent routers", .timeLimit(.minutes(1)))
struct IntentRouterTests {
  @Test("a switch routes every intent; .ignore handles one on purpose without an unhandled report")
  func routesEveryIntent() async {
    let load = ClosureIntentSkill<TestContext, TestIntent, TestEffect>(
      "LoadSkill", canHandle: { _ in true },
      handle: { _, _, emit in
        emit(.append(["loaded"]))
        return .handled
      })
    let search = ClosureSkill<String, [String]>("SearchSkill") { query, _ in [query] }
    let router = IntentRouter<TestContext, TestIntent, TestEffect> { intent in
      switch intent {
      case .load, .refresh: .to(load)
      case .send(let text): .run(search, with: text, output: { [.append($0)] })
      case .prefetchMore, .upload, .fail, .other: .ignore
      }
    }
    let reported = LockIsolated<[String]>([])
    let agent = TestAgent(context: TestContext(), skills: [router], reduce: testReduce)
    agent.issueHandler = { issue in reported.withValue { $0.append(issue.message) } }
    await agent.send(.load).finish()
    await agent.send(.send("q")).finish()
    await agent.send(.other).finish()
    #expect(agent.items == ["loaded", "q"])
    #expect(reported.value.isEmpty)
  }

  @Test("routes whose skills keep the default lane do not cancel each other")
  func routesHaveLanesOfTheirOwn() async {
    let latch = Latch()
    let slow = ClosureIntentSkill<TestContext, TestIntent, TestEffect>(
      "SlowSkill", canHandle: { _ in true },
      handle: { _, _, emit in
        await latch.wait()
        emit(.append(["slow"]))
        return .handled
      })
    let fast = ClosureIntentSkill<TestContext, TestIntent, TestEffect>(
      "FastSkill", canHandle: { _ in true },
      handle: { _, _, emit in
        emit(.append(["fast"]))
        return .handled
      })
    let router = IntentRouter<TestContext, TestIntent, TestEffect> { intent in
      switch intent {
      case .load: .to(slow)
      default: .to(fast)
      }
    }
    let agent = TestAgent(context: TestContext(), skills: [router], reduce: testReduce)
    let loading = agent.send(.load)
    await agent.send(.refresh).finish()
    latch.fire()
    await loading.finish()
    #expect(agent.items == ["fast", "slow"])
  }

  @Test("when the routed skill falls through, a lower-priority skill gets the intent")
  func fallThroughPastTheRouter() async {
    let miss = ClosureIntentSkill<TestContext, TestIntent, TestEffect>(
      "CacheSkill", canHandle: { _ in true }, handle: { _, _, _ in .fallthrough })
    let network = ClosureIntentSkill<TestContext, TestIntent, TestEffect>(
      "NetworkSkill", priority: 100, canHandle: { _ in true },
      handle: { _, _, emit in
        emit(.append(["network"]))
        return .handled
      })
    let router = IntentRouter<TestContext, TestIntent, TestEffect>(priority: 10) { _ in .to(miss) }
    let agent = TestAgent(context: TestContext(), skills: [network, router], reduce: testReduce)
    await agent.send(.load).finish()
    #expect(agent.items == ["network"])
  }
}
