import AgentSkill
import AgentSkillTesting
import Foundation
import Testing

private enum Intent: Hashable, Sendable {
  case load
  case slow
  case burst
}

private enum Effect: Hashable, Sendable {
  case setLoading(String)
  case append([String])
  case note(String)
}

private struct Context: Equatable, Sendable {
  enum Phase: Equatable, Sendable {
    case idle
    case loading(String)
    case loaded
  }

  var phase = Phase.idle
  var messages: [String] = []
  var notes: [String] = []
}

@MainActor
private func reduce(_ context: inout Context, _ effect: Effect) -> [Intent] {
  switch effect {
  case .setLoading(let hint): context.phase = .loading(hint)
  case .append(let items):
    context.messages += items
    context.phase = .loaded
  case .note(let note): context.notes.append(note)
  }
  return []
}

private struct LoadSkill: IntentSkill {
  var priority: Int { 100 }

  func canHandle(_ intent: Intent) -> Bool { true }

  func handle(_ intent: Intent, context: Context, emit: EffectSink<Effect>) async throws -> Handling {
    switch intent {
    case .load:
      emit(.setLoading("Loading…"))
      try await emit.sleep(for: .seconds(1))
      emit(.append(["hello", "world"]))
    case .slow:
      try await emit.sleep(for: .seconds(60))
    case .burst:
      emit(contentsOf: [.note("a"), .note("b")])
    }
    return .handled
  }
}

/// Collects the failures a store reports.
@MainActor
private final class Failures {
  var all: [AgentTestFailure] = []
  var kinds: [AgentTestFailure.Kind] { all.map(\.kind) }
  func record(_ failure: AgentTestFailure) { all.append(failure) }
}

@MainActor
@Suite("AgentTestStore", .timeLimit(.minutes(5)))
struct AgentTestStoreTests {
  private func makeStore(
    clock: TestClock, timeout: Duration? = nil, timeoutClock: TestClock = TestClock(), failures: Failures
  ) -> AgentTestStore<Context, Intent, Effect> {
    if let timeout {
      return AgentTestStore(
        context: Context(), skills: [LoadSkill()], reduce: reduce,
        environment: SkillEnvironment(clock: clock), timeout: timeout, timeoutClock: timeoutClock,
        reportFailure: { failures.record($0) })
    }
    return AgentTestStore(
      context: Context(), skills: [LoadSkill()], reduce: reduce,
      environment: SkillEnvironment(clock: clock), timeoutClock: timeoutClock,
      reportFailure: { failures.record($0) })
  }

  @Test func exhaustiveHappyPathReportsNothing() async {
    let clock = TestClock()
    let failures = Failures()
    let store = makeStore(clock: clock, failures: failures)

    await store.send(.load)
    await store.receive(.setLoading("Loading…")) {
      $0.phase = .loading("Loading…")
    }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.receive(.append(["hello", "world"])) {
      $0.messages = ["hello", "world"]
      $0.phase = .loaded
    }
    await store.finish()

    #expect(failures.all.isEmpty)
    #expect(store.context.phase == .loaded)
  }

