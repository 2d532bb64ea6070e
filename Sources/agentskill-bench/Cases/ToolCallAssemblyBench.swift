import AgentSkillLLM

/// Issue 4 bench: assembling streamed tool-call argument fragments, per
/// chunk, versus appending the same fragments to strings by index.
struct ToolCallAssemblyBench: BenchSuite {
  @MainActor func run(scale: BenchScale, filter: String?) async -> [BenchResult] {
    let name = "toolcalls.assembly_per_chunk"
    guard selected(name, filter) else { return [] }
    let chunks = scale.iterations(100_000)
    var deltas: [ToolCallDelta] = [
      ToolCallDelta(index: 0, id: "call_a", name: "get_weather", argumentsFragment: ""),
      ToolCallDelta(index: 1, id: "call_b", name: "query_ledger", argumentsFragment: ""),
    ]
    deltas.append(ToolCallDelta(index: 0, argumentsFragment: #"{"city":""#))
    deltas.append(ToolCallDelta(index: 1, argumentsFragment: #"{"note":""#))
    for index in 0..<chunks { deltas.append(ToolCallDelta(index: index % 2, argumentsFragment: "ab")) }
    deltas.append(ToolCallDelta(index: 0, argumentsFragment: #""}"#))
    deltas.append(ToolCallDelta(index: 1, argumentsFragment: #""}"#))
    let fragments = deltas.map { ($0.index ?? 0, $0.argumentsFragment ?? "") }
    let times = await compare(
      rounds: scale.rounds, iterations: deltas.count,
      subject: { _ in
        var accumulator = ToolCallAccumulator()
        var events = 0
        for delta in deltas { events += accumulator.append(delta).count }
        blackHole((try? accumulator.finish())?.count ?? -1)
        blackHole(events)
      },
      baseline: { _ in
        var texts = ["", ""]
        for (index, fragment) in fragments { texts[index] += fragment }
        blackHole(texts)
      })
    // The issue sets no target for this figure: it is reported.
    return [
      BenchResult(
        name: name, iterations: deltas.count,
        fields: [
          ("ns_per_op", .number(times.subject)), ("baseline_ns_per_op", .number(times.baseline)),
          ("ratio", .number(times.subject / times.baseline)),
        ])
    ]
  }
}
