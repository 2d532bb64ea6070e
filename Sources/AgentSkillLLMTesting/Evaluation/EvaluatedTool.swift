import AgentSkill
import AgentSkillLLM

/// A registered skill as the evaluator offers it: the same id, description,
/// schema, validators and matching, never waiting for a confirmation, run
/// for real or answered by the caller's closure.
struct EvaluatedTool: ToolSkill {
  typealias Input = JSONValue

  let base: AnyToolSkill
  let results: Evaluator.Results

  var name: String { base.name }
  var id: String { base.id }
  var displayName: LocalizedText { base.displayName }
  var description: String { base.description }
  var inputSchema: JSONSchema { base.inputSchema }
  var tags: [String] { base.tags }
  var keywords: [String] { base.keywords }
  var requiresConfirmation: Bool { false }
  var requiredPermission: SkillPermission? { base.requiredPermission }
  var validators: [ArgumentValidator] { base.validators }

  nonisolated(nonsending) func canHandle(_ intent: UserRequest) async -> IntentMatch {
    await base.canHandle(intent)
  }

  func run(_ input: JSONValue, context: SkillContext) async throws -> ToolOutput {
    switch results {
    case .skills:
      return try await base.prepare(input).run(context: context)
    case .scripted(let answer):
      return try await answer(base.id, input)
    }
  }
}