  @Test func contextMismatchShowsADiffAtTheCallersLine() async throws {
    let clock = TestClock()
    let failures = Failures()
    let store = makeStore(clock: clock, failures: failures)

    await store.send(.load)
    let line = #line + 1
    await store.receive(.setLoading("Loading…")) {
      $0.phase = .loaded
    }
    let failure = try #require(failures.all.first)
    #expect(failures.kinds == [.contextMismatch])
    #expect(failure.location.line == line)
    #expect(failure.location.fileID.hasSuffix("AgentTestStoreTests.swift"))
    #expect(failure.location.filePath.hasSuffix("AgentTestStoreTests.swift"))
    #expect(failure.location.column > 0)
    #expect(
      failure.message == """
        A context change does not match expectation after receive(.setLoading("Loading…")):

            Context(
          -   phase: .loaded,
          +   phase: .loading("Loading…"),
              messages: [],
              notes: [],
            )

        (Expected: -, Actual: +)
        """)
    store.agent.cancelAll()
  }

  @Test func unexpectedEffectIsReportedWithADiff() async throws {
    let failures = Failures()
    let store = makeStore(clock: TestClock(), failures: failures)
    await store.send(.load)
    await store.receive(.setLoading("Refreshing…"))
    let failure = try #require(failures.all.first)
    #expect(failure.kind == .unexpectedEffect)
    #expect(failure.message.contains("- .setLoading(\"Refreshing…\")"))
    #expect(failure.message.contains("+ .setLoading(\"Loading…\")"))
    #expect(failure.message.contains("(Expected: -, Received: +)"))
    store.agent.cancelAll()
  }

  @Test func everyAppliedEffectMustBeReceived() async throws {
    let failures = Failures()
    let store = makeStore(clock: TestClock(), failures: failures)
    await store.send(.burst)
    await store.receive(.note("a")) { $0.notes = ["a"] }
    await store.finish()
    let failure = try #require(failures.all.first)
    #expect(failure.kind == .unreceivedEffects)
    #expect(failure.message.contains("1 effect(s) that were not received"))
    #expect(failure.message.contains(".note(\"b\")"))
  }

  @Test func sendingWithUnreceivedEffectsFails() async throws {
    let failures = Failures()
    let store = makeStore(clock: TestClock(), failures: failures)
    await store.send(.burst).finish()
    await store.send(.burst)
    let failure = try #require(failures.all.first)
    #expect(failure.kind == .unreceivedEffects)
    #expect(failure.message.hasPrefix("Must receive 2 applied effect(s) before sending .burst"))
    await store.receive(.note("a")) { $0.notes = ["a", "b", "a"] }
    await store.receive(.note("b")) { $0.notes = ["a", "b", "a", "b"] }
    await store.finish()
    #expect(failures.all.count == 1)
  }

  @Test func finishReportsIntentsStillInFlight() async throws {
    let timeoutClock = TestClock()
    let failures = Failures()
    let store = makeStore(clock: TestClock(), timeoutClock: timeoutClock, failures: failures)
    await store.send(.slow)
    let finishing = Task { await store.finish() }
    await timeoutClock.waitForSleepers(1)
    await timeoutClock.advance(by: .seconds(30))
    await finishing.value
    let failure = try #require(failures.all.first)
    #expect(failure.kind == .stillRunning)
    #expect(failure.message.hasPrefix("1 intent(s) still in flight after 30.0 seconds:"))
    #expect(failure.message.contains(".slow (LoadSkill)"))
    #expect(failure.message.contains("Advance the TestClock"))
    store.agent.cancelAll()
  }

  @Test func receiveFailsAtOnceWhenEverythingSettled() async throws {
    let failures = Failures()
    let store = makeStore(clock: TestClock(), failures: failures)
    await store.send(.burst).finish()
    await store.receive(.note("a")) { $0.notes = ["a"] }
    await store.receive(.note("b")) { $0.notes = ["a", "b"] }
    await store.receive(.note("c"))
    let failure = try #require(failures.all.first)
    #expect(failure.kind == .effectNotReceived)
    #expect(failure.message.contains("every intent has settled"))
  }

  @Test func receiveWaitsThirtySecondsByDefaultThenAsksAboutTheClock() async throws {
    let timeoutClock = TestClock()
    let failures = Failures()
    let store = makeStore(clock: TestClock(), timeoutClock: timeoutClock, failures: failures)
    #expect(store.timeout == .seconds(30))
    await store.send(.load)
    await store.receive(.setLoading("Loading…")) { $0.phase = .loading("Loading…") }
    let receiving = Task { await store.receive(.append(["hello", "world"])) }
    await timeoutClock.waitForSleepers(1)
    #expect(timeoutClock.pendingDeadlines == [TestClock.Instant(offset: .seconds(30))])
    await timeoutClock.advance(by: .seconds(29))
    // Still waiting: the timer has not fired, nothing was reported.
    #expect(timeoutClock.hasSleepers)
    #expect(failures.all.isEmpty)
    await timeoutClock.advance(by: .seconds(1))
    await receiving.value
    let failure = try #require(failures.all.first)
    #expect(failure.kind == .effectNotReceived)
    #expect(
      failure.message.hasSuffix("but nothing arrived within 30.0 seconds; did you forget to advance the TestClock?"))
    store.agent.cancelAll()
  }

  @Test func theInitializersTimeoutBoundsReceiveAndFinish() async throws {
    let timeoutClock = TestClock()
    let failures = Failures()
    let store = makeStore(clock: TestClock(), timeout: .seconds(3), timeoutClock: timeoutClock, failures: failures)
    #expect(store.timeout == .seconds(3))
    await store.send(.slow)
    let receiving = Task { await store.receive(.note("never")) }
    await timeoutClock.waitForSleepers(1)
    #expect(timeoutClock.pendingDeadlines == [TestClock.Instant(offset: .seconds(3))])
    await timeoutClock.advance(by: .seconds(3))
    await receiving.value
    #expect(failures.kinds == [.effectNotReceived])
    #expect(failures.all.first?.message.contains("nothing arrived within 3.0 seconds") == true)

    let finishing = Task { await store.finish() }
    await timeoutClock.waitForSleepers(1)
    #expect(timeoutClock.pendingDeadlines == [TestClock.Instant(offset: .seconds(6))])
    await timeoutClock.advance(by: .seconds(3))
    await finishing.value
    #expect(failures.kinds == [.effectNotReceived, .stillRunning])
    store.agent.cancelAll()
  }

  @Test func aTimeoutPassedToReceiveOverridesTheStores() async throws {
    let timeoutClock = TestClock()
    let failures = Failures()
    let store = makeStore(clock: TestClock(), timeout: .seconds(3), timeoutClock: timeoutClock, failures: failures)
    store.timeout = .seconds(90)
    await store.send(.slow)
    let receiving = Task { await store.receive(.note("never"), timeout: .milliseconds(1500)) }
    await timeoutClock.waitForSleepers(1)
    #expect(timeoutClock.pendingDeadlines == [TestClock.Instant(offset: .milliseconds(1500))])
    await timeoutClock.advance(by: .milliseconds(1500))
    await receiving.value
    #expect(failures.kinds == [.effectNotReceived])
    #expect(failures.all.first?.message.contains("nothing arrived within 1.5 seconds") == true)

    let finishing = Task { await store.finish() }
    await timeoutClock.waitForSleepers(1)
    // The property set after init is the store's timeout from now on.
    #expect(timeoutClock.pendingDeadlines == [TestClock.Instant(offset: .seconds(91.5))])
    await timeoutClock.advance(by: .seconds(90))
    await finishing.value
    #expect(failures.kinds == [.effectNotReceived, .stillRunning])
    store.agent.cancelAll()
  }

  @Test func nonExhaustiveStoreSkipsEffectsAndChecksOnlyWhatTheClosureChanges() async {
    let clock = TestClock()
    let failures = Failures()
    let store = makeStore(clock: clock, failures: failures)
    store.exhaustivity = .off
    await store.send(.load)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.receive(.append(["hello", "world"])) {
      $0.phase = .loaded
    }
    await store.send(.burst)
    await store.finish()
    #expect(failures.all.isEmpty)

    await store.send(.burst)
    await store.receive(.note("b")) { $0.notes.append("wrong") }
    #expect(failures.kinds == [.contextMismatch])
  }

  @Test func sendAssertionExplainsThatEffectsChangeTheContext() async throws {
    let failures = Failures()
    let store = makeStore(clock: TestClock(), failures: failures)
    await store.send(.load) { $0.phase = .loading("Loading…") }
    let failure = try #require(failures.all.first)
    #expect(failure.kind == .contextMismatch)
    #expect(failure.message.contains("assert those changes in receive(_:assert:)"))
    store.agent.cancelAll()
  }

  @Test func receiveWherePredicateMatches() async {
    let failures = Failures()
    let store = makeStore(clock: TestClock(), failures: failures)
    await store.send(.burst)
    await store.receive(where: { if case .note = $0 { true } else { false } }, assert: { $0.notes = ["a"] })
    await store.receive(where: { $0 == .note("b") }, assert: { $0.notes = ["a", "b"] })
    await store.finish()
    #expect(failures.all.isEmpty)
  }

  @Test func throwingAssertionIsReported() async {
    struct Oops: Error {}
    let failures = Failures()
    let store = makeStore(clock: TestClock(), failures: failures)
    await store.send(.burst)
    await store.receive(.note("a")) { _ in throw Oops() }
    #expect(failures.kinds == [.assertionThrew])
    store.skipReceivedEffects()
  }

  @Test func effectRecorderCollectsASkillsEffects() async throws {
    let recorder = EffectRecorder<Effect>(skillName: "LoadSkill")
    let handling = try await LoadSkill().handle(.burst, context: Context(), emit: recorder.sink)
    #expect(handling == .handled)
    #expect(recorder.effects == [.note("a"), .note("b")])
    #expect(recorder.sink.skillContext.skillName == "LoadSkill")
  }
}

