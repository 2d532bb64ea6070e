import AgentSkill

/// A tool call whose arguments passed validation and decoding, ready to run.
///
/// Made by ``AnyToolSkill/prepare(_:)``. Preparing before running lets a
/// chat agent reject bad arguments at once, ask the user to confirm a call
/// that ``requiresConfirmation`` with arguments known to be valid, and run it
/// only after the user agreed:
///
/// ```swift
/// func run(
///   _ call: ToolCall, with skill: AnyToolSkill, confirm: (PreparedToolCall) async -> Bool
/// ) async throws -> ToolOutput? {
///   let prepared = try await skill.prepare(call.arguments)  // throws at once on bad arguments
///   if prepared.requiresConfirmation, !(await confirm(prepared)) { return nil }
///   return try await prepared.run()
/// }
/// ```
public struct PreparedToolCall: Sendable {
  /// The tool's id.
  public let skillID: String
  /// The skill's name, for log tags.
  public let skillName: String
  /// The validated arguments (`{}` when the model sent none).
  public let arguments: JSONValue
  /// Whether the user must confirm before it runs.
  public let requiresConfirmation: Bool
  private let body: @Sendable (SkillContext) async throws -> ToolOutput

  init(
    skillID: String,
    skillName: String,
    arguments: JSONValue,
    requiresConfirmation: Bool,
    body: @escaping @Sendable (SkillContext) async throws -> ToolOutput
  ) {
    self.skillID = skillID
    self.skillName = skillName
    self.arguments = arguments
    self.requiresConfirmation = requiresConfirmation
    self.body = body
  }

  /// Runs the skill with `context`.
  ///
  /// - Parameter context: The run's context.
  /// - Returns: The skill's output.
  /// - Throws: `CancellationError` when the run was cancelled; the skill's
  ///   own ``ToolSkillError`` unchanged; any other error wrapped in
  ///   ``ToolSkillError/executionFailed(skillID:underlying:)``.
  public func run(context: SkillContext) async throws -> ToolOutput {
    do {
      return try await body(context)
    } catch let error as ToolSkillError {
      throw error
    } catch let error as CancellationError {
      throw error
    } catch {
      if Task.isCancelled { throw CancellationError() }
      throw ToolSkillError.executionFailed(skillID: skillID, underlying: error)
    }
  }

  /// Runs the skill in a new context, reporting to the environment's monitor.
  ///
  /// - Parameter environment: Clock, dependencies, monitor and log sink.
  /// - Returns: The skill's output.
  /// - Throws: As ``run(context:)``.
  public func run(environment: SkillEnvironment = SkillEnvironment()) async throws -> ToolOutput {
    let call = self
    let skill = ClosureSkill<Void, ToolOutput>(skillName) { _, context in try await call.run(context: context) }
    return try await skill.run((), environment: environment)
  }
}
