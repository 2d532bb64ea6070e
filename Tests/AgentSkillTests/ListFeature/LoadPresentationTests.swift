import AgentSkill
import AgentSkillList
import Testing

@Suite("Load presentation", .timeLimit(.minutes(5)))
struct LoadPresentationTests {
  @Test(arguments: [
    (LoadPhase.idle, false, LoadPresentation.progress(hint: nil)),
    (.idle, true, .content(refreshing: nil)),
    (.loading("Loading…"), false, .progress(hint: "Loading…")),
    (.loading("Refreshing…"), true, .content(refreshing: "Refreshing…")),
    (.loaded, true, .content(refreshing: nil)),
    (.loaded, false, .content(refreshing: nil)),
    (.empty("No messages yet"), false, .empty(hint: "No messages yet")),
    (.failure("You're offline"), false, .failure(message: "You're offline", overContent: false)),
    (.failure("You're offline"), true, .failure(message: "You're offline", overContent: true)),
  ])
  func presentationFollowsThePhaseAndKeepsContentOnScreen(
    phase: LoadPhase, hasContent: Bool, expected: LoadPresentation
  ) {
    #expect(LoadPresentation(phase: phase, hasContent: hasContent) == expected)
  }

  @Test func theEmptyPhaseWinsEvenIfStaleItemsRemain() {
    #expect(LoadPresentation(phase: .empty("Nothing here"), hasContent: true) == .empty(hint: "Nothing here"))
  }

  @Test @MainActor func theListReducerKeepsItemsOnScreenThroughARefreshAndAFailure() {
    var context = ListContext<PresentedItem>()
    func presentation() -> LoadPresentation {
      LoadPresentation(phase: context.phase, hasContent: !context.items.isEmpty)
    }
    _ = ListReducer.reduce(&context, .setLoading("Loading…"))
    #expect(presentation() == .progress(hint: "Loading…"))
    _ = ListReducer.reduce(&context, .replaceItems([PresentedItem(id: 1)], nextPage: nil))
    #expect(presentation() == .content(refreshing: nil))
    _ = ListReducer.reduce(&context, .setLoading("Refreshing…"))
    #expect(presentation() == .content(refreshing: "Refreshing…"))
    _ = ListReducer.reduce(&context, .setFailure(ListError(operation: .refresh, message: "You're offline")))
    #expect(presentation() == .failure(message: "You're offline", overContent: true))
  }
}

private struct PresentedItem: Identifiable, Sendable, Equatable {
  let id: Int
}
