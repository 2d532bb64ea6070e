import AgentSkill
import AgentSkillList
import Foundation
import Observation
import Testing

/// What `AgentRenderView` reads — the phase, whether there is content, and the content's own fields — is read
/// through the agent field by field, so batches that change other fields do not invalidate the view.
@MainActor
@Suite("Render view observation per field", .timeLimit(.minutes(1)))
struct RenderObservationTests {
  private func loadedAgent() -> ListAgent<ListMessage> {
    let agent = ListAgent<ListMessage>(skills: [])
    agent.apply(.replaceItems([ListMessage("1", "hi")], nextPage: PageCursor(2)))
    return agent
  }

  /// The reads of `AgentRenderView(agent) { agent in List(agent.items) { … } }`'s body.
  private func renderReads(_ agent: ListAgent<ListMessage>) {
    _ = agent.presentation(phase: \.phase, hasContent: { !$0[dynamicMember: \.items.isEmpty] })
    _ = agent.items
  }

  @Test("a page loading below the list (isLoadingMore) does not invalidate the phase and content")
  func loadingMoreDoesNotInvalidate() {
    let agent = loadedAgent()
    let view = Notifications { renderReads(agent) }
    let wholeContext = Notifications { _ = agent.context }
    agent.apply(.setLoadingMore(true))
    #expect(agent.isLoadingMore)
    #expect(view.count == 0)
    #expect(wholeContext.count == 1)  // what reading the whole context, as the view used to, costs
  }

  @Test("streamed text does not invalidate the phase and content; new items do")
  func streamedTextDoesNotInvalidate() {
    let agent = MessageListAgent<ListMessage>()
    agent.apply(.list(.replaceItems([ListMessage("1", "hi")], nextPage: PageCursor(2))))
    let view = Notifications {
      _ = agent.presentation(phase: \.phase, hasContent: { !$0[dynamicMember: \.items.isEmpty] })
      _ = agent.items
    }
    agent.apply(.list(.setLoadingMore(true)))
    agent.apply(.beginStream)
    agent.apply(.appendDelta("Hel"))
    agent.apply(.appendDelta("lo"))
    #expect(agent.streamedText == "Hello")
    #expect(view.count == 0)
    agent.apply(.list(.appendItems([ListMessage("2", "there")])))
    #expect(view.count == 1)
  }
}
