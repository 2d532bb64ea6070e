#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillLLM
  import SwiftUI

  /// The message field of a ``ChatView`` with Send, and Stop while the agent
  /// works. Sending while an answer streams cancels it first
  /// (``/AgentSkillLLM/ChatAgent/send(_:images:)`` does); Stop cancels without sending.
  struct ChatInputBar: View {
    let agent: ChatAgent
    @State private var draft = ""
    @Environment(\.locale) private var locale

    var body: some View {
      HStack(spacing: 10) {
        TextField(AgentSkillLocalization.string("chat.input.placeholder", locale: locale), text: $draft)
          .submitLabel(.send)
          .onSubmit { send() }
        if agent.phase.isBusy {
          Button(role: .cancel) {
            agent.cancel()
          } label: {
            Label(
              AgentSkillLocalization.string("chat.input.stop.label", locale: locale), systemImage: "stop.circle.fill")
          }
          .labelStyle(.iconOnly)
          .font(.title2)
          .buttonStyle(.borderless)
          .accessibilityLabel(Text(verbatim: AgentSkillLocalization.string("chat.input.stop.label", locale: locale)))
          .accessibilityHint(Text(verbatim: AgentSkillLocalization.string("chat.input.stop.hint", locale: locale)))
        }
        Button {
          send()
        } label: {
          Label(
            AgentSkillLocalization.string("chat.input.send.label", locale: locale), systemImage: "arrow.up.circle.fill")
        }
        .labelStyle(.iconOnly)
        .font(.title2)
        .buttonStyle(.borderless)
        .disabled(!canSend)
        .accessibilityLabel(Text(verbatim: AgentSkillLocalization.string("chat.input.send.label", locale: locale)))
      }
      .padding(.horizontal)
      .padding(.vertical, 10)
    }

    private var canSend: Bool {
      draft.contains { !$0.isWhitespace }
    }

    private func send() {
      let text = draft.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !text.isEmpty else { return }
      draft = ""
      agent.send(text)
    }
  }
#endif