/// Intents nobody handles, and edits a binding applies.
@MainActor
@Suite("AgentTestStore: unhandled intents and applied edits", .timeLimit(.minutes(1)))
struct AgentTestStoreIssueTests {
  /// Handles `.load` only; `.burst` and `.slow` reach nobody.
  private struct OnlyLoads: IntentSkill {
    var priority: Int { 7 }
    func canHandle(_ intent: Intent) -> Bool { intent == .load }
    func handle(_ intent: Intent, context: Context, emit: EffectSink<Effect>) async throws -> Handling {
      emit(.note("loaded"))
      return .handled
    }
  }

  @Test("an intent no skill handles fails the test, naming the intent and the mounted skills")
  func unhandledIntentFails() async {
    let failures = Failures()
    let store = AgentTestStore(
      context: Context(), skills: [OnlyLoads()], reduce: reduce, reportFailure: { failures.record($0) })
    await store.send(.burst)
    await store.finish()
    #expect(failures.kinds == [.unhandledIntent])
    let message = failures.all.first?.message ?? ""
    #expect(message.contains("no skill handled burst"))
    #expect(message.contains("mounted: OnlyLoads(7)"))
    #expect(failures.all.first?.location.line == #line - 6)
  }

  @Test("apply asserts the change at once; nothing is left to receive")
  func applyAssertsAtOnce() async {
    let failures = Failures()
    let store = AgentTestStore(
      context: Context(), skills: [OnlyLoads()], reduce: reduce, reportFailure: { failures.record($0) })
    store.apply(.note("typed")) {
      $0.notes = ["typed"]
    }
    store.apply(.append(["x"])) {
      $0.messages = ["x"]  // the phase change is missing: reported as a mismatch
    }
    await store.finish()
    #expect(failures.kinds == [.contextMismatch])
    #expect(store.context.phase == .loaded)
  }
}
