#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillLLM
  import SwiftUI

  /// The scrolling conversation of a ``ChatView``: one row per message, a
  /// bottom marker that tells whether the reader is at the end, and the
  /// scrolling that ``/AgentSkillLLM/ChatScrollPolicy`` decides.
  struct ChatTranscript<Bubble: View, ResultView: View>: View {
    let agent: ChatAgent
    let bubble: (ChatAgentMessage) -> Bubble
    let resultView: (ChatToolResult) -> ResultView

    /// The snapshot of the last update handled; `nil` until the first.
    @State private var laidOut: ChatScrollPolicy.Snapshot?
    /// Whether the bottom marker is on screen.
    @State private var isAtBottom = true
    /// Whether something arrived below while the reader was scrolled up.
    @State private var hasUnseenContent = false
    /// The answers reported as not relevant during this screen's life.
    @State private var reported: Set<ChatAgentMessage.ID> = []

    private static var bottomMarker: String { "AgentSkillUI.ChatTranscript.bottom" }

    var body: some View {
      let messages = agent.messages
      ScrollViewReader { proxy in
        ScrollView {
          LazyVStack(alignment: .leading, spacing: 12) {
            ForEach(messages) { message in
              ChatMessageRow(
                message: message, bubble: bubble, resultView: resultView,
                isReported: reported.contains(message.id),
                report: { report(message.id) }
              )
              .id(message.id)
            }
            Color.clear
              .frame(height: 1)
              .id(Self.bottomMarker)
              .onAppear {
                isAtBottom = true
                hasUnseenContent = false
              }
              .onDisappear { isAtBottom = false }
          }
          .padding()
        }
        .overlay(alignment: .bottomTrailing) {
          if hasUnseenContent {
            JumpToLatestButton { scroll(proxy, to: messages.last?.id, animated: true) }
              .padding()
          }
        }
        .onChange(of: ChatScrollPolicy.Snapshot(messages: messages), initial: true) { _, snapshot in
          let decision = ChatScrollPolicy().decision(from: laidOut, to: snapshot, isAtBottom: isAtBottom)
          laidOut = snapshot
          switch decision {
          case .none: break
          case .markUnseen: hasUnseenContent = true
          case .scroll(let id, let animated): scroll(proxy, to: id, animated: animated)
          }
        }
      }
    }

    /// Scrolls the bottom of message `id` to the bottom of the screen on the
    /// next main-actor turn.
    ///
    /// In the update that inserted a message its row has not
    /// been laid out, so scrolling now targets a stale position and the list
    /// jumps to the top. A task on the main actor runs after this update's
    /// layout pass, like a `DispatchQueue.main.async`.
    private func scroll(_ proxy: ScrollViewProxy, to id: ChatAgentMessage.ID?, animated: Bool) {
      guard let id else { return }
      hasUnseenContent = false
      Task { @MainActor in
        withAnimation(animated ? .default : nil) {
          proxy.scrollTo(id, anchor: .bottom)
        }
      }
    }

    private func report(_ id: ChatAgentMessage.ID) {
      guard agent.reportIrrelevant(messageID: id) != nil else { return }
      reported.insert(id)
    }
  }

  /// The round button that brings a reader who scrolled up back to the newest message.
  private struct JumpToLatestButton: View {
    let action: @MainActor () -> Void
    @Environment(\.locale) private var locale

    var body: some View {
      Button(action: action) {
        Label(AgentSkillLocalization.string("chat.jumpToLatest", locale: locale), systemImage: "arrow.down.circle.fill")
      }
      .labelStyle(.iconOnly)
      .font(.title2)
      .buttonStyle(.borderless)
      .accessibilityLabel(Text(verbatim: AgentSkillLocalization.string("chat.jumpToLatest.label", locale: locale)))
    }
  }
#endif
