#if canImport(SwiftUI)
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

    var body: some View {
      VStack(alignment: .leading, spacing: 10) {
        Label {
          Text("Allow “\(displayName)” to run?")
        } icon: {
          Image(systemName: "hand.raised.fill")
        }
        .font(.headline)
        if !arguments.isEmpty {
          ToolKeyValuesView(ToolKeyValues(pairs: arguments))
        }
        HStack(spacing: 12) {
          Button(role: .cancel, action: deny) {
            Text("Deny")
          }
          .buttonStyle(.bordered)
          .accessibilityLabel(Text("Deny “\(displayName)”"))
          .accessibilityHint(Text("The skill does not run, and the assistant is told you declined."))
          Button(action: confirm) {
            Text("Confirm")
          }
          .buttonStyle(.borderedProminent)
          .accessibilityLabel(Text("Confirm “\(displayName)”"))
          .accessibilityHint(Text("Runs the skill with these details."))
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
