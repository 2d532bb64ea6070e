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

    var body: some View {
      VStack(alignment: .leading, spacing: 2) {
        HStack(spacing: 6) {
          Text(kind.debugPanelTitle).fontWeight(.semibold)
          if let run { Text("run \(run)") }
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
    /// The kind's name in the panel.
    var debugPanelTitle: LocalizedStringKey {
      switch self {
      case .intentReceived: "Intent"
      case .followUp: "Follow-up"
      case .intentVetoed: "Vetoed"
      case .intentForwarded: "Forwarded"
      case .intentDropped: "Dropped"
      case .intentQueued: "Queued"
      case .unhandled: "Unhandled"
      case .skillChosen: "Routed"
      case .skillStarted: "Started"
      case .skillFellThrough: "Fell through"
      case .skillFinished: "Finished"
      case .skillFailed: "Failed"
      case .skillCancelled: "Cancelled"
      case .effectApplied: "Effect"
      case .effectDropped: "Effect dropped"
      case .contextChanged: "Context"
      case .skillMounted: "Mounted"
      case .skillUnmounted: "Unmounted"
      }
    }

    /// Whether the step is something that went wrong.
    var isProblem: Bool {
      switch self {
      case .skillFailed, .unhandled, .intentVetoed: true
      default: false
      }
    }
  }
#endif
