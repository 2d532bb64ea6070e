import AgentSkill

/// A ``ChatAgent`` mounted as one tool of another agent's registry
/// (a coordinator hands sub-tasks to specialist agents).
///
/// The tool's input is `{"task": string}`; running it sends the task to the
/// sub-agent as a message, waits for its turn to end, and returns its final
/// answer as the summary (and as text for the UI).
///
/// ```swift
/// @MainActor
/// func makeCoordinator(model: any LanguageModel, ledgerSkills: SkillRegistry) throws -> ChatAgent {
///   let ledger = ChatAgent(model: model, registry: ledgerSkills, instructions: "You answer bookkeeping questions.")
///   let assistant = SkillRegistry()
///   try assistant.register(
///     ledger.asTool(
///       id: "ledger_agent", displayName: "记账助手",
///       description: "Answers questions about the user's bookkeeping entries; pass the whole question as task.",
///       keywords: ["记账", "账单", "开销"]))
///   return ChatAgent(model: model, registry: assistant)
/// }
/// ```
///
/// - A failed sub-turn fails the call (the coordinator's model is told why).
/// - Cancelling the coordinator's turn cancels the sub-agent's turn.
/// - A sub-agent skill that needs confirmation waits on the sub-agent's own
///   ``ChatAgent/pendingConfirmation``; show it, or give sub-agents skills
///   that need none.
public struct ChatAgentTool: ToolSkill {
  /// The task handed to the sub-agent.
  public struct Input: Decodable, Sendable, Hashable {
    /// What the sub-agent should do, in words.
    public let task: String
  }

  /// The sub-agent.
  public let agent: ChatAgent
  /// The name the model calls.
  public let id: String
  /// The name people see.
  public let displayName: LocalizedText
  /// What the sub-agent does, for the coordinator's model.
  public let description: String
  /// Labels matched against the intent's tags.
  public let tags: [String]
  /// Words searched for in the user's text.
  public let keywords: [String]

  /// `{"task": string}`, required.
  public var inputSchema: JSONSchema {
    .object(
      properties: ["task": .string(description: "The task for the sub-agent, as a complete request in words")],
      required: ["task"])
  }

  /// The ``id``, for log tags.
  public var name: String { id }

  /// Creates the tool; prefer ``ChatAgent/asTool(id:displayName:description:tags:keywords:)``.
  ///
  /// - Parameters:
  ///   - agent: The sub-agent.
  ///   - id: The name the model calls.
  ///   - displayName: The name people see. Defaults to `id`.
  ///   - description: What the sub-agent does.
  ///   - tags: Labels matched against the intent's tags.
  ///   - keywords: Words searched for in the user's text.
  public init(
    agent: ChatAgent, id: String, displayName: LocalizedText? = nil, description: String, tags: [String] = [],
    keywords: [String] = []
  ) {
    self.agent = agent
    self.id = id
    self.displayName = displayName ?? LocalizedText(id)
    self.description = description
    self.tags = tags
    self.keywords = keywords
  }

  /// Sends the task to the sub-agent and returns its answer.
  ///
  /// - Parameters:
  ///   - input: The task.
  ///   - context: The run's context.
  /// - Returns: The sub-agent's final answer as the summary and as text.
  /// - Throws: ``ChatAgentError`` when the sub-turn failed; `CancellationError` when cancelled.
  public func run(_ input: Input, context: SkillContext) async throws -> ToolOutput {
    let agent = self.agent
    let (task, turn) = await agent.startTurn(input.task)
    await withTaskCancellationHandler {
      await task.finish()
    } onCancel: {
      task.cancel()
      Task { @MainActor in agent.cancel() }
    }
    try Task.checkCancellation()
    let outcome = await agent.outcome(ofTurn: turn)
    switch outcome {
    case .answered(let answer):
      context.logger.debug("sub-agent \(agent.agent.name) answered turn \(turn)")
      return ToolOutput(summary: answer, display: .text(answer))
    case .failed(let error):
      throw error
    case .cancelled:
      throw CancellationError()
    }
  }
}

/// How a sub-agent's turn ended.
enum ChatTurnOutcome: Sendable {
  case answered(String)
  case failed(ChatAgentError)
  case cancelled
}

extension ChatAgent {
  /// This agent as a tool for another agent's registry; see ``ChatAgentTool``.
  ///
  /// - Parameters:
  ///   - id: The name the coordinator's model calls.
  ///   - displayName: The name people see. Defaults to `id`.
  ///   - description: What this agent does, for the coordinator's model.
  ///   - tags: Labels matched against the intent's tags.
  ///   - keywords: Words searched for in the user's text.
  /// - Returns: The tool.
  public nonisolated func asTool(
    id: String, displayName: LocalizedText? = nil, description: String, tags: [String] = [], keywords: [String] = []
  ) -> ChatAgentTool {
    ChatAgentTool(
      agent: self, id: id, displayName: displayName, description: description, tags: tags, keywords: keywords)
  }

  /// How `turn` ended: its last answer, its failure, or a cancellation.
  func outcome(ofTurn turn: Int) -> ChatTurnOutcome {
    let context = agent.context
    guard let info = context.turns.last(where: { $0.turn == turn }) else { return .cancelled }
    switch info.state {
    case .answered:
      let answer = context.messages(inTurn: turn).last { $0.role == .assistant }?.text ?? ""
      return .answered(answer)
    case .failed:
      return .failed(context.lastError ?? .provider(message: "the sub-agent's turn failed."))
    case .inProgress, .cancelled:
      return .cancelled
    }
  }
}
