import AgentSkill
import AgentSkillList
import AgentSkillTesting
import Foundation
import Testing

/// A list screen with an intent the list feature does not have — delete a
/// row — that keeps the built-in load, refresh, retry and pagination.
private struct Row: Identifiable, Equatable, Sendable {
  let id: Int
  var title: String
}

private actor RowServer {
  var rows = (1...5).map { Row(id: $0, title: "Row \($0)") }
  var deleted: [Int] = []
  var failNextLoad = false

  func page(_ request: PageRequest) throws -> Page<Row> {
    if failNextLoad {
      failNextLoad = false
      throw URLError(.notConnectedToInternet)
    }
    let start = request.cursor?.pageNumber ?? 1
    let slice = rows.filter { ($0.id - 1) / 3 + 1 == start }
    return Page(items: slice, next: start < 2 ? PageCursor(start + 1) : nil)
  }

  func delete(_ id: Int) {
    deleted.append(id)
    rows.removeAll { $0.id == id }
  }

  func failNext() { failNextLoad = true }
}

private struct Inbox: Equatable, Sendable {
  var list = ListContext<Row>()
}

private enum InboxIntent: Sendable {
  case list(ListIntent<Row>)
  case delete(Row.ID)

  var list: ListIntent<Row>? { if case .list(let intent) = self { intent } else { nil } }
}

private enum InboxEffect: Equatable, Sendable {
  case list(ListEffect<Row>)
  case remove(Row.ID)
}

@MainActor
private func makeInbox(server: RowServer, clock: TestClock) -> Agent<Inbox, InboxIntent, InboxEffect> {
  let fetch: @Sendable (PageRequest) async throws -> Page<Row> = { try await server.page($0) }
  let list: [any IntentSkill<ListContext<Row>, ListIntent<Row>, ListEffect<Row>>] = [
    ListLoadSkill(retry: RetryPolicy(maxAttempts: 1), fetch: fetch), ListPaginationSkill(fetch: fetch),
  ]
  let delete = ClosureIntentSkill<Inbox, InboxIntent, InboxEffect>(
    "DeleteSkill", canHandle: { $0.list == nil },
    handle: { intent, _, emit in
      guard case .delete(let id) = intent else { return .fallthrough }
      emit(.remove(id))
      await server.delete(id)
      return .handled
    })
  return Agent(
    context: Inbox(),
    skills: list.map { $0.scoped(context: \.list, intent: \.list, effect: InboxEffect.list) } + [delete],
    reduce: { inbox, effect in
      switch effect {
      case .list(let effect): return ListReducer.reduce(&inbox.list, effect).map(InboxIntent.list)
      case .remove(let id):
        inbox.list.items.removeAll { $0.id == id }
        return []
      }
    },
    mapFailure: { error, intent in
      intent.list.flatMap { ListReducer.mapFailure(strings: .english)(error, $0) }.map(InboxEffect.list)
    },
    environment: SkillEnvironment(clock: clock))
}

@MainActor
@Suite("A list feature extended with intents of its own", .timeLimit(.minutes(1)))
struct ListExtensionTests {
  @Test("load, paginate, delete and retry run side by side in one agent")
  func deleteBesideTheBuiltIns() async {
    let server = RowServer()
    let agent = makeInbox(server: server, clock: TestClock())
    await agent.send(.list(.load)).finish()
    #expect(agent.list.items.map(\.id) == [1, 2, 3])
    #expect(agent.list.phase == .loaded)

    await agent.send(.list(.loadMore)).finish()
    #expect(agent.list.items.map(\.id) == [1, 2, 3, 4, 5])

    await agent.send(.delete(2)).finish()
    #expect(agent.list.items.map(\.id) == [1, 3, 4, 5])
    #expect(await server.deleted == [2])

    await server.failNext()
    await agent.send(.list(.refresh)).finish()
    #expect(agent.list.phase.error?.operation == .refresh)
    await agent.send(.list(.retry)).finish()
    #expect(agent.list.phase == .loaded)
    #expect(agent.list.items.map(\.id) == [1, 3])  // the first page again, without the deleted row
  }

  @Test("a scoped skill reads its part of the context, keeps its name and falls through on other intents")
  func scopedSkillsKeepTheirIdentity() async {
    let agent = makeInbox(server: RowServer(), clock: TestClock())
    #expect(Set(agent.mountedSkills.map(\.name)) == ["DeleteSkill", "ListLoadSkill", "ListPaginationSkill"])
    await agent.send(.list(.load)).finish()
    let store = AgentTestStore(agent)
    await store.send(.delete(1))
    await store.receive(.remove(1)) { $0.list.items.removeFirst() }
    await store.finish()
  }
}
