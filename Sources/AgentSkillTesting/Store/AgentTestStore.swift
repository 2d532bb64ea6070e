import AgentSkill
import Foundation
import Observation

/// A test harness for an ``/AgentSkill/Agent``: send intents, then assert every effect
/// the agent applies, in order, and exactly how each one changes the context
/// (exhaustive by default, like TCA's `TestStore`).
///
/// ```swift
/// struct Inbox: Equatable, Sendable {
///   var status = "idle"
///   var messages: [String] = []
///
///   static func reduce(_ inbox: inout Inbox, _ effect: InboxEffect) -> [InboxIntent] {
///     switch effect {
///     case .setStatus(let status): inbox.status = status
///     case .show(let messages): (inbox.messages, inbox.status) = (messages, "loaded")
///     }
///     return []
///   }
/// }
///
/// enum InboxIntent: Sendable { case load }
///
/// enum InboxEffect: Equatable, Sendable {
///   case setStatus(String)
///   case show([String])
/// }
///
/// struct LoadInboxSkill: IntentSkill {
///   let priority = 0
///
///   func canHandle(_ intent: InboxIntent) -> Bool { true }
///
///   func handle(_ intent: InboxIntent, context: Inbox, emit: EffectSink<InboxEffect>) async throws -> Handling {
///     emit(.setStatus("loading"))
///     try await emit.sleep(for: .seconds(1))  // on the agent's clock
///     emit(.show(["See you at 3 pm?"]))
///     return .handled
///   }
/// }
///
/// @MainActor struct InboxTests {
///   @Test func loadShowsMessages() async {
///     let clock = TestClock()
///     let store = AgentTestStore(
///       context: Inbox(),
///       skills: [LoadInboxSkill()],
///       reduce: Inbox.reduce,
///       environment: SkillEnvironment(clock: clock))
///
///     await store.send(.load)
///     await store.receive(.setStatus("loading")) {
///       $0.status = "loading"
///     }
///     await clock.waitForSleepers(1)
///     await clock.advance(by: .seconds(1))
///     await store.receive(.show(["See you at 3 pm?"])) {
///       $0.messages = ["See you at 3 pm?"]
///       $0.status = "loaded"
///     }
///     await store.finish()
///   }
/// }
/// ```
///
/// An agent changes its context only when effects are applied, never when an
/// intent is sent; assert those changes in ``receive(_:timeout:assert:fileID:filePath:line:column:)``.
/// With ``AgentTestExhaustivity/on`` (the default):
/// - every applied effect must be received, in order, before the next
///   ``send(_:assert:fileID:filePath:line:column:)`` and by ``finish(timeout:fileID:filePath:line:column:)``;
/// - each `assert` closure must describe the whole change: it receives the
///   context after the previous step and must turn it into the actual one;
/// - ``finish(timeout:fileID:filePath:line:column:)`` fails when intents are still in flight.
///
/// Failures show a line diff (`-` expected, `+` actual) and point at the
/// caller's line. They go to the `reportFailure` closure, which records a
/// Swift Testing issue by default; pass your own to assert on failures.
///
/// Waiting never sleeps on the wall clock when things go right: an effect
/// wakes the store at once. ``timeout`` (on `timeoutClock`) only bounds how
/// long a failing test waits for an effect that will never come — typically
/// because a `TestClock` was not advanced.
@MainActor
public final class AgentTestStore<Context: Equatable & Sendable, Intent: Sendable, Effect: Equatable & Sendable> {
  /// The agent under test.
  public let agent: Agent<Context, Intent, Effect>
  /// How strictly the store checks; ``AgentTestExhaustivity/on`` by default.
  public var exhaustivity: AgentTestExhaustivity = .on
  /// How long ``receive(_:timeout:assert:fileID:filePath:line:column:)`` and
  /// ``finish(timeout:fileID:filePath:line:column:)`` wait for work that
  /// never completes before failing. 30 seconds unless the initializer's
  /// `timeout` says otherwise.
  ///
  /// A passing test never waits for it: the store wakes as soon as an effect
  /// is applied or every intent has settled, typically within microseconds.
  /// It only runs out while intents are still in flight and nothing arrives —
  /// a `TestClock` nobody advanced — so it is generous, to stay clear of a
  /// machine loaded with parallel builds or a sanitizer, where a scheduling
  /// stall of a second or more is ordinary. It stays well under Swift
  /// Testing's smallest time limit (`.timeLimit(.minutes(1))`), so a broken
  /// test fails with the store's explanation rather than the time limit's.
  public var timeout: Duration

