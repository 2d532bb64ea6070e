import AgentSkill
import AgentSkillTesting
import Foundation
import Observation
import Testing

/// Observation per field of the context: a scope is notified once per batch
/// of effects that changed what it read, and never by changes to fields it
/// did not read — through real `withObservationTracking`, as SwiftUI uses it.
@MainActor
@Suite("Agent observation per field", .timeLimit(.minutes(5)))
struct AgentObservationTests {
  /// A context with a nested value and a field that is not `Equatable`.
  struct Profile: Equatable, Sendable {
    var name = "Ada"
    var age = 36
  }

  struct Opaque: Sendable {
    var value = 0
  }

  struct Screen: Sendable {
    var items: [String] = []
    var notes: [String] = []
    var profile = Profile()
    var opaque = Opaque()
  }

  enum Change: Sendable {
    case items([String])
    case note(String)
    case age(Int)
    case opaque(Int)
    case sameItems
  }

  enum Intent: Sendable {
    case apply([Change])
  }

  typealias ScreenAgent = Agent<Screen, Intent, Change>

  private func makeAgent() -> ScreenAgent {
    let apply = ClosureIntentSkill<Screen, Intent, Change>(
      "Apply", policy: { _ in .parallel }, canHandle: { _ in true },
      handle: { intent, _, emit in
        guard case .apply(let changes) = intent else { return .fallthrough }
        emit(contentsOf: changes)  // one delivery: one batch
        return .handled
      })
    return ScreenAgent(context: Screen(), skills: [apply], reduce: Self.reduce)
  }

  private static func reduce(_ screen: inout Screen, _ change: Change) -> [Intent] {
    switch change {
    case .items(let items): screen.items += items
    case .note(let note): screen.notes.append(note)
    case .age(let age): screen.profile.age = age
    case .opaque(let value): screen.opaque.value = value
    case .sameItems:
      let same = screen.items
      screen.items = same
    }
    return []
  }

  @Test func aScopeThatReadOnlyItemsIsNotNotifiedByABatchThatChangedOnlyNotes() async {
    let agent = makeAgent()
    let items = Notifications { _ = agent.items }
    await agent.send(.apply([.note("a"), .note("b")])).finish()
    #expect(agent.context.notes == ["a", "b"])
    #expect(items.count == 0)
  }

  @Test func aBatchThatChangedItemsNotifiesItsReadersOnce() async {
    let agent = makeAgent()
    let items = Notifications { _ = agent.items }
    await agent.send(.apply([.items(["a"]), .note("x"), .items(["b"])])).finish()
    #expect(items.count == 1)
    #expect(agent.items == ["a", "b"])
    items.render()
    await agent.send(.apply([.items(["c"])])).finish()
    #expect(items.count == 2)
  }

  @Test func readingTheWholeContextTracksEveryChange() async {
    let agent = makeAgent()
    let whole = Notifications { _ = agent.context }
    await agent.send(.apply([.note("a")])).finish()
    whole.render()
    await agent.send(.apply([.age(40)])).finish()
    #expect(whole.count == 2)
  }

  @Test func aNestedReadTracksTheFieldReadThroughTheAgent() async {
    let agent = makeAgent()
    let name = Notifications { _ = agent.profile.name }
    await agent.send(.apply([.note("a")])).finish()
    #expect(name.count == 0)
    // `profile` is what was read through the agent: a change of its age notifies.
    await agent.send(.apply([.age(40)])).finish()
    #expect(name.count == 1)
  }

  @Test func anUnchangedEquatableFieldDoesNotNotify() async {
    let agent = makeAgent()
    await agent.send(.apply([.items(["a"])])).finish()
    let items = Notifications { _ = agent.items }
    await agent.send(.apply([.sameItems])).finish()
    #expect(items.count == 0)
  }

  @Test func aFieldThatIsNotEquatableCountsAsChangedByEveryBatch() async {
    let agent = makeAgent()
    let opaque = Notifications { _ = agent.opaque.value }
    await agent.send(.apply([.note("a")])).finish()
    #expect(opaque.count == 1)
  }

  @Test func twoFieldsReadInOneScopeNotifyItOncePerBatch() async {
    let agent = makeAgent()
    let both = Notifications {
      _ = agent.items
      _ = agent.notes
    }
    await agent.send(.apply([.items(["a"]), .note("b")])).finish()
    #expect(both.count == 1)
  }

  /// The context is a stored property: Swift's exclusivity check stops a
  /// reducer that reads the agent while it mutates the context.
  @Test func aReducerThatReadsTheContextWhileMutatingItStopsTheProcess() async {
    await #expect(processExitsWith: .failure) {
      await ReentrantReducer.run()
    }
  }
}

/// Counts the `onChange` calls of `withObservationTracking` over `read`. Like
/// SwiftUI, which tracks a view's body again when it renders it after a
/// change, it tracks again in ``render()``.
@MainActor
final class Notifications {
  private let counter = LockIsolated(0)
  private let read: @MainActor () -> Void

  init(_ read: @escaping @MainActor () -> Void) {
    self.read = read
    render()
  }

  var count: Int { counter.value }

  /// Reads again and tracks what was read.
  func render() {
    withObservationTracking {
      read()
    } onChange: { [counter] in
      counter.withValue { $0 += 1 }
    }
  }
}

/// An agent whose reducer reads `agent.context` during its own `inout` access.
@MainActor
enum ReentrantReducer {
  final class Holder {
    var agent: Agent<Int, Int, Int>?
  }

  static func run() async {
    let holder = Holder()
    let skill = ClosureIntentSkill<Int, Int, Int>(
      "Emit", canHandle: { _ in true },
      handle: { intent, _, emit in
        emit(intent)
        return .handled
      })
    let agent = Agent<Int, Int, Int>(context: 0, skills: [skill]) { total, value in
      total += (holder.agent?.context ?? 0) + value
      return []
    }
    holder.agent = agent
    await agent.send(1).finish()
  }
}
