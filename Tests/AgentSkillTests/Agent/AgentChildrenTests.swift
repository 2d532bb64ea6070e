import AgentSkill
import AgentSkillTesting
import Foundation
import Testing

private enum Route: Hashable, Sendable {
  case message(Int)
  case settings
}

private struct AppContext: Equatable, Sendable {
  var path: [Route] = []
  var sheet: Route?
  var rows: [Int] = []
  var deleted: [Int] = []
}

private enum AppIntent: Hashable, Sendable {
  case deleted(Int)
}

private enum AppEffect: Hashable, Sendable {
  case setPath([Route])
  case present(Route?)
  case setRows([Int])
  case markDeleted(Int)
}

private struct DetailContext: Equatable, Sendable {
  var text = ""
  var greeting = ""
}

private enum DetailIntent: Hashable, Sendable {
  case load
  case greet
  case delete
}

private enum DetailEffect: Hashable, Sendable {
  case show(String)
  case greeted(String)
}

private enum GreetingKey: SkillDependencyKey {
  static let liveValue = "live"
  static let testValue = "test"
}

private typealias AppAgent = Agent<AppContext, AppIntent, AppEffect>
private typealias DetailAgent = Agent<DetailContext, DetailIntent, DetailEffect>

@MainActor
private func reduceApp(_ context: inout AppContext, _ effect: AppEffect) -> [AppIntent] {
  switch effect {
  case .setPath(let path): context.path = path
  case .present(let route): context.sheet = route
  case .setRows(let rows): context.rows = rows
  case .markDeleted(let id): context.deleted.append(id)
  }
  return []
}

/// The app's root handles a child's "deleted" report by popping it.
private struct DeletedSkill: IntentSkill {
  var priority: Int { 0 }
  func canHandle(_ intent: AppIntent) -> Bool { true }
  func handle(_ intent: AppIntent, context: AppContext, emit: EffectSink<AppEffect>) async throws -> Handling {
    guard case .deleted(let id) = intent else { return .fallthrough }
    emit(.markDeleted(id))
    emit(.setPath(context.path.filter { $0 != .message(id) }))
    return .handled
  }
}

/// Loads for ten seconds on the agent's clock; greets with the dependency; deletes through the parent.
private struct DetailSkill: IntentSkill {
  var priority: Int { 0 }
  let id: Int
  let parent: AgentParent<AppIntent>
  let loads: LockIsolated<Int>

  func canHandle(_ intent: DetailIntent) -> Bool { true }

  func handle(_ intent: DetailIntent, context: DetailContext, emit: EffectSink<DetailEffect>) async throws
    -> Handling
  {
    switch intent {
    case .load:
      loads.withValue { $0 += 1 }
      try await emit.sleep(for: .seconds(10))
      emit(.show("message \(id)"))
    case .greet:
      emit(.greeted(emit.dependencies[GreetingKey.self]))
    case .delete:
      await parent.send(.deleted(id)).finish()
    }
    return .handled
  }
}

@MainActor
private func makeDetail(
  _ route: Route, parent: AgentParent<AppIntent>, loads: LockIsolated<Int>, environment: SkillEnvironment? = nil
) -> DetailAgent {
  let id = if case .message(let id) = route { id } else { 0 }
  return DetailAgent(
    context: DetailContext(),
    skills: [DetailSkill(id: id, parent: parent, loads: loads)],
    reduce: { context, effect in
      switch effect {
      case .show(let text): context.text = text
      case .greeted(let greeting): context.greeting = greeting
      }
      return []
    },
    name: "Detail\(id)",
    environment: environment ?? parent.environment)
}

