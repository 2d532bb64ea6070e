import AgentSkill
import AgentSkillLLM

/// Runs Berkeley Function Calling Leaderboard entries through an ``Evaluator`` — each entry's functions
/// registered as tools, the registry's prefilter and the real ``/AgentSkillLLM/ChatAgent`` loop, scripted
/// tool results — and scores them with BFCL's rules (``ArgumentMatcher/allowed(_:type:itemType:)``, no
/// unexpected arguments, order-free parallel calls).
///
/// Unlike BFCL's own runner, the model answers through the library's stack: it is offered only the tools
/// the prefilter keeps (see ``prefilterRecall(_:limit:threshold:)``), and a call the schema rejects goes
/// back to it for a repair, judged by the repaired call.
///
/// ```swift
/// @MainActor
/// func scoreSimple(_ dataset: BFCLDataset, model: any LanguageModel) async throws -> EvaluationReport {
///   let benchmark = BFCLBenchmark { _, _ in model }
///   return await benchmark.run(try dataset.entries(.simple, limit: 20))
/// }
/// ```
@MainActor
public struct BFCLBenchmark {
  /// Makes the model for an entry, given the registry of its tools (a rule-based model reads it; a
  /// server model ignores it).
  public typealias ModelFactory = @MainActor (BFCLEntry, SkillRegistry) -> any LanguageModel

  /// How each chat's loop runs.
  public var options: ChatAgentOptions
  /// Makes each entry's model.
  public let model: ModelFactory

  /// Creates a benchmark.
  ///
  /// - Parameters:
  ///   - options: How each chat's loop runs. Defaults to `ChatAgentOptions()` (the prefilter offers at
  ///     most 20 tools).
  ///   - model: Makes each entry's model.
  public init(options: ChatAgentOptions = ChatAgentOptions(), model: @escaping ModelFactory) {
    self.options = options
    self.model = model
  }

  /// Runs each entry `runs` times, each in a fresh chat with its own tools.
  ///
  /// - Parameters:
  ///   - entries: The entries, of one category or several (the report's categories tell them apart).
  ///   - runs: How many times each entry runs. Defaults to 1.
  /// - Returns: The report; a case passes when BFCL's checker would accept the calls.
  public func run(_ entries: [BFCLEntry], runs: Int = 1) async -> EvaluationReport {
    var results: [CaseResult] = []
    for run in 1...max(1, runs) {
      for entry in entries {
        let registry = entry.makeRegistry()
        let evaluator = Evaluator(
          model: model(entry, registry), registry: registry, instructions: entry.system, options: options,
          results: .scripted { _, _ in .text(#"{"status": "ok"}"#) })
        results.append(await evaluator.run(entry.evaluationCase, run: run))
      }
    }
    return EvaluationReport(results: results, runs: max(1, runs))
  }

  /// Runs several categories of a dataset.
  ///
  /// - Parameters:
  ///   - dataset: The data.
  ///   - categories: The categories, in the report's order.
  ///   - limit: The most entries per category, from the start of each file; `nil` for all.
  ///   - runs: How many times each entry runs. Defaults to 1.
  ///   - recallCategories: The categories whose prefilter recall is measured. Defaults to `multiple`
  ///     and `live_multiple` among `categories`.
  /// - Returns: The report per category, with the prefilter's recall.
  /// - Throws: ``EvaluationError`` when a file cannot be read.
  public func run(
    _ dataset: BFCLDataset, categories: [BFCLCategory], limit: Int? = nil, runs: Int = 1,
    recallCategories: [BFCLCategory]? = nil
  ) async throws(EvaluationError) -> BFCLReport {
    var report = BFCLReport(recallLimit: options.matchLimit)
    let measured = recallCategories ?? categories.filter { $0 == .multiple || $0 == .liveMultiple }
    for category in categories {
      let entries = try dataset.entries(category, limit: limit)
      report.categories.append(BFCLReport.Category(category: category, report: await run(entries, runs: runs)))
      if measured.contains(category) {
        report.prefilterRecall[category.rawValue] = await Self.prefilterRecall(
          entries, limit: options.matchLimit, threshold: options.matchThreshold)
      }
    }
    return report
  }

  /// How often the registry's prefilter offers every expected function: for each entry with labelled
  /// calls, whether their tools are among the ≤ `limit` skills ``/AgentSkillLLM/SkillRegistry/match(_:limit:threshold:)``
  /// returns for the request (recall@k).
  ///
  /// - Parameters:
  ///   - entries: The entries.
  ///   - limit: The most tools offered. Defaults to 20.
  ///   - threshold: The lowest score offered. Defaults to the registry's.
  /// - Returns: Entries whose expected tools were all offered, of those with labelled calls.
  public static func prefilterRecall(
    _ entries: [BFCLEntry], limit: Int = SkillRegistry.defaultMatchLimit,
    threshold: Double = SkillRegistry.defaultMatchThreshold
  ) async -> EvaluationReport.Score {
    var score = EvaluationReport.Score(passed: 0, total: 0)
    for entry in entries {
      let expected = Set(entry.expectation.toolNames)
      guard !expected.isEmpty else { continue }
      score.total += 1
      let offered = Set(
        await entry.makeRegistry().match(UserRequest(entry.user), limit: limit, threshold: threshold).map(\.id))
      if expected.isSubset(of: offered) { score.passed += 1 }
    }
    return score
  }
}
