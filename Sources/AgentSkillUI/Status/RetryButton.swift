#if canImport(SwiftUI)
  import AgentSkill
  import SwiftUI

  /// The Retry button of the library's failure views: a bordered button
  /// with an icon, so it stays tappable on its own inside a `List` row.
  package struct RetryButton: View {
    let action: @MainActor () -> Void
    @Environment(\.locale) private var locale

    package init(action: @escaping @MainActor () -> Void) {
      self.action = action
    }

    package var body: some View {
      Button(action: action) {
        Label(AgentSkillLocalization.string("status.retry", locale: locale), systemImage: "arrow.clockwise")
      }
      .buttonStyle(.bordered)
      .accessibilityHint(Text(verbatim: AgentSkillLocalization.string("status.retry.hint", locale: locale)))
    }
  }
#endif
