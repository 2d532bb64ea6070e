#if canImport(SwiftUI)
  import AgentSkill
  import SwiftUI

  /// One skill's runs: total time, count, average and longest run, failures.
  struct SkillTimingRow: View {
    let timing: SkillTiming
    @Environment(\.locale) private var locale

    var body: some View {
      VStack(alignment: .leading, spacing: 4) {
        HStack(alignment: .firstTextBaseline) {
          Text(timing.skill).font(.headline)
          Spacer()
          Text(timing.total.debugPanelText).font(.body.monospacedDigit())
        }
        Text(
          verbatim: AgentSkillLocalization.string(
            "debug.timing", "\(timing.runs)", timing.average.debugPanelText, timing.longest.debugPanelText,
            locale: locale)
        )
        .font(.caption)
        .foregroundStyle(.secondary)
        if timing.failed > 0 || timing.cancelled > 0 {
          Text(
            verbatim: AgentSkillLocalization.string(
              "debug.timing.problems", "\(timing.failed)", "\(timing.cancelled)", locale: locale)
          )
          .font(.caption)
          .foregroundStyle(timing.failed > 0 ? AnyShapeStyle(.red) : AnyShapeStyle(.secondary))
        }
      }
      .accessibilityElement(children: .combine)
    }
  }
#endif
