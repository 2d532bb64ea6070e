import AgentSkill
import AgentSkillLLM

/// Issue 4 bench: `SkillRegistry.match` over 1,000 and 10,000 registered
/// skills (default keyword/tag scoring). Target: < 1 ms for 1,000.
struct RegistryMatchBench: BenchSuite {
  struct Input: Decodable, Sendable {}

  @MainActor func run(scale: BenchScale, filter: String?) async -> [BenchResult] {
    var results: [BenchResult] = []
    for count in [1_000, 10_000] {
      let name = "registry.match_\(count)_skills"
      guard selected(name, filter) else { continue }
      let registry = SkillRegistry()
      let topics = ["weather", "ledger", "reminder", "calendar", "music", "photo", "mail", "map", "news", "timer"]
      for index in 0..<count {
        let topic = topics[index % topics.count]
        let skill = ToolSkillOf<Input>(
          id: "\(topic)_\(index)", description: "Handles \(topic) request number \(index)",
          inputSchema: .object(), tags: ["\(topic)\(index % 50)"],
          keywords: ["\(topic)\(index)", "关键词\(index)", "topic\(index % 97)"]
        ) { _, _ in ToolOutput(summary: "ok") }
        try? registry.register(skill)
      }
      let intents = [
        UserRequest("What's the weather5 like in Beijing tomorrow? topic12"),
        UserRequest("帮我查一下上周三的记账明细，然后按类别汇总 关键词42"),
        UserRequest("remind me to call mom at 6pm"),
      ]
      let iterations = scale.iterations(200)
      var matched = 0
      let times = await compare(
        rounds: scale.rounds, iterations: iterations,
        subject: { runs in
          for run in 0..<runs {
            matched &+= await registry.match(intents[run % intents.count], limit: 20, threshold: 0.3).count
          }
        },
        baseline: { runs in
          // What an app would do without a registry: scan every skill's keywords for a hit.
          for run in 0..<runs {
            let text = intents[run % intents.count].text.lowercased()
            var hits = 0
            for skill in registry.skills where skill.skill.keywords.contains(where: { text.contains($0) }) {
              hits += 1
            }
            matched &+= hits
          }
        })
      blackHole(matched)
      results.append(
        BenchResult(
          name: name, iterations: iterations,
          fields: [
            ("ns_per_op", .number(times.subject)), ("baseline_ns_per_op", .number(times.baseline)),
            ("ratio", .number(times.subject / times.baseline)),
            ("target", .text(count == 1_000 ? "< 1 ms" : "report")),
            ("meets_target", .bool(count != 1_000 || times.subject < 1_000_000)),
          ]))
    }
    return results
  }
}
