#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillLLM
  import AgentSkillUI
  import SwiftUI

  /// One tool the model asked for, above its answer: an icon for the status,
  /// the name people see, and how it went ("0.4s", "declined", the error).
  struct ChatToolCallRow: View {
    let call: ChatToolCall
    @Environment(\.locale) private var locale

    var body: some View {
      HStack(alignment: .firstTextBaseline, spacing: 6) {
        icon
        Text(verbatim: call.displayName)
          .font(.subheadline.weight(.semibold))
        outcome
          .font(.caption)
          .foregroundStyle(.secondary)
          .lineLimit(2)
      }
      .accessibilityElement(children: .combine)
    }

    @ViewBuilder private var icon: some View {
      switch call.status {
      case .pending:
        Image(systemName: "clock").foregroundStyle(.secondary)
      case .running:
        ProgressView()
      case .succeeded:
        Image(systemName: "checkmark.circle.fill").foregroundStyle(.tint)
      case .failed:
        Image(systemName: "exclamationmark.triangle.fill").foregroundStyle(.red)
      case .cancelled:
        Image(systemName: "xmark.circle").foregroundStyle(.secondary)
      case .denied:
        Image(systemName: "hand.raised").foregroundStyle(.secondary)
      }
    }

    private var outcome: Text {
      switch call.status {
      case .pending: Text(verbatim: AgentSkillLocalization.string("chat.tool.waiting", locale: locale))
      case .running: Text(verbatim: AgentSkillLocalization.string("chat.tool.running", locale: locale))
      case .succeeded:
        call.duration.map { Text(verbatim: $0.debugPanelText) }
          ?? Text(verbatim: AgentSkillLocalization.string("chat.tool.done", locale: locale))
      case .failed:
        call.error.map { Text(verbatim: $0) }
          ?? Text(verbatim: AgentSkillLocalization.string("chat.tool.failed", locale: locale))
      case .cancelled: Text(verbatim: AgentSkillLocalization.string("chat.tool.cancelled", locale: locale))
      case .denied: Text(verbatim: AgentSkillLocalization.string("chat.tool.declined", locale: locale))
      }
    }
  }
#endif
