import AgentSkillLLM
import Testing

@Suite("ChatActivity", .timeLimit(.minutes(5)))
struct ChatActivityTests {
  private static let ask = ChatAgentMessage.ID(turn: 1, index: 1)

  private static func call(
    _ id: String, skill: String, name: String, status: ChatToolCall.Status
  ) -> ChatToolCall {
    ChatToolCall(id: id, name: skill, skillID: skill, displayName: name, arguments: [:], status: status)
  }

  /// A turn whose assistant message called `calls`, in phase `.selectingSkill`.
  private static func context(calling calls: [ChatToolCall]) -> ChatContext {
    var context = ChatContext()
    for effect: ChatEffect in [
      .turnStarted(turn: 1, text: "北京天气，顺便查账"),
      .transition(.selectingSkill),
      .appendMessage(ChatAgentMessage(id: ask, role: .assistant, text: "", toolCalls: calls)),
    ] {
      _ = ChatReducer.reduce(&context, effect)
    }
    return context
  }

  @Test func eachPhaseMapsToOneActivity() {
    var context = ChatContext()
    #expect(ChatActivity(context: context) == .idle)
    _ = ChatReducer.reduce(&context, .turnStarted(turn: 1, text: "你好"))
    #expect(ChatActivity(context: context) == .thinking)
    _ = ChatReducer.reduce(&context, .transition(.selectingSkill))
    #expect(ChatActivity(context: context) == .thinking)
    _ = ChatReducer.reduce(&context, .transition(.responding))
    #expect(ChatActivity(context: context) == .responding)
    #expect(ChatActivity(context: context).isBusy)
    _ = ChatReducer.reduce(&context, .turnFailed(.provider(message: "HTTP 503.")))
    let activity = ChatActivity(context: context)
    #expect(activity == .failed(message: ChatAgentError.provider(message: "HTTP 503.").description, retryText: "你好"))
    #expect(!activity.isBusy)
  }

  @Test func theExecutingPanelNamesTheRunningCallOfTheCurrentTurn() {
    var context = Self.context(calling: [
      Self.call("c1", skill: "weather", name: "Weather (done)", status: .succeeded),
      Self.call("c2", skill: "weather", name: "天气查询", status: .running),
    ])
    _ = ChatReducer.reduce(&context, .transition(.executing(skillID: "weather")))
    let activity = ChatActivity(context: context, displayName: { _ in "from the registry" })
    #expect(activity == .executing(skillID: "weather", displayName: "天气查询"))
  }

  @Test func aFinishedCallNamesTheSkillWhenNoneRuns() {
    let context = Self.context(calling: [Self.call("c1", skill: "ledger", name: "记账查询", status: .succeeded)])
    #expect(context.displayName(ofSkill: "ledger") == "记账查询")
    #expect(context.displayName(ofSkill: "weather") == nil)
  }

  @Test func theRegistryAndThenTheIDNameASkillTheTurnDidNotCall() {
    var context = Self.context(calling: [])
    _ = ChatReducer.reduce(&context, .transition(.executing(skillID: "weather")))
    #expect(
      ChatActivity(context: context, displayName: { $0 == "weather" ? "天气查询" : nil })
        == .executing(skillID: "weather", displayName: "天气查询"))
    #expect(ChatActivity(context: context) == .executing(skillID: "weather", displayName: "weather"))
  }

  @Test func callsOfEarlierTurnsAreNotUsed() {
    var context = Self.context(calling: [Self.call("c1", skill: "weather", name: "Old name", status: .succeeded)])
    _ = ChatReducer.reduce(&context, .turnFinished)
    _ = ChatReducer.reduce(&context, .turnStarted(turn: 2, text: "上海呢"))
    #expect(context.displayName(ofSkill: "weather") == nil)
  }

  @Test func awaitingConfirmationCarriesThePendingRequest() {
    var context = Self.context(calling: [
      Self.call("c1", skill: "reminder", name: "设置提醒", status: .pending)
    ])
    _ = ChatReducer.reduce(&context, .transition(.executing(skillID: "reminder")))
    let request = ChatConfirmationRequest(
      callID: "c1", skillID: "reminder", displayName: "设置提醒",
      arguments: ["title": "开周会", "at": "2026-03-06T15:00:00+08:00"], messageID: Self.ask)
    _ = ChatReducer.reduce(&context, .requestConfirmation(request))
    _ = ChatReducer.reduce(&context, .transition(.awaitingConfirmation(skillID: "reminder")))
    #expect(
      ChatActivity(context: context)
        == .awaitingConfirmation(skillID: "reminder", displayName: "设置提醒", request: request))

    _ = ChatReducer.reduce(&context, .confirmationAnswered(callID: "c1"))
    #expect(
      ChatActivity(context: context)
        == .awaitingConfirmation(skillID: "reminder", displayName: "设置提醒", request: nil))
  }

  @Test func confirmationArgumentsReadAsLabelledLines() {
    let request = ChatConfirmationRequest(
      callID: "c1", skillID: "reminder", displayName: "设置提醒",
      arguments: ["title": "开周会", "minutes": 15, "tags": ["work"]], messageID: Self.ask)
    #expect(
      request.argumentLines() == [
        ToolKeyValues.Pair("title", "开周会"), ToolKeyValues.Pair("minutes", "15"),
        ToolKeyValues.Pair("tags", #"["work"]"#),
      ])
    let long = ChatConfirmationRequest(
      callID: "c2", skillID: "note", displayName: "Note",
      arguments: ["text": .string(String(repeating: "a", count: 50))],
      messageID: Self.ask)
    #expect(long.argumentLines(limit: 10) == [ToolKeyValues.Pair("text", "aaaaaaaaa…")])
    let odd = ChatConfirmationRequest(
      callID: "c3", skillID: "note", displayName: "Note", arguments: "just text", messageID: Self.ask)
    #expect(odd.argumentLines() == [ToolKeyValues.Pair("arguments", "just text")])
    let none = ChatConfirmationRequest(
      callID: "c4", skillID: "note", displayName: "Note", arguments: [:], messageID: Self.ask)
    #expect(none.argumentLines().isEmpty)
  }

  @Test func onlyFinishedAnswersWithTextAcceptFeedback() {
    let id = ChatAgentMessage.ID(turn: 1, index: 3)
    #expect(ChatAgentMessage(id: id, role: .assistant, text: "北京今天多云。").acceptsFeedback)
    #expect(!ChatAgentMessage(id: id, role: .assistant, text: "北京", isStreaming: true).acceptsFeedback)
    #expect(!ChatAgentMessage(id: id, role: .assistant, text: " \n").acceptsFeedback)
    #expect(!ChatAgentMessage(id: id, role: .user, text: "北京天气").acceptsFeedback)
    #expect(!ChatAgentMessage(id: id, role: .tool, text: "多云").acceptsFeedback)
  }

  @Test func textBubblesShowForUsersAnswersAndAnswersAboutToStream() {
    let id = ChatAgentMessage.ID(turn: 1, index: 1)
    let call = Self.call("c1", skill: "weather", name: "天气查询", status: .running)
    #expect(ChatAgentMessage(id: id, role: .user, text: "").showsTextBubble)
    #expect(ChatAgentMessage(id: id, role: .assistant, text: "", isStreaming: true).showsTextBubble)
    #expect(!ChatAgentMessage(id: id, role: .assistant, text: "", toolCalls: [call]).showsTextBubble)
    #expect(ChatAgentMessage(id: id, role: .assistant, text: "稍等", toolCalls: [call]).showsTextBubble)
    #expect(!ChatAgentMessage(id: id, role: .tool, text: "多云").showsTextBubble)
  }
}
