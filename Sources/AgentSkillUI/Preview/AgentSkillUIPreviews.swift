#if canImport(SwiftUI) && DEBUG
  import AgentSkill
  import AgentSkillList
  import SwiftUI

  /// An item for the library's own previews.
  private struct PreviewMessage: Identifiable, Sendable {
    let id: Int
    let text: String

    static let samples = (1...5).map { PreviewMessage(id: $0, text: "Message \($0)") }
  }

  /// The phases of ``AgentRenderView`` with the default views.
  struct AgentRenderViewPreviews: PreviewProvider {
    static var previews: some View {
      phase(ListContext(phase: .loading("Loading…")))
      phase(ListContext(phase: .loaded, items: PreviewMessage.samples))
      phase(ListContext(phase: .empty("No messages yet")))
      phase(ListContext(phase: .failure("You're offline.")))
      phase(ListContext(phase: .failure("You're offline."), items: PreviewMessage.samples))
    }

    private static func phase(_ context: ListContext<PreviewMessage>) -> some View {
      AgentRenderView(ListAgent<PreviewMessage>.preview(context: context)) { agent in
        List(agent.items) { Text($0.text) }
      }
    }
  }

  /// ``SkillStatusView`` while running, after a failure and after a cancellation.
  struct SkillStatusViewPreviews: PreviewProvider {
    static var previews: some View {
      RunnerPreview(progress: 0.4, failure: nil)
      RunnerPreview(progress: nil, failure: nil)
      RunnerPreview(progress: nil, failure: "The upload limit is 5 photos.")
    }

    private struct PreviewFailure: Error, CustomStringConvertible {
      let description: String
    }

    private struct RunnerPreview: View {
      @State private var runner: SkillRunner<ClosureSkill<Void, Void>>

      init(progress: Double?, failure: String?) {
        _runner = State(
          initialValue: SkillRunner(
            ClosureSkill<Void, Void>("PreviewUpload") { _, context in
              if let failure { throw PreviewFailure(description: failure) }
              if let progress { context.reportProgress(progress) }
              try await context.sleep(for: .seconds(3_600))
            }))
      }

      var body: some View {
        SkillStatusView(runner, title: Text("Uploading"), retryWith: ())
          .padding()
          .task { runner.perform(()) }
      }
    }
  }

  /// ``AgentDebugPanel`` over a few recorded runs.
  struct AgentDebugPanelPreviews: PreviewProvider {
    static var previews: some View {
      NavigationStack { AgentDebugPanel(agent) }
    }

    @MainActor private static let agent: MessageListAgent<PreviewMessage> = {
      let agent = MessageListAgent<PreviewMessage>(
        listSkills: [ListLoadSkill(fetch: { _ in Page(items: PreviewMessage.samples) })],
        skills: [
          MessageStreamSkill<PreviewMessage, AsyncStream<String>>(stream: { _ in
            AsyncStream { continuation in
              for word in ["Three", " unread", " threads."] { continuation.yield(word) }
              continuation.finish()
            }
          })
        ],
        name: "PreviewAgent")
      agent.send(.list(.load))
      agent.send(.stream("Summarize"))
      return agent
    }()
  }
#endif
