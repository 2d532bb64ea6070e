import AgentSkill
import AgentSkillLLM
import AgentSkillLLMTesting
import Foundation

/// `agentskill-demo eval --bfcl CATEGORIES`: runs the Berkeley Function Calling Leaderboard's categories
/// through the offline model or a model server — each entry's functions as the registry's tools, the
/// prefilter and the chat loop — and prints the accuracy per category and the prefilter's recall@20.
@MainActor
struct BFCLEvalCommand {
  let options: EvalOptions

  /// Runs the categories; 0 when they ran (whatever the scores), 1 when the data or the report failed.
  func run() async -> Int32 {
    let output = Terminal.standardOutput
    let errors = Terminal.standardError
    let categories = options.bfclCategories ?? BFCLEvalOptions.core
    let dataset: BFCLDataset
    do {
      if let directory = options.bfclData {
        dataset = BFCLDataset(directory: URL(fileURLWithPath: directory, isDirectory: true))
      } else {
        let cache = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
          .appendingPathComponent(".build/bfcl", isDirectory: true)
        errors.writeLine("Using bfcl-eval==\(BFCLDataset.pinnedVersion) in \(cache.path) (downloaded once)…")
        dataset = try await BFCLDataset.install(into: cache)
      }
    } catch {
      errors.writeLine("agentskill-demo: \(error.description)")
      return 1
    }
    let fixedNow = options.now
    let now: @Sendable () -> Date = { fixedNow ?? Date() }
    let configuration = options.model
    let timeZone = options.timeZone
    let timeout = Duration.seconds(options.timeoutSeconds)
    let benchmark = BFCLBenchmark { _, registry in
      configuration.makeModel(registry: registry, timeZone: timeZone, now: now, paced: false, timeout: timeout)
    }
    let scope = options.limit.map { "the first \($0) entries of " } ?? ""
    errors.writeLine(
      "Evaluating \(scope)\(categories.map(\.rawValue).joined(separator: ", ")) with \(configuration.label(false))…")
    let report: BFCLReport
    do {
      report = try await benchmark.run(dataset, categories: categories, limit: options.limit, runs: options.runs)
    } catch {
      errors.writeLine("agentskill-demo: \(error.description)")
      return 1
    }
    output.writeLine(report.table)
    if options.printsFailures {
      for failure in report.categories.flatMap(\.report.failures) {
        output.writeLine("")
        output.writeLine(failure.transcript)
      }
    }
    if let path = options.reportPath {
      do {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(report).write(to: URL(fileURLWithPath: path), options: .atomic)
      } catch {
        errors.writeLine("agentskill-demo: cannot write the report to \(path) (\(error.localizedDescription))")
        return 1
      }
    }
    return 0
  }
}
