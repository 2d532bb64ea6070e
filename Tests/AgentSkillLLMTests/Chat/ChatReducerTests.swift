import AgentSkillLLM
import Testing

@Suite("ChatReducer", .timeLimit(.minutes(5)))
struct ChatReducerTests {
  @Test func anIllegalTransitionIsRejectedRecordedAndReported() {
    var context = ChatContext()
    let followUps = ChatReducer.reduce(&context, .transition(.executing(skillID: "weather")))
    let rejection = PhaseTransitionRejection(from: .idle, to: .executing(skillID: "weather"))
    #expect(context.phase == .idle)
    #expect(context.rejectedTransitions == [rejection])
    #expect(followUps == [.transitionRejected(rejection)])
  }

  @Test func rejectionsAreBounded() {
    var context = ChatContext()
    for _ in 0..<(ChatContext.rejectionLimit + 10) { _ = ChatReducer.reduce(&context, .transition(.responding)) }
    #expect(context.rejectedTransitions.count == ChatContext.rejectionLimit)
  }

  @Test func aNewTurnSettlesTheInterruptedOne() {
    var context = ChatContext()
    _ = ChatReducer.reduce(&context, .turnStarted(turn: 1, text: "查账"))
    _ = ChatReducer.reduce(&context, .transition(.selectingSkill))
    let id = ChatAgentMessage.ID(turn: 1, index: 1)
    let call = ChatToolCall(
      id: "c1", name: "ledger", skillID: "ledger", displayName: "记账", arguments: [:], status: .running)
    _ = ChatReducer.reduce(
      &context, .appendMessage(ChatAgentMessage(id: id, role: .assistant, text: "稍等", isStreaming: true)))
    _ = ChatReducer.reduce(&context, .finishMessage(id, text: "稍等", toolCalls: [call]))
    _ = ChatReducer.reduce(&context, .transition(.executing(skillID: "ledger")))

    let followUps = ChatReducer.reduce(&context, .turnStarted(turn: 2, text: "算了"))
    #expect(followUps.isEmpty)
    #expect(context.phase == .analyzing)
    #expect(context.messages.map(\.id) == [.init(turn: 1, index: 0), id, .init(turn: 2, index: 0)])
    #expect(context.messages[1].toolCalls.map(\.status) == [.cancelled])
    #expect(context.turns.map(\.state) == [.cancelled, .inProgress])
  }

  @Test func finishedCallsAddTheirResultAndTiming() {
    var context = ChatContext()
    _ = ChatReducer.reduce(&context, .turnStarted(turn: 1, text: "查账"))
    let id = ChatAgentMessage.ID(turn: 1, index: 1)
    var call = ChatToolCall(id: "c1", name: "ledger", skillID: "ledger", displayName: "记账", arguments: [:])
    _ = ChatReducer.reduce(
      &context, .appendMessage(ChatAgentMessage(id: id, role: .assistant, text: "", toolCalls: [call])))
    call.status = .succeeded
    call.duration = .seconds(2)
    let result = ChatAgentMessage(
      id: .init(turn: 1, index: 2), role: .tool, text: "5 笔",
      toolResult: ChatToolResult(
        callID: "c1", skillID: "ledger", displayName: "记账", summary: "5 笔", display: .none, isSuccess: true))
    _ = ChatReducer.reduce(&context, .callFinished(id, call, result: result))
    call.duration = .seconds(1)
    _ = ChatReducer.reduce(&context, .callFinished(id, call, result: nil))
    #expect(context.messages.last == result)
    #expect(context.messages[1].toolCalls == [call])
    #expect(
      context.skillTimings["ledger"]
        == SkillTimingStats(skillID: "ledger", count: 2, total: .seconds(3), maximum: .seconds(2)))
    #expect(context.metrics.skillTimings.first?.average == .milliseconds(1_500))
  }

  @Test func usageAddsUpAndClearingKeepsTheMetrics() {
    var context = ChatContext()
    _ = ChatReducer.reduce(&context, .modelRequest(usage: TokenUsage(inputTokens: 10, outputTokens: 4)))
    _ = ChatReducer.reduce(&context, .modelRequest(usage: nil))
    _ = ChatReducer.reduce(&context, .modelRequest(usage: TokenUsage(inputTokens: 5, outputTokens: 1)))
    _ = ChatReducer.reduce(&context, .turnStarted(turn: 1, text: "hi"))
    _ = ChatReducer.reduce(&context, .cleared)
    #expect(context.tokenUsage == TokenUsage(inputTokens: 15, outputTokens: 5))
    #expect(context.modelRequests == 3)
    #expect(context.messages.isEmpty && context.turns.isEmpty && context.phase == .idle)
  }

  @Test func failureSetsTheErrorAndASendRecovers() {
    var context = ChatContext()
    _ = ChatReducer.reduce(&context, .turnStarted(turn: 1, text: "hi"))
    _ = ChatReducer.reduce(&context, .transition(.responding))
    _ = ChatReducer.reduce(&context, .turnFailed(.provider(message: "HTTP 500.")))
    #expect(context.phase == .failed(ChatAgentError.provider(message: "HTTP 500.").description))
    #expect(context.lastError == .provider(message: "HTTP 500."))
    #expect(context.turns.last?.state == .failed)
    _ = ChatReducer.reduce(&context, .turnStarted(turn: 2, text: "again"))
    #expect(context.phase == .analyzing)
    #expect(context.lastError == nil)
  }
}
