import AgentSkillLLM
import Testing

@Suite("ChatScrollPolicy", .timeLimit(.minutes(5)))
struct ChatScrollPolicyTests {
  private let policy = ChatScrollPolicy()

  private static func id(_ turn: Int, _ index: Int) -> ChatAgentMessage.ID {
    ChatAgentMessage.ID(turn: turn, index: index)
  }

  private static func user(_ turn: Int, _ text: String) -> ChatAgentMessage {
    ChatAgentMessage(id: id(turn, 0), role: .user, text: text)
  }

  private static func answer(_ turn: Int, _ index: Int, _ text: String, streaming: Bool = false) -> ChatAgentMessage {
    ChatAgentMessage(id: id(turn, index), role: .assistant, text: text, isStreaming: streaming)
  }

  private func decide(
    _ previous: [ChatAgentMessage]?, _ current: [ChatAgentMessage], atBottom: Bool
  ) -> ChatScrollPolicy.Decision {
    policy.decision(
      from: previous.map(ChatScrollPolicy.Snapshot.init(messages:)),
      to: ChatScrollPolicy.Snapshot(messages: current),
      isAtBottom: atBottom)
  }

  @Test func anOpenedConversationStartsAtItsEndWithoutAnimation() {
    let messages = [Self.user(1, "北京天气"), Self.answer(1, 1, "多云")]
    #expect(decide(nil, messages, atBottom: false) == .scroll(to: Self.id(1, 1), animated: false))
  }

  @Test func anEmptyConversationNeverScrolls() {
    #expect(decide(nil, [], atBottom: true) == .none)
    #expect(decide([Self.user(1, "hi")], [], atBottom: true) == .none)
  }

  @Test func anUnchangedConversationDoesNotScroll() {
    let messages = [Self.user(1, "hi"), Self.answer(1, 1, "Hello!")]
    #expect(decide(messages, messages, atBottom: true) == .none)
    #expect(decide(messages, messages, atBottom: false) == .none)
  }

  @Test func sendingScrollsEvenWhenTheReaderScrolledUp() {
    let before = [Self.user(1, "hi"), Self.answer(1, 1, "Hello!")]
    let after = before + [Self.user(2, "北京天气怎么样")]
    #expect(decide(before, after, atBottom: false) == .scroll(to: Self.id(2, 0), animated: true))
  }

  @Test func sendingScrollsWhenTheAnswerArrivesInTheSameUpdate() {
    let before = [Self.user(1, "hi"), Self.answer(1, 1, "Hello!")]
    let after = before + [Self.user(2, "天气"), Self.answer(2, 1, "", streaming: true)]
    #expect(decide(before, after, atBottom: false) == .scroll(to: Self.id(2, 1), animated: true))
  }

  @Test func aNewAnswerScrollsAnimatedOnlyWhenTheReaderIsAtTheBottom() {
    let before = [Self.user(1, "天气")]
    let after = before + [Self.answer(1, 1, "", streaming: true)]
    #expect(decide(before, after, atBottom: true) == .scroll(to: Self.id(1, 1), animated: true))
    #expect(decide(before, after, atBottom: false) == .markUnseen)
  }

  @Test func streamedTextFollowsWithoutAnimationAtTheBottomAndIsMarkedUnseenOtherwise() {
    let before = [Self.user(1, "天气"), Self.answer(1, 1, "北京", streaming: true)]
    let after = [Self.user(1, "天气"), Self.answer(1, 1, "北京今天多云", streaming: true)]
    #expect(decide(before, after, atBottom: true) == .scroll(to: Self.id(1, 1), animated: false))
    #expect(decide(before, after, atBottom: false) == .markUnseen)
  }

