import AgentSkill

/// What a chat screen's status area shows, derived from ``ChatPhase`` alone
/// (one state drives the "executing: …" panel, so it cannot flicker between
/// two sub-states that drive each other).
///
/// ```swift
/// struct ChatStatusPanel: View {
///   let chat: ChatAgent
///
///   var body: some View {
///     switch ChatActivity(context: chat.context, displayName: { chat.registry.displayName(for: $0) }) {
///     case .idle, .responding: EmptyView()
///     case .thinking: ProgressView("Thinking…")
///     case .executing(_, let name): Label("Executing: \(name)", systemImage: "gearshape")  // "Executing: 天气查询"
///     case .awaitingConfirmation(_, let name, _): Text("Run \(name)?")
///     case .failed(let message, let retryText): Text("\(message) (\(retryText ?? "—"))")
///     }
///   }
/// }
/// ```
///
/// The phase carries only the skill's id; the name people see is looked up
/// from the call in the current turn (``ChatContext/displayName(ofSkill:)``),
/// then from the `displayName` closure (a registry), then falls back to the id.
public enum ChatActivity: Sendable, Hashable {
  /// Nothing in flight.
  case idle
  /// The message is being analysed or the model is choosing tools.
  case thinking
  /// A skill runs: its id and the name people see.
  case executing(skillID: String, displayName: String)
  /// A skill waits for the user's consent; `request` is `nil` only if the
  /// phase and the pending request disagree, which the reducer prevents.
  case awaitingConfirmation(skillID: String, displayName: String, request: ChatConfirmationRequest?)
  /// The answer streams into the last assistant message.
  case responding
  /// The turn failed: why, and the question to send again (`nil` when
  /// there is none).
  case failed(message: String, retryText: String?)

  /// The activity for a chat's current state.
  ///
  /// - Parameters:
  ///   - context: The chat's context (``ChatAgent/context``).
  ///   - displayName: Looks a skill's display name up by id, such as
  ///     `{ registry.displayName(for: $0) }`. Defaults to none.
  public init(context: ChatContext, displayName: (String) -> String? = { _ in nil }) {
    self.init(
      phase: context.phase, messages: { context.messages }, pendingConfirmation: { context.pendingConfirmation },
      lastQuestion: { context.turns.last?.question }, displayName: displayName)
  }

  /// The activity of a chat agent, reading through the agent only the fields it needs: the phase, and — only in
  /// the phases that show more — the current turn's calls, the pending confirmation or the last question. A view
  /// that shows it is not refreshed by the streamed text of an answer.
  ///
  /// - Parameters:
  ///   - agent: The chat's agent (``ChatAgent/agent``).
  ///   - displayName: Looks a skill's display name up by id. Defaults to none.
  @MainActor
  public init(agent: Agent<ChatContext, ChatIntent, ChatEffect>, displayName: (String) -> String? = { _ in nil }) {
    self.init(
      phase: agent.phase, messages: { agent.messages }, pendingConfirmation: { agent.pendingConfirmation },
      lastQuestion: { agent.turns.last?.question }, displayName: displayName)
  }

  private init(
    phase: ChatPhase,
    messages: () -> [ChatAgentMessage],
    pendingConfirmation: () -> ChatConfirmationRequest?,
    lastQuestion: () -> String?,
    displayName: (String) -> String?
  ) {
    func name(_ skillID: String) -> String {
      ChatContext.displayName(ofSkill: skillID, in: messages()) ?? displayName(skillID) ?? skillID
    }
    switch phase {
    case .idle:
      self = .idle
    case .analyzing, .selectingSkill:
      self = .thinking
    case .executing(let skillID):
      self = .executing(skillID: skillID, displayName: name(skillID))
    case .awaitingConfirmation(let skillID):
      let request = pendingConfirmation().flatMap { $0.skillID == skillID ? $0 : nil }
      self = .awaitingConfirmation(
        skillID: skillID, displayName: request?.displayName ?? name(skillID), request: request)
    case .responding:
      self = .responding
    case .failed(let message):
      self = .failed(message: message, retryText: lastQuestion())
    }
  }

  /// Whether a turn is in progress, so a Stop button makes sense.
  public var isBusy: Bool {
    switch self {
    case .idle, .failed: false
    case .thinking, .executing, .awaitingConfirmation, .responding: true
    }
  }
}

extension ChatContext {
  /// The name people see for a skill called in the current turn: the
  /// display name of its newest call, preferring one that is running.
  ///
  /// - Parameter skillID: The skill's id, as in ``ChatPhase/executing(skillID:)``.
  /// - Returns: The call's display name, or `nil` when the current turn did not call it.
  public func displayName(ofSkill skillID: String) -> String? {
    Self.displayName(ofSkill: skillID, in: messages)
  }

  /// ``displayName(ofSkill:)`` over `messages`.
  static func displayName(ofSkill skillID: String, in messages: [ChatAgentMessage]) -> String? {
    guard let turn = messages.last?.turn else { return nil }
    var finished: String?
    for message in messages.reversed() {
      guard message.turn == turn else { break }
      for call in message.toolCalls.reversed() where call.skillID == skillID {
        if !call.status.isFinished { return call.displayName }
        if finished == nil { finished = call.displayName }
      }
    }
    return finished
  }
}
