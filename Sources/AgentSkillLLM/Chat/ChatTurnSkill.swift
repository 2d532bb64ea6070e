import AgentSkill

/// Answers ``ChatIntent/send(text:turn:)``, stops a turn on
/// ``ChatIntent/cancel`` and forgets the conversation on ``ChatIntent/clear``.
///
/// All three share one lane and cancel the run in flight, so a new message
/// (or a cancel) ends the previous turn at once: its model stream and
/// running tools are cancelled, and its late effects are dropped. A cancel
/// and a clear are barriers: a message sent right after them waits until
/// they are applied instead of cancelling them, so "clear, then type" starts
/// an empty conversation.
struct ChatTurnSkill: IntentSkill {
  let configuration: ChatTurnConfiguration

  var name: String { "ChatTurnSkill" }
  var priority: Int { 100 }

  /// The lane every turn, cancel and clear shares.
  static let lane = IntentLane.custom("ChatAgent.turn")

  func canHandle(_ intent: ChatIntent) -> Bool {
    switch intent {
    case .send, .cancel, .clear, .resume: true
    default: false
    }
  }

  func policy(for intent: ChatIntent) -> IntentPolicy {
    switch intent {
    case .cancel, .clear: IntentPolicy.barrier.inLane(Self.lane)
    default: IntentPolicy.cancelPrevious.inLane(Self.lane)
    }
  }

  func handle(_ intent: ChatIntent, context: ChatContext, emit: EffectSink<ChatEffect>) async throws -> Handling {
    switch intent {
    case .send(let text, let images, let turn):
      var chatTurn = ChatTurn(
        configuration: configuration, turn: turn, history: context.messages,
        previousTools: context.turns.last?.offeredTools ?? [], spentBefore: context.conversationUsage,
        lastInputTokens: context.lastRequestUsage?.inputTokens ?? 0, emit: emit)
      try await chatTurn.run(text: text, images: images)
    case .resume(let callID, let approved):
      guard let message = context.messages.last(where: { $0.toolCalls.contains { $0.id == callID } }) else { break }
      let turnUsage = context.turns.first { $0.turn == message.turn }?.usage ?? .zero
      var chatTurn = ChatTurn(
        configuration: configuration, turn: message.turn, history: context.messages,
        previousTools: context.turns.first { $0.turn == message.turn }?.offeredTools ?? [],
        spentBefore: context.conversationUsage.removing(turnUsage),
        lastInputTokens: context.lastRequestUsage?.inputTokens ?? 0, emit: emit)
      chatTurn.spent = turnUsage
      try await chatTurn.resume(callID: callID, approved: approved, history: context.messages)
    case .cancel:
      emit(.interrupted)
    case .clear:
      emit(.cleared)
    default:
      break
    }
    return .handled
  }
}

/// Answers confirmations, writes feedback and logs rejected phase changes;
/// runs alongside the turn, never cancelling it.
struct ChatControlSkill: IntentSkill {
  let gate: ConfirmationGate
  let feedbackLog: FeedbackLog

  var name: String { "ChatControlSkill" }
  var priority: Int { 100 }

  func canHandle(_ intent: ChatIntent) -> Bool {
    switch intent {
    case .confirm, .deny, .reportIrrelevant, .transitionRejected: true
    default: false
    }
  }

  func policy(for intent: ChatIntent) -> IntentPolicy { .parallel }

  func handle(_ intent: ChatIntent, context: ChatContext, emit: EffectSink<ChatEffect>) async throws -> Handling {
    switch intent {
    case .confirm(let callID):
      gate.answer(callID, approved: true)
    case .deny(let callID):
      gate.answer(callID, approved: false)
    case .reportIrrelevant(let record):
      do throws(ChatAgentError) {
        try feedbackLog.append(record.jsonLine)
        emit.logger.info("feedback for message \(record.messageID) appended to \(feedbackLog.url.path)")
        emit(.feedbackRecorded)
      } catch {
        emit.logger.error(error.description)
        emit(.feedbackFailed(error))
      }
    case .transitionRejected(let rejection):
      emit.logger.warning(rejection.description)
    default:
      break
    }
    return .handled
  }
}
