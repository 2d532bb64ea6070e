#if canImport(SwiftUI)
  import AgentSkill
  import SwiftUI

  /// The "this answer is not relevant" button under an answer (the last
  /// defence against a model that picks the wrong tool): one tap records the question, the tools
  /// offered, the calls and the answer in the feedback log; afterwards the
  /// button turns into a thank-you note.
  struct ChatFeedbackButton: View {
    let isReported: Bool
    let action: @MainActor () -> Void
    @Environment(\.locale) private var locale

    var body: some View {
      if isReported {
        Label(
          AgentSkillLocalization.string("chat.feedback.thanks", locale: locale), systemImage: "hand.thumbsdown.fill"
        )
        .font(.caption)
        .foregroundStyle(.secondary)
      } else {
        Button(action: action) {
          Label(
            AgentSkillLocalization.string("chat.feedback.notRelevant", locale: locale), systemImage: "hand.thumbsdown")
        }
        .font(.caption)
        .buttonStyle(.borderless)
        .foregroundStyle(.secondary)
        .accessibilityLabel(Text(verbatim: AgentSkillLocalization.string("chat.feedback.label", locale: locale)))
        .accessibilityHint(Text(verbatim: AgentSkillLocalization.string("chat.feedback.hint", locale: locale)))
      }
    }
  }
#endif