  private let recorder: AppliedEffects<Context, Effect>
  private let reportFailure: @MainActor (AgentTestFailure) -> Void
  private let timeoutClock: any Clock<Duration>
  /// The context after the last asserted step.
  private var expectedContext: Context
  private var tasks: [(intent: String, task: AgentTask)] = []
  private var wakeUp: CheckedContinuation<Void, Never>?
  private var watchers: [Task<Void, Never>] = []
  /// Collects the dependencies read without a test value, for the agents the store creates.
  private var missingTestValues: MissingTestValues?
  /// Where the test last called the store: an issue the agent reports later (a follow-up nobody handled) is
  /// reported there.
  private var lastLocation: AgentTestSourceLocation?

  /// Creates a store around a new agent.
  ///
  /// - Parameters:
  ///   - context: The agent's initial context.
  ///   - skills: The skills to mount.
  ///   - reduce: The agent's reducer.
  ///   - mapFailure: The agent's failure mapping. Defaults to recording only.
  ///   - name: The agent's name. Defaults to `Agent`.
  ///   - environment: The agent's environment; pass a `TestClock`. Its
  ///     dependencies are read as in a test (``/AgentSkill/SkillDependencies/testing(reportingMissing:)``):
  ///     a dependency read without a test value fails the test with its name.
  ///   - timeline: The agent's timeline options.
  ///   - timeout: How long to wait for work that never completes before
  ///     failing (``timeout``). Defaults to 30 seconds.
  ///   - timeoutClock: The clock ``timeout`` is measured on. Defaults to
  ///     `ContinuousClock`; pass a `TestClock` to drive timeouts by hand.
  ///   - reportFailure: Receives every failure. Defaults to
  ///     ``AgentTestFailure/recordIssue(_:)``.
  public convenience init(
    context: Context,
    skills: [any IntentSkill<Context, Intent, Effect>],
    reduce: @escaping @MainActor (inout Context, Effect) -> [Intent],
    mapFailure: @escaping @MainActor (any Error, Intent) -> Effect? = { _, _ in nil },
    name: String = "Agent",
    environment: SkillEnvironment = SkillEnvironment(),
    timeline: AgentTimelineOptions = AgentTimelineOptions(),
    timeout: Duration = .seconds(30),
    timeoutClock: any Clock<Duration> = ContinuousClock(),
    reportFailure: @escaping @MainActor (AgentTestFailure) -> Void = { AgentTestFailure.recordIssue($0) }
  ) {
    let missing = MissingTestValues()
    var environment = environment
    environment.dependencies = environment.dependencies.testing { key in missing.report(key) }
    let agent = Agent(
      context: context, skills: skills, reduce: reduce, mapFailure: mapFailure, name: name,
      environment: environment, timeline: timeline)
    self.init(agent, timeout: timeout, timeoutClock: timeoutClock, reportFailure: reportFailure)
    missingTestValues = missing
  }

  /// Creates a store around an agent that already exists — a `ChatAgent`'s
  /// `agent`, or one your app's factory built — from its current context on.
  ///
  /// ```swift
  /// @MainActor func loading(_ makeAgent: () -> Agent<[String], String, String>) async {
  ///   let store = AgentTestStore(makeAgent())
  ///   await store.send("load")
  ///   await store.receive("loaded") { $0.append("hello") }
  ///   await store.finish()
  /// }
  /// ```
  ///
  /// The store records every effect the agent applies from now on; effects
  /// applied before are part of the starting context. Build the agent with a
  /// test environment (`SkillEnvironment(clock: TestClock(), dependencies: .testing())`)
  /// so that a dependency read without a test value fails the test.
  ///
  /// - Parameters:
  ///   - agent: The agent under test. One store at a time watches an agent.
  ///   - timeout: How long to wait for work that never completes before
  ///     failing (``timeout``). Defaults to 30 seconds.
  ///   - timeoutClock: The clock ``timeout`` is measured on. Defaults to `ContinuousClock`.
  ///   - reportFailure: Receives every failure. Defaults to ``AgentTestFailure/recordIssue(_:)``.
  public init(
    _ agent: Agent<Context, Intent, Effect>,
    timeout: Duration = .seconds(30),
    timeoutClock: any Clock<Duration> = ContinuousClock(),
    reportFailure: @escaping @MainActor (AgentTestFailure) -> Void = { AgentTestFailure.recordIssue($0) }
  ) {
    let recorder = AppliedEffects<Context, Effect>()
    self.recorder = recorder
    self.agent = agent
    self.expectedContext = agent.context
    self.timeout = timeout
    self.timeoutClock = timeoutClock
    self.reportFailure = reportFailure
    recorder.onRecord = { [weak self] in self?.wake() }
    agent.effectHandler = { effect, context in recorder.record(effect, context: context) }
    agent.issueHandler = { [weak self] issue in self?.agentReported(issue) }
  }

