#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillLLM
  import AgentSkillUI
  import SwiftUI

  /// The status panel between a ``ChatView``'s conversation and its input
  /// bar, driven by the agent's phase alone (``/AgentSkillLLM/ChatActivity``):
  /// "Thinking…", "Executing: 天气查询", the confirmation prompt, or the
  /// failure with Retry; nothing while idle or while the answer streams
  /// (the streaming bubble shows that).
  struct ChatActivityBar: View {
    let agent: ChatAgent
    @Environment(\.locale) private var locale

    var body: some View {
      switch activity {
      case .idle, .responding:
        EmptyView()
      case .thinking:
        ActivityRow(text: Text(verbatim: AgentSkillLocalization.string("chat.thinking", locale: locale)))
      case .executing(_, let displayName):
        ActivityRow(text: Text(verbatim: AgentSkillLocalization.string("chat.executing", displayName, locale: locale)))
      case .awaitingConfirmation(_, let displayName, let request):
        ChatConfirmationCard(
          displayName: displayName, arguments: request?.argumentLines() ?? [],
          confirm: { agent.confirm() }, deny: { agent.deny() })
      case .failed(let message, let retryText):
        FailureRow(message: message, retry: retryText.map(resend))
      }
    }

    /// Read field by field: streamed text does not refresh the bar.
    private var activity: ChatActivity { agent.activity }

    /// Sends the failed turn's question again.
    private func resend(_ text: String) -> @MainActor () -> Void {
      { [agent] in agent.send(text) }
    }
  }

  /// A spinner and what the agent is doing.
  private struct ActivityRow: View {
    let text: Text

    var body: some View {
      HStack(spacing: 10) {
        ProgressView()
        text
          .font(.callout)
          .foregroundStyle(.secondary)
        Spacer(minLength: 0)
      }
      .padding(.horizontal)
      .padding(.vertical, 8)
      .accessibilityElement(children: .combine)
    }
  }

  /// Why the turn failed, and a Retry button that sends the question again.
  private struct FailureRow: View {
    let message: String
    @Environment(\.locale) private var locale
    let retry: (@MainActor () -> Void)?

    var body: some View {
      HStack(alignment: .firstTextBaseline, spacing: 10) {
        Label {
          Text(verbatim: message)
        } icon: {
          Image(systemName: "exclamationmark.triangle.fill")
        }
        .font(.callout)
        .foregroundStyle(.red)
        .accessibilityLabel(Text(verbatim: AgentSkillLocalization.string("status.error", message, locale: locale)))
        Spacer(minLength: 0)
        if let retry {
          RetryButton(action: retry)
        }
      }
      .padding(.horizontal)
      .padding(.vertical, 8)
    }
  }
#endif
