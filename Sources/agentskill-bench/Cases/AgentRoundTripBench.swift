import AgentSkill
import Observation

/// Issue 3 bench (a): intent → skill → effect → reduce round trip versus a
/// hand-written `@Observable` view model doing the same work. Targets ≤ 2.5×
/// with the timeline on, ≤ 2× with it off (the 1.0 targets for the
/// compiler-checked core).
struct AgentRoundTripBench: BenchSuite {
  struct Context: Sendable { var total = 0 }
  enum Intent: Sendable { case add(Int) }
  enum Effect: Sendable { case added(Int) }

  struct AddSkill: IntentSkill {
    var priority: Int { 0 }
    func canHandle(_ intent: Intent) -> Bool { true }
    func handle(_ intent: Intent, context: Context, emit: EffectSink<Effect>) async throws -> Handling {
      guard case .add(let value) = intent else { return .fallthrough }
      emit(.added(await increment(value)))
      return .handled
    }
  }

  /// What an app would write without the library.
  @MainActor @Observable final class HandWrittenViewModel {
    var total = 0
    private var task: Task<Void, Never>?

    func add(_ value: Int) async {
      task?.cancel()
      let task = Task { [weak self] in
        let result = await increment(value)
        guard !Task.isCancelled else { return }
        self?.total &+= result
      }
      self.task = task
      await task.value
    }
  }

  @MainActor func run(scale: BenchScale, filter: String?) async -> [BenchResult] {
    var results: [BenchResult] = []
    for (label, options, target) in [
      ("agent.round_trip_timeline_on", AgentTimelineOptions(), 2.5),
      ("agent.round_trip_timeline_off", AgentTimelineOptions.disabled, 2.0),
    ] where selected(label, filter) {
      let iterations = scale.iterations(20_000)
      let agent = Agent(
        context: Context(), skills: [AddSkill()],
        reduce: { context, effect in
          if case .added(let value) = effect { context.total &+= value }
          return []
        },
        timeline: options)
      let viewModel = HandWrittenViewModel()
      let times = await compare(
        rounds: scale.rounds, iterations: iterations,
        subject: { count in
          for index in 0..<count { await agent.send(.add(index)).finish() }
        },
        baseline: { count in
          for index in 0..<count { await viewModel.add(index) }
        })
      results.append(
        .comparison(
          label, iterations: iterations, subject: times.subject, baseline: times.baseline, maximumRatio: target))
    }
    return results
  }
}