  /// The agent's current context.
  public var context: Context { agent.context }

  /// The effects applied but not received yet, oldest first.
  public var pendingEffects: [Effect] { recorder.pending.map(\.effect) }

  /// Sends `intent` to the agent.
  ///
  /// With exhaustivity on, fails first when applied effects were not
  /// received. An agent's context never changes when an intent is sent, so
  /// `assert` — the change expected right now — is usually omitted; describe
  /// effect-driven changes in ``receive(_:timeout:assert:fileID:filePath:line:column:)``.
  ///
  /// - Parameters:
  ///   - intent: The intent.
  ///   - assert: Turns the expected context into the context expected now.
  ///   - fileID: The caller's file identifier.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  /// - Returns: The intent's handle.
  @discardableResult
  public func send(
    _ intent: Intent,
    assert: ((inout Context) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async -> AgentTask {
    let location = AgentTestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    if !recorder.pending.isEmpty {
      if exhaustivity == .on {
        fail(
          .unreceivedEffects,
          "Must receive \(recorder.pending.count) applied effect(s) before sending \(describe(intent)):\n\n"
            + list(recorder.pending.map(\.effect)), at: location)
      }
      skipReceivedEffects()
    }
    failMissingTestValues(at: lastLocation ?? location)
    lastLocation = location
    let task = agent.send(intent)
    tasks.append((describe(intent), task))
    let watched = task
    watchers.append(
      Task { [weak self] in
        await watched.finish()
        self?.wake()
      })
    check(
      step: "send(\(describe(intent)))", expected: expectedContext, actual: agent.context, assert: assert,
      hint: "An agent's context changes only when effects are applied; assert those changes in receive(_:assert:).",
      at: location)
    return task
  }

  /// Applies `effect` through the agent's reducer now, as a view's binding
  /// does (``/AgentSkill/Agent/apply(_:)``), and asserts how it changed the context.
  ///
  /// ```swift
  /// @MainActor func typing(_ store: AgentTestStore<FormContext<SignUpField>, FormIntent<SignUpField>, FormEffect<SignUpField>>) async {
  ///   store.apply(.setValue(.email, "ada")) {
  ///     $0.values[.email] = "ada"
  ///     $0.touched = [.email]
  ///     $0.errors = [.email: "That doesn't look like an email"]
  ///   }
  ///   await store.finish()
  /// }
  /// ```
  ///
  /// The change happens before this returns, so there is nothing to
  /// receive for it; the reducer's follow-up intents are sent, and the
  /// effects of their runs are received as usual. With exhaustivity on,
  /// fails first when applied effects were not received.
  ///
  /// - Parameters:
  ///   - effect: The effect, as a binding would apply it.
  ///   - assert: Turns the expected context into the one expected after the effect.
  ///   - fileID: The caller's file identifier.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  public func apply(
    _ effect: Effect,
    assert: ((inout Context) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) {
    let location = AgentTestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    failMissingTestValues(at: lastLocation ?? location)
    lastLocation = location
    if !recorder.pending.isEmpty {
      if exhaustivity == .on {
        fail(
          .unreceivedEffects,
          "Must receive \(recorder.pending.count) applied effect(s) before applying \(ValueDump.text(of: effect)):\n\n"
            + list(recorder.pending.map(\.effect)), at: location)
      }
      skipReceivedEffects()
    }
    agent.apply(effect)
    // What the reducer just applied is this step's change, asserted here rather than received.
    recorder.pending.removeAll()
    let expected = expectedContext
    expectedContext = agent.context
    check(
      step: "apply(\(ValueDump.text(of: effect)))", expected: expected, actual: agent.context, assert: assert,
      hint: nil, at: location)
  }

  /// Asserts that the next applied effect is `expected`, and how it changed the context.
  ///
  /// Waits for the effect when none is pending, until it arrives, every
  /// intent sent through the store has settled, or ``timeout`` passes.
  /// With exhaustivity off, effects before the first one equal to `expected`
  /// are skipped.
  ///
  /// - Parameters:
  ///   - expected: The effect expected next.
  ///   - timeout: How long to wait for work that never completes. Defaults to ``timeout``.
  ///   - assert: Turns the context expected before the effect into the one expected after it.
  ///   - fileID: The caller's file identifier.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  public func receive(
    _ expected: Effect,
    timeout: Duration? = nil,
    assert: ((inout Context) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async {
    let location = AgentTestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    failMissingTestValues(at: lastLocation ?? location)
    lastLocation = location
    await receive(
      description: ValueDump.text(of: expected), matching: { $0 == expected }, showDiffWith: expected,
      timeout: timeout, assert: assert, at: location)
  }

  /// Asserts that the next applied effect matches `predicate`, and how it
  /// changed the context; for effects carrying values the test cannot
  /// predict (identifiers, dates).
  ///
  /// - Parameters:
  ///   - predicate: Whether an effect is the expected one.
  ///   - timeout: How long to wait for work that never completes. Defaults to ``timeout``.
  ///   - assert: Turns the context expected before the effect into the one expected after it.
  ///   - fileID: The caller's file identifier.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  public func receive(
    where predicate: (Effect) -> Bool,
    timeout: Duration? = nil,
    assert: ((inout Context) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async {
    let location = AgentTestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    failMissingTestValues(at: lastLocation ?? location)
    lastLocation = location
    await receive(
      description: "an effect matching the predicate", matching: predicate, showDiffWith: nil, timeout: timeout,
      assert: assert, at: location)
  }

  /// Waits for every intent sent through the store to settle, then checks
  /// that every applied effect was received.
  ///
  /// Fails, listing them, when intents are still in flight after `timeout`
  /// (advance the `TestClock`, or cancel them), and — with exhaustivity on —
  /// when applied effects were not received.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait. Defaults to ``timeout``.
  ///   - fileID: The caller's file identifier.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  public func finish(
    timeout: Duration? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async {
    let location = AgentTestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    failMissingTestValues(at: lastLocation ?? location)
    lastLocation = location
    let settled = await waitUntil(timeout: timeout ?? self.timeout) { $0.allSettled }
    failMissingTestValues(at: location)
    if !settled {
      let running = agent.activeRuns.map { run in
        "  \(describe(run.intent)) (\(run.skill)\(run.isQueued ? ", queued" : ""))"
      }
      let sent = tasks.filter { !$0.task.isSettled }.map { "  \($0.intent)" }
      let lines = running.isEmpty ? sent : running
      fail(
        .stillRunning,
        "\(lines.count) intent(s) still in flight after \(timeout ?? self.timeout):\n\n"
          + lines.joined(separator: "\n")
          + "\n\nAdvance the TestClock until they finish, or cancel them (store.agent.cancelAll()).",
        at: location)
    }
    if exhaustivity == .on, !recorder.pending.isEmpty {
      fail(
        .unreceivedEffects,
        "The agent applied \(recorder.pending.count) effect(s) that were not received:\n\n"
          + list(recorder.pending.map(\.effect)),
        at: location)
    }
    skipReceivedEffects()
    for watcher in watchers { watcher.cancel() }
    watchers.removeAll()
  }

  /// Forgets the applied effects not received yet; the expected context
  /// becomes the current one.
  public func skipReceivedEffects() {
    if let last = recorder.pending.last { expectedContext = last.context }
    recorder.pending.removeAll()
  }

  // MARK: - Internals

  private var allSettled: Bool { tasks.allSatisfy { $0.task.isSettled } && agent.isIdle }

  private func receive(
    description: String, matching predicate: (Effect) -> Bool, showDiffWith expected: Effect?,
    timeout: Duration?, assert: ((inout Context) throws -> Void)?, at location: AgentTestSourceLocation
  ) async {
    let limit = timeout ?? self.timeout
    while true {
      if exhaustivity == .off {
        while let first = recorder.pending.first, !predicate(first.effect) {
          expectedContext = first.context
          recorder.pending.removeFirst()
        }
      }
      if !recorder.pending.isEmpty { break }
      let arrived = await waitUntil(timeout: limit) { !$0.recorder.pending.isEmpty || $0.allSettled }
      if recorder.pending.isEmpty {
        let reason =
          arrived
          ? "every intent has settled and no further effect was applied."
          : "nothing arrived within \(limit); did you forget to advance the TestClock?"
        fail(.effectNotReceived, "Expected to receive\n\n\(indent(description))\n\nbut \(reason)", at: location)
        return
      }
    }
    let next = recorder.pending.removeFirst()
    let before = expectedContext
    expectedContext = next.context
    guard predicate(next.effect) else {
      var message = "Received an unexpected effect:\n\n"
      if let expected,
        let diff = LineDiff.render(
          expected: ValueDump.lines(of: expected), actual: ValueDump.lines(of: next.effect))
      {
        message += indent(diff) + "\n\n(Expected: -, Received: +)"
      } else {
        message += "Expected:\n\(indent(description))\n\nReceived:\n\(indent(ValueDump.text(of: next.effect)))"
      }
      fail(.unexpectedEffect, message, at: location)
      return
    }
    check(
      step: "receive(\(ValueDump.text(of: next.effect)))", expected: before, actual: next.context, assert: assert,
      hint: nil, at: location)
  }

  /// Compares the expected context (after `assert`) with `actual`.
  private func check(
    step: String, expected: Context, actual: Context, assert: ((inout Context) throws -> Void)?,
    hint: String?, at location: AgentTestSourceLocation
  ) {
    var expectation = exhaustivity == .on ? expected : actual
    do {
      try assert?(&expectation)
    } catch {
      fail(.assertionThrew, "The assert closure of \(step) threw: \(error)", at: location)
      return
    }
    guard expectation != actual else { return }
    let diff =
      LineDiff.render(expected: ValueDump.lines(of: expectation), actual: ValueDump.lines(of: actual))
      ?? "  (the dumps are identical, but the values are not equal)"
    var message = "A context change does not match expectation after \(step):\n\n\(indent(diff))\n\n"
    message += "(Expected: -, Actual: +)"
    if let hint { message += "\n\n\(hint)" }
    fail(.contextMismatch, message, at: location)
  }

  /// Suspends until `condition` holds or `timeout` passes on the timeout
  /// clock; returns whether the condition holds.
  private func waitUntil(timeout: Duration, _ condition: (AgentTestStore) -> Bool) async -> Bool {
    if condition(self) { return true }
    let timedOut = LockIsolated(false)
    let clock = timeoutClock
    let timer = Task { [weak self] in
      do {
        try await Self.sleep(on: clock, for: timeout)
      } catch {
        return
      }
      timedOut.setValue(true)
      self?.wake()
    }
    defer { timer.cancel() }
    while !condition(self), !timedOut.value {
      // Runs the store did not start (follow-ups of an applied effect) end without a handle to watch: the
      // agent's runs are observable, so their end wakes the store too.
      withObservationTracking {
        _ = agent.isIdle
      } onChange: { [weak self] in
        MainActor.assumeIsolated { self?.wake() }
      }
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        wakeUp = continuation
      }
    }
    return condition(self)
  }

  private func wake() {
    let continuation = wakeUp
    wakeUp = nil
    continuation?.resume()
  }

  private nonisolated static func sleep<C: Clock>(on clock: C, for duration: Duration) async throws
  where C.Duration == Duration {
    try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: nil)
  }

  /// Fails the test with an issue the agent reported, at the step that led to it.
  private func agentReported(_ issue: AgentIssue) {
    let location =
      lastLocation ?? AgentTestSourceLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
    switch issue.kind {
    case .unhandledIntent:
      fail(.unhandledIntent, "The agent \(issue.agent) reported: \(issue.message)", at: location)
    case .appliedWhileReducing:
      fail(.unexpectedEffect, "The agent \(issue.agent) reported: \(issue.message)", at: location)
    }
  }

  /// Fails the test for each dependency a skill read without a test value since the last step.
  private func failMissingTestValues(at location: AgentTestSourceLocation) {
    for key in missingTestValues?.take() ?? [] {
      fail(.unimplementedDependency, SkillDependencies.missingTestValueMessage(key), at: location)
    }
  }

  private func fail(_ kind: AgentTestFailure.Kind, _ message: String, at location: AgentTestSourceLocation) {
    reportFailure(AgentTestFailure(kind: kind, message: message, location: location))
  }

  private func describe(_ value: Any) -> String { ValueDump.text(of: value) }

  private func list(_ effects: [Effect]) -> String {
    effects.enumerated().map { index, effect in
      let lines = ValueDump.lines(of: effect)
      return "  [\(index)]: " + lines.joined(separator: "\n      ")
    }.joined(separator: "\n")
  }

  private func indent(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
  }
}

/// The effects an agent applied, each with the context right after it.
@MainActor
final class AppliedEffects<Context: Sendable, Effect: Sendable> {
  var pending: [(effect: Effect, context: Context)] = []
  var onRecord: (() -> Void)?

  func record(_ effect: Effect, context: Context) {
    pending.append((effect, context))
    onRecord?()
  }
}

/// The dependencies read without a test value, reported from any thread and
/// failed by the store at its next step.
final class MissingTestValues: Sendable {
  private let keys = LockIsolated<[String]>([])

  /// Records `key`, once.
  func report(_ key: String) {
    keys.withValue { if !$0.contains(key) { $0.append(key) } }
  }

  /// The keys reported since the last call.
  func take() -> [String] {
    keys.withValue { keys in
      defer { keys.removeAll() }
      return keys
    }
  }
}
