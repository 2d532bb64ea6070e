#if canImport(SwiftUI)
  import AgentSkill
  import SwiftUI

  /// One skill's runs: total time, count, average and longest run, failures.
  struct SkillTimingRow: View {
    let timing: SkillTiming

    var body: some View {
      VStack(alignment: .leading, spacing: 4) {
        HStack(alignment: .firstTextBaseline) {
          Text(timing.skill).font(.headline)
          Spacer()
          Text(timing.total.debugPanelText).font(.body.monospacedDigit())
        }
        Text(
          "\(timing.runs) runs · average \(timing.average.debugPanelText) · longest \(timing.longest.debugPanelText)"
        )
        .font(.caption)
        .foregroundStyle(.secondary)
        if timing.failed > 0 || timing.cancelled > 0 {
          Text("\(timing.failed) failed · \(timing.cancelled) cancelled")
            .font(.caption)
            .foregroundStyle(timing.failed > 0 ? AnyShapeStyle(.red) : AnyShapeStyle(.secondary))
        }
      }
      .accessibilityElement(children: .combine)
    }
  }
#endif
