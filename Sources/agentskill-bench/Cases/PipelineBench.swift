import AgentSkill

/// Issue 2 bench (b): a 5-step `then` pipeline versus the same five async
/// functions called one after another by hand. Target ≤ 1.2×.
struct PipelineBench: BenchSuite {
  struct Step: Skill {
    func run(_ input: Int, context: SkillContext) async throws -> Int { await increment(input) }
  }

  @MainActor func run(scale: BenchScale, filter: String?) async -> [BenchResult] {
    let name = "pipeline.5_steps_vs_hand_chained"
    guard selected(name, filter) else { return [] }
    let iterations = scale.iterations(100_000)
    let pipeline = Step().then(Step()).then(Step()).then(Step()).then(Step())
    let context = SkillContext(skillName: "Bench")
    let times = await compare(
      rounds: scale.rounds, iterations: iterations,
      subject: { count in
        await runPipeline(pipeline, count: count, context: context)
      },
      baseline: { count in
        await runByHand(count: count)
      })
    return [
      .comparison(name, iterations: iterations, subject: times.subject, baseline: times.baseline, maximumRatio: 1.2)
    ]
  }
}

@inline(never)
nonisolated func runPipeline<S: Skill>(_ pipeline: S, count: Int, context: SkillContext) async
where S.Input == Int, S.Output == Int {
  var total = 0
  for index in 0..<count {
    total &+= (try? await pipeline.run(index, context: context)) ?? 0
  }
  blackHole(total)
}

@inline(never)
nonisolated func runByHand(count: Int) async {
  var total = 0
  for index in 0..<count {
    let a = await increment(index)
    let b = await increment(a)
    let c = await increment(b)
    let d = await increment(c)
    total &+= await increment(d)
  }
  blackHole(total)
}

/// Keeps a value alive so the optimizer cannot drop the work that produced it.
@inline(never)
nonisolated func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
