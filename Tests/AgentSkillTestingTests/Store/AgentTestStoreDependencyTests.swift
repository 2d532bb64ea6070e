import AgentSkill
import AgentSkillTesting
import Foundation
import Testing

/// How often a live value was read: a test must never reach it unnoticed.
private let liveReads = LockIsolated(0)

/// A greeting service with a live value only.
private enum LiveOnlyGreetingKey: SkillDependencyKey {
  static var liveValue: String {
    liveReads.withValue { $0 += 1 }
    return "live"
  }
}

/// A greeting service with a test value.
private enum GreetingKey: SkillDependencyKey {
  static let liveValue = "live hello"
  static let testValue = "test hello"
}

private enum Intent: Hashable, Sendable { case greet, greetLiveOnly }
private enum Effect: Hashable, Sendable { case said(String) }
private struct Context: Equatable, Sendable { var said: [String] = [] }

@MainActor
private func reduce(_ context: inout Context, _ effect: Effect) -> [Intent] {
  if case .said(let text) = effect { context.said.append(text) }
  return []
}

private struct GreetSkill: IntentSkill {
  var priority: Int { 0 }
  func canHandle(_ intent: Intent) -> Bool { true }
  func handle(_ intent: Intent, context: Context, emit: EffectSink<Effect>) async throws -> Handling {
    switch intent {
    case .greet: emit(.said(emit.dependencies[GreetingKey.self]))
    case .greetLiveOnly: emit(.said(emit.dependencies[LiveOnlyGreetingKey.self]))
    }
    return .handled
  }
}

/// Collects the failures a store reports.
@MainActor
private final class Failures {
  var all: [AgentTestFailure] = []
  func record(_ failure: AgentTestFailure) { all.append(failure) }
}

@MainActor
@Suite("AgentTestStore: dependencies and existing agents", .serialized, .timeLimit(.minutes(1)))
struct AgentTestStoreDependencyTests {
  @Test("a dependency with a test value reads it in the store; the app reads the live value")
  func testValuesInTheStore() async {
    let failures = Failures()
    let store = AgentTestStore(
      context: Context(), skills: [GreetSkill()], reduce: reduce, reportFailure: { failures.record($0) })
    await store.send(.greet)
    await store.receive(.said("test hello")) { $0.said = ["test hello"] }
    await store.finish()
    #expect(failures.all.isEmpty)
    #expect(SkillDependencies()[GreetingKey.self] == "live hello")
  }

  @Test("a dependency without a test value fails the test with its name and how to fix it")
  func missingTestValueFails() async {
    let failures = Failures()
    let store = AgentTestStore(
      context: Context(), skills: [GreetSkill()], reduce: reduce, reportFailure: { failures.record($0) })
    await store.send(.greetLiveOnly)
    await store.receive(.said("live")) { $0.said = ["live"] }
    await store.finish()
    #expect(failures.all.map(\.kind) == [.unimplementedDependency])
    let message = failures.all.first?.message ?? ""
    #expect(message.contains("LiveOnlyGreetingKey"))
    #expect(message.contains("has no test value"))
    #expect(message.contains("static var testValue"))
  }

  @Test("a value set in the test's environment wins over both, and nothing is reported")
  func overridesWin() async {
    let failures = Failures()
    var environment = SkillEnvironment()
    environment.dependencies[LiveOnlyGreetingKey.self] = "mocked"
    let before = liveReads.value
    let store = AgentTestStore(
      context: Context(), skills: [GreetSkill()], reduce: reduce, environment: environment,
      reportFailure: { failures.record($0) })
    await store.send(.greetLiveOnly)
    await store.receive(.said("mocked")) { $0.said = ["mocked"] }
    await store.finish()
    #expect(failures.all.isEmpty)
    #expect(liveReads.value == before)
  }

  @Test("testing(reportingMissing:) reports each read of a key without a test value; live values report nothing")
  func testingReportsMissingKeys() {
    let reported = LockIsolated<[String]>([])
    let dependencies = SkillDependencies().testing { key in reported.withValue { $0.append(key) } }
    #expect(dependencies.isTesting)
    #expect(dependencies[GreetingKey.self] == "test hello")
    #expect(dependencies[LiveOnlyGreetingKey.self] == "live")
    #expect(reported.value.count == 1)
    #expect(reported.value.first?.hasSuffix("LiveOnlyGreetingKey") == true)
    #expect(!SkillDependencies().isTesting)
    _ = SkillDependencies()[LiveOnlyGreetingKey.self]
    #expect(reported.value.count == 1)
  }

  @Test("a store wraps an agent that already exists and records its effects from then on")
  func wrapsAnExistingAgent() async {
    let failures = Failures()
    let agent = Agent(
      context: Context(), skills: [GreetSkill()], reduce: reduce,
      environment: SkillEnvironment(dependencies: SkillDependencies().testing { _ in }))
    agent.apply(.said("before the store"))
    let store = AgentTestStore(agent, reportFailure: { failures.record($0) })
    #expect(store.context.said == ["before the store"])
    await store.send(.greet)
    await store.receive(.said("test hello")) { $0.said.append("test hello") }
    store.apply(.said("typed")) { $0.said.append("typed") }
    await store.send(.greet)
    await store.finish()
    // The second greeting was applied and never received.
    #expect(failures.all.map(\.kind) == [.unreceivedEffects])
    #expect(agent.context.said == ["before the store", "test hello", "typed", "test hello"])
  }
}
