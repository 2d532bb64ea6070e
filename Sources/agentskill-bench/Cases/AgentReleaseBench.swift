import AgentSkill

/// Issue 3 bench (d): send 10,000 intents, release the agent, and count the
/// agents and skill tasks still alive. Target: 0 and 0.
struct AgentReleaseBench: BenchSuite {
  enum Intent: Sendable { case work(Int) }

  @MainActor func run(scale: BenchScale, filter: String?) async -> [BenchResult] {
    let name = "agent.release_after_10k_intents"
    guard selected(name, filter) else { return [] }
    let iterations = scale.iterations(10_000)
    let alive = LockIsolated(0)
    let skill = ClosureIntentSkill<Int, Intent, Int>(
      "Working", policy: { _ in .parallel }, canHandle: { _ in true },
      handle: { _, _, emit in
        alive.withValue { $0 += 1 }
        defer { alive.withValue { $0 -= 1 } }
        try await Task.sleep(for: .seconds(60))
        emit(1)
        return .handled
      })
    weak var weakAgent: Agent<Int, Intent, Int>?
    do {
      let agent = Agent<Int, Intent, Int>(
        context: 0, skills: [skill],
        reduce: { context, effect in
          context += effect
          return []
        })
      weakAgent = agent
      for index in 0..<iterations { agent.send(.work(index)) }
    }
    // Give cancelled tasks a bounded chance to unwind (they end at their next suspension).
    var spins = 0
    while alive.value > 0, spins < 100_000 {
      await Task.yield()
      spins += 1
    }
    let agentsAlive = weakAgent == nil ? 0 : 1
    return [
      BenchResult(
        name: name, iterations: iterations,
        fields: [
          ("agents_alive", .integer(agentsAlive)), ("tasks_alive", .integer(alive.value)),
          ("target", .text("0 agents, 0 tasks")), ("meets_target", .bool(agentsAlive == 0 && alive.value == 0)),
        ])
    ]
  }
}
