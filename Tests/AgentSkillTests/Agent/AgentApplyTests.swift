import AgentSkill
import AgentSkillTesting
import Foundation
import Observation
import Testing

/// `apply(_:)`: a view changes the context synchronously through the reducer, and the runs are observable state.
@MainActor
@Suite("Agent: synchronous edits and observable runs", .timeLimit(.minutes(1)))
struct AgentApplyTests {
  struct Draft: Equatable, Sendable {
    var email = ""
    var subscribed = false
    var checks: [String] = []
    var notes: [String] = []
  }

  enum Edit: Equatable, Sendable {
    case setEmail(String)
    case setSubscribed(Bool)
    case note(String)
    case checked(String)
    case applyWhileReducing
  }

  enum Intent: Hashable, Sendable {
    case check(String)
    case wait
  }

  /// The reducer asks for a check of every non-empty email, as a form does.
  final class Reducer: Sendable {
    let agent = LockIsolated<Agent<Draft, Intent, Edit>?>(nil)

    @MainActor func reduce(_ draft: inout Draft, _ edit: Edit) -> [Intent] {
      switch edit {
      case .setEmail(let email):
        draft.email = email
        return email.isEmpty ? [] : [.check(email)]
      case .setSubscribed(let value): draft.subscribed = value
      case .note(let note): draft.notes.append(note)
      case .checked(let email): draft.checks.append(email)
      case .applyWhileReducing: agent.value?.apply(.note("late"))
      }
      return []
    }
  }

  private func makeAgent(
    latch: Latch = Latch(), timeline: AgentTimelineOptions = AgentTimelineOptions(capacity: 100)
  ) -> (Agent<Draft, Intent, Edit>, Reducer) {
    let check = ClosureIntentSkill<Draft, Intent, Edit>(
      "CheckSkill", policy: { _ in .parallel }, canHandle: { _ in true },
      handle: { intent, _, emit in
        switch intent {
        case .check(let email): emit(.checked(email))
        case .wait: await latch.wait()
        }
        return .handled
      })
    let reducer = Reducer()
    let agent = Agent<Draft, Intent, Edit>(
      context: Draft(), skills: [check], reduce: { reducer.reduce(&$0, $1) }, timeline: timeline)
    reducer.agent.setValue(agent)
    return (agent, reducer)
  }

  @Test("apply changes the field before it returns, and records the effect")
  func applyIsSynchronous() {
    let (agent, _) = makeAgent()
    agent.apply(.setSubscribed(true))
    #expect(agent.subscribed)
    #expect(agent.context.subscribed)
    #expect(agent.timeline.appliedEffects == [.setSubscribed(true)])
  }

  @Test("apply notifies the observers of the changed field once, and no others")
  func applyNotifiesPerField() {
    let (agent, _) = makeAgent()
    let subscribed = Notifications { _ = agent.subscribed }
    let email = Notifications { _ = agent.email }
    agent.apply(.setSubscribed(true))
    #expect(subscribed.count == 1)
    #expect(email.count == 0)
    subscribed.render()
    agent.apply(.setSubscribed(true))  // equal: nothing to tell
    #expect(subscribed.count == 1)
  }

  @Test("the reducer's follow-ups of an applied effect are sent: an edit starts its asynchronous check")
  func applySendsFollowUps() async {
    let (agent, _) = makeAgent()
    agent.apply(.setEmail("ada@example.com"))
    #expect(agent.email == "ada@example.com")
    #expect(await eventually("the check ran") { agent.checks == ["ada@example.com"] })
    #expect(agent.timeline.kinds.contains(.followUp))
  }

  @Test("typing applies every keystroke in order, each visible at once")
  func keystrokesInOrder() async {
    let (agent, _) = makeAgent()
    for prefix in ["a", "ad", "ada"] {
      agent.apply(.setEmail(prefix))
      #expect(agent.email == prefix)
    }
    #expect(await eventually("three checks ran") { agent.checks.count == 3 })
    #expect(Set(agent.checks) == ["a", "ad", "ada"])
  }

  @Test("an effect applied while the reducer runs is applied right after it, and reported")
  func applyWhileReducing() {
    let (agent, _) = makeAgent()
    let reported = LockIsolated<[String]>([])
    agent.issueHandler = { issue in reported.withValue { $0.append(issue.message) } }
    agent.apply(.applyWhileReducing)
    #expect(agent.notes == ["late"])
    #expect(reported.value.count == 1)
    #expect(reported.value.first?.contains("Return follow-up intents from the reducer") == true)
  }

