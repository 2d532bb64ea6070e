import AgentSkillLLM
import Testing

@testable import AgentSkillFoundationModels

@Suite("FoundationModels session reuse: when the chat's session goes on (plain Swift)", .timeLimit(.minutes(2)))
struct FoundationSessionStepTests {
  static let tools = [ToolDefinition(name: "weather", description: "Weather", parameters: .object())]
  static let call = ToolCall(id: "fm_1", name: "weather", arguments: ["city": "北京"])
  static let asked: [ChatMessage] = [.system("Be brief."), .user("北京天气？")]

  static func seen(_ messages: [ChatMessage]) -> [FoundationTranscript.Entry] {
    FoundationTranscript(messages).entries
  }

  @Test("the user's next message after an answer is prompted in the same session")
  func nextPrompt() {
    let answered = Self.asked + [.assistant("多云。")]
    let request = ChatRequest(messages: answered + [.user("明天呢？")], tools: Self.tools)
    #expect(
      FoundationSessionStep.next(for: request, seen: Self.seen(answered), waiting: [], tools: Self.tools)
        == .prompt("明天呢？"))
  }

  @Test("the results of exactly the waiting calls go to the session")
  func toolOutputs() {
    let called = Self.asked + [.assistant("", toolCalls: [Self.call])]
    let request = ChatRequest(messages: called + [.tool("多云", callID: "fm_1", name: "weather")], tools: Self.tools)
    #expect(
      FoundationSessionStep.next(for: request, seen: Self.seen(called), waiting: ["fm_1"], tools: Self.tools)
        == .toolOutputs([FoundationSessionStep.Output(callID: "fm_1", text: "多云")]))
  }

  @Test("the agent may rename the call after its skill and normalize its arguments")
  func callsMatchByID() {
    let called = Self.asked + [.assistant("", toolCalls: [Self.call])]
    let kept = ToolCall(id: "fm_1", name: "weather_skill", arguments: ["city": "北京市"])
    let request = ChatRequest(
      messages: Self.asked + [.assistant("", toolCalls: [kept]), .tool("多云", callID: "fm_1", name: "weather_skill")],
      tools: Self.tools)
    #expect(
      FoundationSessionStep.next(for: request, seen: Self.seen(called), waiting: ["fm_1"], tools: Self.tools)
        == .toolOutputs([FoundationSessionStep.Output(callID: "fm_1", text: "多云")]))
  }

  @Test(
    "anything else starts a new session: an edit, a restore, other tools, a typed answer, missing results",
    arguments: [
      "edited", "restored", "otherTools", "typed", "unanswered", "partly answered", "same length",
    ])
  func rebuild(_ situation: String) {
    let answered = Self.asked + [.assistant("多云。")]
    let called = Self.asked + [.assistant("", toolCalls: [Self.call])]
    var seen = Self.seen(answered)
    var waiting: [String] = []
    var request = ChatRequest(messages: answered + [.user("明天呢？")], tools: Self.tools)
    switch situation {
    case "edited":
      request.messages[1] = .user("上海天气？")
    case "restored":
      seen = Self.seen([.system("Be brief."), .user("另一个对话")])
    case "otherTools":
      request.tools = []
    case "typed":
      request.responseFormat = .json(name: "Answer", schema: .object())
    case "unanswered":
      seen = Self.seen(called)
      waiting = ["fm_1"]
      request.messages = called + [.user("算了")]
    case "partly answered":
      let second = ToolCall(id: "fm_2", name: "weather", arguments: ["city": "上海"])
      let both = Self.asked + [.assistant("", toolCalls: [Self.call, second])]
      seen = Self.seen(both)
      waiting = ["fm_1", "fm_2"]
      request.messages = both + [.tool("多云", callID: "fm_1", name: "weather")]
    default:
      request.messages = answered
    }
    #expect(FoundationSessionStep.next(for: request, seen: seen, waiting: waiting, tools: Self.tools) == .rebuild)
  }
}
