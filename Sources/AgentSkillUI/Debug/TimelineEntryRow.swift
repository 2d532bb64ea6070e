#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillAutonomy
  import SwiftUI

  /// One recorded step: its kind, run and time, and what happened.
  struct TimelineEntryRow: View {
    let kind: AgentTimelineDocument.Kind
    let summary: String
    let offset: Duration
    let run: Int?
    @Environment(\.locale) private var locale

    var body: some View {
      VStack(alignment: .leading, spacing: 2) {
        HStack(spacing: 6) {
          Text(verbatim: AgentSkillLocalization.string("debug.kind." + kind.rawValue, locale: locale))
            .fontWeight(.semibold)
          if let run { Text(verbatim: AgentSkillLocalization.string("debug.run", "\(run)", locale: locale)) }
          Spacer()
          Text(offset.debugPanelOffset).monospacedDigit()
        }
        .font(.caption)
        .foregroundStyle(.secondary)
        Text(summary)
          .font(.callout)
          .foregroundStyle(kind.isProblem ? AnyShapeStyle(.red) : AnyShapeStyle(.primary))
      }
      .accessibilityElement(children: .combine)
    }
  }

  extension AgentTimelineDocument.Kind {
    /// Whether the step is something that went wrong.
    var isProblem: Bool {
      switch self {
      case .skillFailed, .unhandled, .intentVetoed: true
      default: false
      }
    }
  }
#endif
