#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillLLM
  import SwiftUI

  /// The prompt for a skill that needs the user's consent (creating a
  /// reminder, spending money): what will run, with which details, and
  /// Confirm / Deny. Inline rather than a dialog, so the conversation that
  /// led to it stays readable and nothing dismisses it by accident.
  struct ChatConfirmationCard: View {
    let displayName: String
    let arguments: [ToolKeyValues.Pair]
    let confirm: @MainActor () -> Void
    let deny: @MainActor () -> Void
    @Environment(\.locale) private var locale

    var body: some View {
      VStack(alignment: .leading, spacing: 10) {
        Label {
          Text(verbatim: AgentSkillLocalization.string("chat.confirm.prompt", displayName, locale: locale))
        } icon: {
          Image(systemName: "hand.raised.fill")
        }
        .font(.headline)
        if !arguments.isEmpty {
          ToolKeyValuesView(ToolKeyValues(pairs: arguments))
        }
        HStack(spacing: 12) {
          Button(role: .cancel, action: deny) {
            Text(verbatim: AgentSkillLocalization.string("chat.confirm.deny", locale: locale))
          }
          .buttonStyle(.bordered)
          .accessibilityLabel(
            Text(verbatim: AgentSkillLocalization.string("chat.confirm.deny.label", displayName, locale: locale))
          )
          .accessibilityHint(Text(verbatim: AgentSkillLocalization.string("chat.confirm.deny.hint", locale: locale)))
          Button(action: confirm) {
            Text(verbatim: AgentSkillLocalization.string("chat.confirm.confirm", locale: locale))
          }
          .buttonStyle(.borderedProminent)
          .accessibilityLabel(
            Text(verbatim: AgentSkillLocalization.string("chat.confirm.confirm.label", displayName, locale: locale))
          )
          .accessibilityHint(Text(verbatim: AgentSkillLocalization.string("chat.confirm.confirm.hint", locale: locale)))
        }
      }
      .padding()
      .frame(maxWidth: .infinity, alignment: .leading)
      .background(.quaternary, in: RoundedRectangle(cornerRadius: 14))
      .padding(.horizontal)
      .padding(.vertical, 8)
      .accessibilityElement(children: .contain)
    }
  }
#endif
