import AgentSkill
import Observation

/// `agent.apply(effect)` — what a binding does on each keystroke — versus setting a property of a hand-written
/// `@Observable` view model. Target: at most 1 µs per edit with the timeline recording (the ratio is reported).
struct AgentApplyBench: BenchSuite {
  struct Form: Sendable { var name = "" }
  enum Intent: Sendable { case save }
  enum Effect: Sendable { case setName(String) }

  /// What an app would write without the library.
  @MainActor @Observable final class HandWrittenViewModel {
    var name = ""
  }

  @MainActor func run(scale: BenchScale, filter: String?) async -> [BenchResult] {
    var results: [BenchResult] = []
    for (label, options) in [
      ("agent.apply_timeline_on", AgentTimelineOptions(capacity: 1_000)),
      ("agent.apply_timeline_off", AgentTimelineOptions.disabled),
    ] where selected(label, filter) {
      let iterations = scale.iterations(200_000)
      // Distinct values, so every edit changes the field (as typing does) and notifies its observers.
      let names = (0..<64).map { "name \($0)" }
      let agent = Agent<Form, Intent, Effect>(
        context: Form(), skills: [],
        reduce: { form, effect in
          switch effect {
          case .setName(let name): form.name = name
          }
          return []
        },
        timeline: options)
      let viewModel = HandWrittenViewModel()
      // A view reads the field, as a text field's binding does.
      _ = agent.name
      _ = viewModel.name
      let times = await compare(
        rounds: scale.rounds, iterations: iterations,
        subject: { count in
          for index in 0..<count { agent.apply(.setName(names[index & 63])) }
        },
        baseline: { count in
          for index in 0..<count { viewModel.name = names[index & 63] }
        })
      let ratio = times.baseline > 0 ? times.subject / times.baseline : .infinity
      results.append(
        BenchResult(
          name: label, iterations: iterations,
          fields: [
            ("ns_per_op", .number(times.subject)), ("baseline_ns_per_op", .number(times.baseline)),
            ("ratio", .number(ratio)), ("target", .text("<= 1000 ns per edit")),
            ("meets_target", .bool(times.subject <= 1_000)),
          ]))
    }
    return results
  }
}
