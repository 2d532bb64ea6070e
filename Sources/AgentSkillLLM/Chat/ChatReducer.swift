/// Applies ``ChatEffect``s to a ``ChatContext``: the only place a chat's
/// state changes.
///
/// Every phase change goes through ``ChatPhaseTransitions``. An illegal one
/// leaves the phase as it is, is kept in ``ChatContext/rejectedTransitions``
/// and comes back as a ``ChatIntent/transitionRejected(_:)`` follow-up, which
/// the agent records in its timeline and logs as a warning — never a silent jump.
///
/// ```swift
/// var context = ChatContext()
/// let followUps = ChatReducer.reduce(&context, .transition(.executing(skillID: "weather")))
/// context.phase          // .idle: idle cannot jump to executing
/// followUps              // [.transitionRejected(idle → executing(weather))]
/// ```
public enum ChatReducer {
  /// Applies `effect` to `context`.
  ///
  /// - Parameters:
  ///   - context: The chat's state.
  ///   - effect: What happened.
  /// - Returns: Follow-up intents: a rejected transition's report, or none.
  public static func reduce(_ context: inout ChatContext, _ effect: ChatEffect) -> [ChatIntent] {
    var followUps: [ChatIntent] = []
    switch effect {
    case .turnStarted(let turn, let text, let images):
      settleLeftovers(&context)
      endTurn(&context, as: .cancelled)
      if context.phase.isBusy { move(&context, to: .idle, followUps: &followUps) }
      context.lastError = nil
      context.messages.append(
        ChatAgentMessage(id: .init(turn: turn, index: 0), role: .user, text: text, images: images))
      context.turns.append(ChatTurnInfo(turn: turn, question: text))
      move(&context, to: .analyzing, followUps: &followUps)
    case .toolsOffered(let turn, let tools):
      if let index = context.turns.lastIndex(where: { $0.turn == turn }) { context.turns[index].offeredTools = tools }
    case .transition(let phase):
      move(&context, to: phase, followUps: &followUps)
    case .appendMessage(let message):
      context.messages.append(message)
    case .appendText(let id, let text):
      if let index = context.index(of: id) { context.messages[index].text += text }
    case .finishMessage(let id, let text, let calls):
      if let index = context.index(of: id) {
        context.messages[index].text = text
        context.messages[index].toolCalls = calls
        context.messages[index].isStreaming = false
      }
    case .appendThinking(let id, let text):
      if let index = context.index(of: id) {
        context.messages[index].thinking = (context.messages[index].thinking ?? "") + text
      }
    case .finishThinking(let id, let text, let blocks):
      if let index = context.index(of: id) {
        context.messages[index].thinking = text
        context.messages[index].thinkingBlocks = blocks
      }
    case .updateCall(let id, let call):
      replace(call, in: id, context: &context)
    case .callFinished(let id, let call, let result):
      replace(call, in: id, context: &context)
      if let result { context.messages.append(result) }
      if let duration = call.duration, let skillID = call.skillID, call.status == .succeeded || call.status == .failed {
        context.skillTimings[skillID, default: SkillTimingStats(skillID: skillID)].record(duration)
      }
    case .requestConfirmation(let request):
      context.pendingConfirmation = request
    case .confirmationAnswered(let callID):
      if context.pendingConfirmation?.callID == callID { context.pendingConfirmation = nil }
    case .modelRequest(let usage, let cost):
      context.modelRequests += 1
      if let usage {
        context.tokenUsage = context.tokenUsage + usage
        context.lastRequestUsage = usage
      }
      context.conversationUsage.add(request: usage, cost: cost)
      if let last = context.turns.indices.last { context.turns[last].usage.add(request: usage, cost: cost) }
    case .modelAttempt:
      break  // for the timeline
    case .turnFinished:
      settleLeftovers(&context)
      endTurn(&context, as: .answered)
      move(&context, to: .idle, followUps: &followUps)
    case .turnFailed(let error):
      settleLeftovers(&context)
      endTurn(&context, as: .failed)
      context.lastError = error
      move(&context, to: .failed(error.description), followUps: &followUps)
    case .interrupted:
      settleLeftovers(&context)
      endTurn(&context, as: .cancelled)
      if context.phase.isBusy { move(&context, to: .idle, followUps: &followUps) }
    case .feedbackRecorded:
      context.feedbackReports += 1
    case .feedbackFailed(let error):
      context.lastError = error
    case .cleared:
      let kept = context
      context = ChatContext()
      context.skillTimings = kept.skillTimings
      context.tokenUsage = kept.tokenUsage
      context.modelRequests = kept.modelRequests
      context.feedbackReports = kept.feedbackReports
      context.rejectedTransitions = kept.rejectedTransitions
    case .restored(let conversation):
      context.messages = conversation.messages
      context.turns = conversation.turns
      context.pendingConfirmation = conversation.pendingConfirmation
      context.conversationUsage = conversation.usage
      context.lastRequestUsage = conversation.lastRequestUsage
      context.lastError = nil
      // A reset, like `cleared`: the phase is what the restored conversation shows.
      context.phase = conversation.pendingConfirmation.map { .awaitingConfirmation(skillID: $0.skillID) } ?? .idle
    }
    return followUps
  }

  /// Moves to `phase` when the table allows it; otherwise records the refusal.
  private static func move(_ context: inout ChatContext, to phase: ChatPhase, followUps: inout [ChatIntent]) {
    guard ChatPhaseTransitions.allows(context.phase, phase) else {
      let rejection = PhaseTransitionRejection(from: context.phase, to: phase)
      context.rejectedTransitions.append(rejection)
      if context.rejectedTransitions.count > ChatContext.rejectionLimit {
        context.rejectedTransitions.removeFirst(context.rejectedTransitions.count - ChatContext.rejectionLimit)
      }
      followUps.append(.transitionRejected(rejection))
      return
    }
    context.phase = phase
  }

  /// Marks the newest turn as ended, when it is still in progress.
  private static func endTurn(_ context: inout ChatContext, as state: ChatTurnInfo.State) {
    guard let last = context.turns.indices.last, context.turns[last].state == .inProgress else { return }
    context.turns[last].state = state
  }

  /// Ends what an interrupted or finished turn left open: streaming stops,
  /// pending and running calls become cancelled, the confirmation goes away.
  private static func settleLeftovers(_ context: inout ChatContext) {
    context.pendingConfirmation = nil
    // Only the newest turn can have open work.
    guard let turn = context.messages.last?.id.turn else { return }
    var index = context.messages.count - 1
    while index >= 0, context.messages[index].id.turn == turn {
      if context.messages[index].isStreaming { context.messages[index].isStreaming = false }
      for call in context.messages[index].toolCalls.indices
      where !context.messages[index].toolCalls[call].status.isFinished {
        context.messages[index].toolCalls[call].status = .cancelled
      }
      index -= 1
    }
  }

  private static func replace(_ call: ChatToolCall, in id: ChatAgentMessage.ID, context: inout ChatContext) {
    guard let index = context.index(of: id),
      let position = context.messages[index].toolCalls.firstIndex(where: { $0.id == call.id })
    else { return }
    context.messages[index].toolCalls[position] = call
  }
}
