import Foundation

/// `agentskill-bench`: measures the library against hand-written baselines in
/// the same run and prints one JSON line per case:
/// `{"case", "n", "ns_per_op", "baseline_ns_per_op", "ratio", "target", "meets_target"}`
/// (cases without a baseline print their own metrics instead).
///
/// `--quick` runs few iterations (CI smoke run; the numbers are not meaningful
/// in debug builds). Use `swift run -c release agentskill-bench` for figures.
/// `--filter TEXT` runs only the cases whose name contains TEXT.
@main
struct AgentSkillBench {
  static func main() async {
    var arguments = Array(CommandLine.arguments.dropFirst())[...]
    if arguments.first == TimelineMemoryBench.childFlag {
      exit(await TimelineMemoryBench.runChild(Array(arguments.dropFirst())))
    }
    if arguments.first == ListScreenMemoryBench.childFlag {
      exit(await ListScreenMemoryBench.runChild(Array(arguments.dropFirst())))
    }
    var scale = BenchScale.full
    var filter: String?
    while let argument = arguments.popFirst() {
      switch argument {
      case "--quick": scale = .quick
      case "--filter": filter = arguments.popFirst()
      default:
        FileHandle.standardError.write(Data("usage: agentskill-bench [--quick] [--filter TEXT]\n".utf8))
        exit(2)
      }
    }
    let suites: [any BenchSuite] = [
      RunnerBench(), PipelineBench(), AgentRoundTripBench(), AgentApplyBench(), AgentCancellationBench(),
      AgentReleaseBench(),
      StreamingBench(), SSEBench(), JSONRenderBench(), ToolCallAssemblyBench(), RegistryMatchBench(), ChatRoundBench(),
      TimelineMemoryBench(), ListScreenMemoryBench(), TransportStallBench(),
    ]
    for suite in suites {
      for result in await suite.run(scale: scale, filter: filter) {
        print(result.jsonLine)
      }
    }
  }
}