  @Test func theEndOfStreamingAndToolProgressCountAsChanges() {
    let streaming = [Self.user(1, "天气"), Self.answer(1, 1, "多云", streaming: true)]
    let finished = [Self.user(1, "天气"), Self.answer(1, 1, "多云")]
    #expect(decide(streaming, finished, atBottom: true) == .scroll(to: Self.id(1, 1), animated: false))

    var call = ChatToolCall(
      id: "c1", name: "weather", skillID: "weather", displayName: "天气查询", arguments: ["city": "北京"],
      status: .running)
    let running = [
      Self.user(1, "天气"), ChatAgentMessage(id: Self.id(1, 1), role: .assistant, text: "", toolCalls: [call]),
    ]
    call.status = .succeeded
    let done = [Self.user(1, "天气"), ChatAgentMessage(id: Self.id(1, 1), role: .assistant, text: "", toolCalls: [call])]
    #expect(decide(running, done, atBottom: true) == .scroll(to: Self.id(1, 1), animated: false))
  }

  @Test func snapshotsReadTheNewestMessageAndTheNewestUserMessage() {
    let messages = [
      Self.user(1, "hi"), Self.answer(1, 1, "Hello!"), Self.user(2, "天气"), Self.answer(2, 1, "北京", streaming: true),
    ]
    let snapshot = ChatScrollPolicy.Snapshot(messages: messages)
    #expect(snapshot.messageCount == 4)
    #expect(snapshot.lastMessageID == Self.id(2, 1))
    #expect(snapshot.lastUserMessageID == Self.id(2, 0))
    #expect(snapshot.lastTextLength == "北京".utf8.count)
    #expect(snapshot.lastIsStreaming)
    #expect(!snapshot.lastHasToolResult)
  }

  /// A whole turn through the real reducer: the decisions a screen at the
  /// bottom gets, one per update.
  @Test func aTurnThroughTheReducerScrollsOnEveryVisibleChange() {
    var context = ChatContext()
    var laidOut: ChatScrollPolicy.Snapshot?
    var decisions: [ChatScrollPolicy.Decision] = []
    func apply(_ effects: ChatEffect...) {
      for effect in effects { _ = ChatReducer.reduce(&context, effect) }
      let snapshot = ChatScrollPolicy.Snapshot(messages: context.messages)
      decisions.append(policy.decision(from: laidOut, to: snapshot, isAtBottom: true))
      laidOut = snapshot
    }

    let ask = Self.id(1, 1)
    var call = ChatToolCall(
      id: "c1", name: "weather", skillID: "weather", displayName: "天气查询", arguments: ["city": "北京"])
    apply(.turnStarted(turn: 1, text: "北京天气怎么样"))
    apply(.transition(.selectingSkill))
    apply(.appendMessage(ChatAgentMessage(id: ask, role: .assistant, text: "", toolCalls: [call])))
    call.status = .running
    apply(.updateCall(ask, call), .transition(.executing(skillID: "weather")))
    call.status = .succeeded
    call.duration = .milliseconds(400)
    let result = ChatAgentMessage(
      id: Self.id(1, 2), role: .tool, text: "北京今天多云 22°C",
      toolResult: ChatToolResult(
        callID: "c1", skillID: "weather", displayName: "天气查询", summary: "北京今天多云 22°C",
        display: .keyValues(["城市": "北京", "天气": "多云"]), isSuccess: true))
    apply(.callFinished(ask, call, result: result))
    let answer = Self.id(1, 3)
    apply(
      .transition(.responding),
      .appendMessage(ChatAgentMessage(id: answer, role: .assistant, text: "", isStreaming: true)))
    apply(.appendText(answer, "北京今天"))
    apply(.appendText(answer, "多云，22°C。"))
    apply(.finishMessage(answer, text: "北京今天多云，22°C。", toolCalls: []), .turnFinished)

    #expect(
      decisions == [
        .scroll(to: Self.id(1, 0), animated: false),  // first layout
        .none,  // phase change only
        .scroll(to: ask, animated: true),  // the model asks for a tool
        .none,  // the call starts running: same rows, same size
        .scroll(to: Self.id(1, 2), animated: true),  // the result arrives
        .scroll(to: answer, animated: true),  // the answer starts
        .scroll(to: answer, animated: false),  // streamed text
        .scroll(to: answer, animated: false),
        .scroll(to: answer, animated: false),  // streaming stops
      ])
  }
}
