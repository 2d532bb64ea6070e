import AgentSkill
import AgentSkillLLM

/// Runs labelled cases through a ``/AgentSkillLLM/ChatAgent`` — the registry's prefilter,
/// the model, validation and repairs included — and scores the tool calls.
///
/// ```swift
/// @MainActor
/// func score(model: any LanguageModel, registry: SkillRegistry, cases: [EvaluationCase]) async {
///   let evaluator = Evaluator(model: model, registry: registry, results: .scripted { tool, _ in .text("Done: \(tool)") })
///   let report = await evaluator.run(cases, runs: 3)
///   print(report.table)
///   #expect(report.selectionAccuracy >= 0.9)
/// }
/// ```
///
/// Each case and run gets a fresh chat. Calls that need the user's
/// confirmation are confirmed. For each judged turn the chosen tools are the
/// ones the model called in that turn: a later answer's calls to a tool replace
/// the earlier answers' calls to it (a repaired call is judged by its repair),
/// and several calls in one answer all count (parallel calls).
@MainActor
public struct Evaluator {
  /// Where the tools' results come from.
  public enum Results: Sendable {
    /// The registry's skills run (with their real side effects).
    case skills
    /// The closure answers each call: the tool's id and the validated arguments.
    case scripted(@Sendable (String, JSONValue) async throws -> ToolOutput)
  }

  /// The model under test.
  public let model: any LanguageModel
  /// The skills offered; copied into each chat's own registry.
  public let registry: SkillRegistry
  /// System instructions for each chat.
  public let instructions: String?
  /// How each chat's loop runs.
  public let options: ChatAgentOptions
  /// Where the tools' results come from.
  public let results: Results
  /// Each chat's environment (pass a `TestClock` when the model or a skill waits on it).
  public let environment: SkillEnvironment

  /// Creates an evaluator.
  ///
  /// - Parameters:
  ///   - model: The model under test.
  ///   - registry: The skills offered, with their enabled state and permissions.
  ///   - instructions: System instructions for each chat. Defaults to none.
  ///   - options: How each chat's loop runs. Defaults to `ChatAgentOptions()`.
  ///   - results: Where results come from. Defaults to running the skills.
  ///   - environment: Each chat's environment. Defaults to `SkillEnvironment()`.
  public init(
    model: any LanguageModel,
    registry: SkillRegistry,
    instructions: String? = nil,
    options: ChatAgentOptions = ChatAgentOptions(),
    results: Results = .skills,
    environment: SkillEnvironment = SkillEnvironment()
  ) {
    self.model = model
    self.registry = registry
    self.instructions = instructions
    self.options = options
    self.results = results
    self.environment = environment
  }

  /// Runs every case `runs` times and scores the judged turns.
  ///
  /// - Parameters:
  ///   - cases: The labelled cases.
  ///   - runs: How many times each case runs (for ``EvaluationReport/passAllRate``). Defaults to 1.
  /// - Returns: The report.
  public func run(_ cases: [EvaluationCase], runs: Int = 1) async -> EvaluationReport {
    var results: [CaseResult] = []
    for run in 1...max(1, runs) {
      for evaluationCase in cases {
        results.append(await self.run(evaluationCase, run: run))
      }
    }
    return EvaluationReport(results: results, runs: max(1, runs))
  }

  /// Runs one case once.
  ///
  /// - Parameters:
  ///   - evaluationCase: The case.
  ///   - run: The run's number, for the report. Defaults to 1.
  /// - Returns: What happened in each turn and how it was judged.
  public func run(_ evaluationCase: EvaluationCase, run: Int = 1) async -> CaseResult {
    let chat = ChatAgent(
      model: model, registry: evaluatedRegistry(), instructions: instructions, options: options,
      name: "Evaluator", environment: environment, timeline: .disabled)
    var turns: [CaseResult.Turn] = []
    for turn in evaluationCase.turns {
      await chat.send(turn.user).finish()
      let number = chat.messages.last { $0.role == .user }?.turn
      let messages = chat.messages.filter { $0.turn == number }
      var calls: [CaseResult.Call] = []
      for message in messages where message.role == .assistant {
        let names = Set(message.toolCalls.map(\.name))
        calls.removeAll { names.contains($0.name) }
        calls += message.toolCalls.map { CaseResult.Call(name: $0.name, arguments: $0.arguments) }
      }
      let answer = messages.last { $0.role == .assistant && !$0.text.isEmpty }?.text ?? ""
      let error = chat.lastError.map { "\($0)" }
      turns.append(
        CaseResult.Turn(user: turn.user, expected: turn.expect, calls: calls, answer: answer, error: error))
    }
    chat.cancelAll()
    return CaseResult(id: evaluationCase.id, category: evaluationCase.category, run: run, turns: turns)
  }

  private func evaluatedRegistry() -> SkillRegistry {
    let copy = SkillRegistry(grantedPermissions: registry.grantedPermissions)
    for skill in registry.availableSkills {
      // The ids are unique in the source registry, so registering them again cannot clash.
      try? copy.register(EvaluatedTool(base: skill, results: results))
    }
    return copy
  }
}