@MainActor
@Suite("Child agents: navigation, presentation, rows, delegates, dependencies", .timeLimit(.minutes(1)))
struct AgentChildrenTests {
  @Test("pushing a route creates its child at once; popping releases and cancels it, and none of its effects land")
  func pushAndPop() async throws {
    let clock = TestClock()
    let app = AppAgent(
      context: AppContext(), skills: [DeletedSkill()], reduce: reduceApp, environment: SkillEnvironment(clock: clock))
    let loads = LockIsolated(0)
    let screens = app.children(of: \.path) { route, parent in makeDetail(route, parent: parent, loads: loads) }
    #expect(screens.keys.isEmpty)

    app.apply(.setPath([.message(1)]))
    let detail = try #require(screens[.message(1)])
    #expect(screens.keys == [.message(1)])
    let load = detail.send(.load)
    await clock.waitForSleepers(1)
    #expect(loads.value == 1)

    app.apply(.setPath([]))  // the back button
    #expect(screens[.message(1)] == nil)
    #expect(screens.keys.isEmpty)
    await load.finish()
    await clock.advance(by: .seconds(10))
    #expect(detail.context.text == "")
    #expect(detail.isIdle)
    #expect(
      detail.timeline.entries.contains {
        if case .skillCancelled = $0.event { true } else { false }
      })
  }

  @Test("a deep link sets the whole path: one child per route, in order; a route kept keeps its child")
  func deepLink() throws {
    let app = AppAgent(context: AppContext(), skills: [], reduce: reduceApp)
    let loads = LockIsolated(0)
    let screens = app.children(of: \.path) { route, parent in makeDetail(route, parent: parent, loads: loads) }
    app.apply(.setPath([.message(1)]))
    let first = try #require(screens[.message(1)])
    app.apply(.setPath([.message(1), .settings, .message(2)]))
    #expect(screens.keys == [.message(1), .settings, .message(2)])
    #expect(screens[.message(1)] === first)
    #expect(screens.all.count == 3)
    app.apply(.setPath([.message(2)]))
    #expect(screens.keys == [.message(2)])
    #expect(screens[.message(1)] == nil)
  }

  @Test("a presented sheet has one child while it is presented; dismissing releases it")
  func presentation() {
    let app = AppAgent(context: AppContext(), skills: [], reduce: reduceApp)
    let loads = LockIsolated(0)
    let sheets = app.children(presenting: \.sheet) { route, parent in makeDetail(route, parent: parent, loads: loads) }
    #expect(sheets.all.isEmpty)
    app.apply(.present(.settings))
    #expect(sheets.keys == [.settings])
    #expect(sheets[.settings] != nil)
    app.apply(.present(.message(3)))
    #expect(sheets.keys == [.message(3)])
    #expect(sheets[.settings] == nil)
    app.apply(.present(nil))
    #expect(sheets.all.isEmpty)
  }

  @Test("rows: one child per item, created and released with the items, also when a skill's effects change them")
  func rows() async {
    let app = AppAgent(context: AppContext(), skills: [DeletedSkill()], reduce: reduceApp)
    let loads = LockIsolated(0)
    let rows = app.children(of: \.rows) { id, parent in makeDetail(.message(id), parent: parent, loads: loads) }
    app.apply(.setRows([1, 2, 3]))
    #expect(rows.all.map(\.name) == ["Detail1", "Detail2", "Detail3"])
    app.apply(.setRows([3, 1]))
    #expect(rows.all.map(\.name) == ["Detail3", "Detail1"])
    #expect(rows[2] == nil)
  }

  @Test("a child reports to its parent with a delegate intent; the parent pops it")
  func delegateIntent() async throws {
    let app = AppAgent(context: AppContext(), skills: [DeletedSkill()], reduce: reduceApp)
    let loads = LockIsolated(0)
    let screens = app.children(of: \.path) { route, parent in makeDetail(route, parent: parent, loads: loads) }
    app.apply(.setPath([.message(7), .message(8)]))
    let detail = try #require(screens[.message(8)])
    await detail.send(.delete).finish()
    #expect(app.context.deleted == [8])
    #expect(app.context.path == [.message(7)])
    #expect(screens[.message(8)] == nil)
  }

  @Test("a dependency set at the root reaches every child and its skills; a subtree overrides it")
  func dependenciesPropagate() async throws {
    var environment = SkillEnvironment()
    environment.dependencies[GreetingKey.self] = "root"
    let app = AppAgent(context: AppContext(), skills: [], reduce: reduceApp, environment: environment)
    let loads = LockIsolated(0)
    let screens = app.children(of: \.path) { route, parent in
      guard route == .settings else { return makeDetail(route, parent: parent, loads: loads) }
      var subtree = parent.environment
      subtree.dependencies[GreetingKey.self] = "subtree"
      return makeDetail(route, parent: parent, loads: loads, environment: subtree)
    }
    app.apply(.setPath([.message(1), .settings]))
    let message = try #require(screens[.message(1)])
    let settings = try #require(screens[.settings])
    await message.send(.greet).finish()
    await settings.send(.greet).finish()
    #expect(message.context.greeting == "root")
    #expect(settings.context.greeting == "subtree")
    #expect(SkillDependencies()[GreetingKey.self] == "live")
  }

  @Test("a parent sends to a live child; after the parent is released, a child's report settles at once")
  func parentAndChildTalk() async throws {
    var app: AppAgent? = AppAgent(context: AppContext(), skills: [DeletedSkill()], reduce: reduceApp)
    let loads = LockIsolated(0)
    let screens = try #require(
      app?.children(of: \.path) { route, parent in makeDetail(route, parent: parent, loads: loads) })
    app?.apply(.setPath([.message(1)]))
    let detail = try #require(screens[.message(1)])
    await detail.send(.greet).finish()
    #expect(detail.context.greeting == "live")
    weak let released = app
    app = nil
    #expect(released == nil)
    await detail.send(.delete).finish()  // the parent is gone: nothing waits, nothing crashes
    #expect(detail.isIdle)
  }
}
