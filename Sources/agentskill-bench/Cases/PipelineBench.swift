import AgentSkill

/// A 5-step `then` pipeline versus the same five steps called one after
/// another by hand (`step.run(…, context:)` five times), reported as a ratio,
/// and versus five bare async function calls, which gives the fixed cost of
/// a pipeline step (its context, progress share and error naming) when the
/// steps themselves do nothing: `ns_per_step_overhead`, target under 1 µs.
struct PipelineBench: BenchSuite {
  struct Step: Skill {
    func run(_ input: Int, context: SkillContext) async throws -> Int { await increment(input) }
  }

  @MainActor func run(scale: BenchScale, filter: String?) async -> [BenchResult] {
    var results: [BenchResult] = []
    let iterations = scale.iterations(100_000)
    let pipeline = Step().then(Step()).then(Step()).then(Step()).then(Step())
    let context = SkillContext(skillName: "Bench")
    let name = "pipeline.5_steps_vs_hand_chained_steps"
    if selected(name, filter) {
      let times = await compare(
        rounds: scale.rounds, iterations: iterations,
        subject: { count in await runPipeline(pipeline, count: count, context: context) },
        baseline: { count in await runStepsByHand(Step(), count: count, context: context) })
      results.append(
        BenchResult(
          name: name, iterations: iterations,
          fields: [
            ("ns_per_op", .number(times.subject)), ("baseline_ns_per_op", .number(times.baseline)),
            ("ratio", .number(times.subject / times.baseline)),
          ]))
    }
    let bareName = "pipeline.5_steps_vs_bare_functions"
    if selected(bareName, filter) {
      let times = await compare(
        rounds: scale.rounds, iterations: iterations,
        subject: { count in await runPipeline(pipeline, count: count, context: context) },
        baseline: { count in await runByHand(count: count) })
      let overhead = (times.subject - times.baseline) / 5
      results.append(
        BenchResult(
          name: bareName, iterations: iterations,
          fields: [
            ("ns_per_op", .number(times.subject)), ("baseline_ns_per_op", .number(times.baseline)),
            ("ratio", .number(times.subject / times.baseline)),
            ("ns_per_step_overhead", .number(overhead)), ("target", .text("< 1000 ns per step")),
            ("meets_target", .bool(overhead < 1000)),
          ]))
    }
    return results
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
nonisolated func runStepsByHand<S: Skill>(_ step: S, count: Int, context: SkillContext) async
where S.Input == Int, S.Output == Int {
  var total = 0
  for index in 0..<count {
    do {
      let a = try await step.run(index, context: context)
      let b = try await step.run(a, context: context)
      let c = try await step.run(b, context: context)
      let d = try await step.run(c, context: context)
      total &+= try await step.run(d, context: context)
    } catch {
      total = -1
    }
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
