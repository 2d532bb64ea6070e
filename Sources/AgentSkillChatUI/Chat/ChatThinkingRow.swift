#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillLLM
  import SwiftUI

  /// What the model showed of its thinking, above its answer: a "Thinking"
  /// row, collapsed by default, that opens to the thinking text.
  struct ChatThinkingRow: View {
    let thinking: String
    @State private var isExpanded = false
    @Environment(\.locale) private var locale

    var body: some View {
      VStack(alignment: .leading, spacing: 4) {
        Button {
          isExpanded.toggle()
        } label: {
          HStack(spacing: 4) {
            Image(systemName: isExpanded ? "chevron.down" : "chevron.right")
            Text(verbatim: AgentSkillLocalization.string("chat.thinking.title", locale: locale))
          }
          .font(.caption)
          .foregroundStyle(.secondary)
        }
        .buttonStyle(.borderless)
        .accessibilityHint(
          Text(
            verbatim: AgentSkillLocalization.string(
              isExpanded ? "chat.thinking.collapse" : "chat.thinking.expand", locale: locale)))
        if isExpanded {
          Text(verbatim: thinking)
            .font(.footnote)
            .foregroundStyle(.secondary)
        }
      }
    }
  }
#endif
