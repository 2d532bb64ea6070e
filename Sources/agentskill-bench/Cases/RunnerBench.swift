import AgentSkill

/// Issue 2 bench (a): `SkillRunner.perform` + completion for a trivial skill
/// versus awaiting the same async function in a bare `Task`. Target ≤ 3×.
struct RunnerBench: BenchSuite {
  struct Increment: Skill {
    func run(_ input: Int, context: SkillContext) async throws -> Int { await increment(input) }
  }

  @MainActor func run(scale: BenchScale, filter: String?) async -> [BenchResult] {
    let name = "runner.perform_vs_bare_task"
    guard selected(name, filter) else { return [] }
    let iterations = scale.iterations(20_000)
    let runner = SkillRunner(Increment())
    let times = await compare(
      rounds: scale.rounds, iterations: iterations,
      subject: { count in
        for index in 0..<count { await runner.perform(index).value }
      },
      baseline: { count in
        for index in 0..<count { _ = await Task { await increment(index) }.value }
      })
    return [
      .comparison(name, iterations: iterations, subject: times.subject, baseline: times.baseline, maximumRatio: 3)
    ]
  }
}

/// The trivial async work both sides await (not inlined away).
@inline(never)
nonisolated func increment(_ value: Int) async -> Int { value &+ 1 }