  @Test("isIdle and activeRuns notify their observers when a run starts and when it ends")
  func runsAreObservable() async {
    let latch = Latch()
    let (agent, _) = makeAgent(latch: latch)
    #expect(agent.isIdle)
    let idle = Notifications { _ = agent.isIdle }
    let runs = Notifications { _ = agent.activeRuns }
    let task = agent.send(.wait)
    #expect(!agent.isIdle)
    #expect(idle.count == 1)
    #expect(runs.count == 1)
    #expect(agent.activeRuns.map(\.intent) == [.wait])
    idle.render()
    runs.render()
    latch.fire()
    await task.finish()
    #expect(agent.isIdle)
    #expect(idle.count == 2)
    #expect(runs.count == 2)
  }

  @Test("a batch that changes no run does not notify the observers of the runs")
  func unchangedRunsDoNotNotify() {
    let (agent, _) = makeAgent()
    let idle = Notifications { _ = agent.isIdle }
    agent.apply(.note("x"))
    #expect(idle.count == 0)
  }
}

/// Skills emit deltas and may read the current context: overlapping runs never undo each other.
@MainActor
@Suite("Agent: deltas and the current context", .timeLimit(.minutes(1)))
struct AgentCurrentContextTests {
  @Test("two overlapping runs that each append keep both appends")
  func overlappingAppendsKeepBoth() async {
    let first = Latch()
    let second = Latch()
    let append = ClosureIntentSkill<TestContext, TestIntent, TestEffect>(
      "AppendSkill", policy: { _ in .parallel }, canHandle: { _ in true },
      handle: { intent, _, emit in
        guard case .send(let text) = intent else { return .fallthrough }
        await (text == "first" ? first : second).wait()
        emit(.append([text]))
        return .handled
      })
    let agent = TestAgent(context: TestContext(), skills: [append], reduce: testReduce)
    let a = agent.send(.send("first"))
    let b = agent.send(.send("second"))
    second.fire()
    await b.finish()
    first.fire()
    await a.finish()
    #expect(agent.items == ["second", "first"])
  }

  @Test("a skill reads the context as it is now, not as it was when its run started")
  func currentIsNotTheSnapshot() async throws {
    let proceed = Latch()
    let seen = LockIsolated<(snapshot: [String], current: [String])?>(nil)
    let reader = ClosureIntentSkill<TestContext, TestIntent, TestEffect>(
      "ReaderSkill", policy: { _ in .parallel }, canHandle: { $0 == .load },
      handle: { _, context, emit in
        await proceed.wait()
        let now = try await emit.current(TestContext.self)
        seen.setValue((context.items, now.items))
        return .handled
      })
    let writer = ClosureIntentSkill<TestContext, TestIntent, TestEffect>(
      "WriterSkill", policy: { _ in .parallel }, canHandle: { $0 == .refresh },
      handle: { _, _, emit in
        emit(.append(["new"]))
        return .handled
      })
    let agent = TestAgent(context: TestContext(), skills: [reader, writer], reduce: testReduce)
    let reading = agent.send(.load)
    await agent.send(.refresh).finish()
    proceed.fire()
    await reading.finish()
    #expect(seen.value?.snapshot == [])
    #expect(seen.value?.current == ["new"])
  }

  @Test("asking for the wrong context type, or outside an agent, is a typed error that says the fix")
  func currentErrors() async throws {
    let outside = EffectSink<TestEffect> { _ in }
    do {
      _ = try await outside.current(TestContext.self)
      Issue.record("an agent-less sink returned a context")
    } catch let error as AgentContextUnavailable {
      #expect(error.actual == nil)
      #expect(error.description.contains("belongs to no agent"))
    }
    let wrong = LockIsolated<String?>(nil)
    let skill = ClosureIntentSkill<TestContext, TestIntent, TestEffect>(
      "WrongType", canHandle: { _ in true },
      handle: { _, _, emit in
        do {
          _ = try await emit.current(Int.self)
        } catch let error as AgentContextUnavailable {
          wrong.setValue(error.description)
        }
        return .handled
      })
    let agent = TestAgent(context: TestContext(), skills: [skill], reduce: testReduce)
    await agent.send(.load).finish()
    #expect(wrong.value == "The agent's context is TestContext, not Int; pass TestContext.self to current(_:).")
  }
}
