import Testing

@testable import AgentSkillLLM

/// Random texts built from tool-call markup and prose, cut into random fragments: the streamed text deltas always
/// add up to the final text, and the final response is the one the whole text gives.
@Suite("Streamed text adds up to the final text", .timeLimit(.minutes(5)))
struct StreamedTextInvariantTests {
  static let call = #"{"name": "get_weather", "arguments": {"city": "北京"}}"#

  static let pieces = [
    "See ", " below", "Before ", " after", "  ", "\n", "\t", "北京", "e", "\u{301}", "\u{FEFF}", "\r", "<", "[",
    "<tool_call>", "</tool_call>", "<tool", call, "[" + call + "]", #"{"name": "get_weather", "city": "北京"}"#,
    #"{"answer": 42}"#, "{", "}", #""name""#, ": ", ", ", #""arguments": {}"#, "[TOOL_CALLS]",
    "[TOOL_CALLS]get_weather[ARGS]{\"city\": \"上海\"}", "```json\n", "```", "\n```", "```swift\nlet x = 1\n",
    "<|python_tag|>", "<|python", "<|eom_id|>",
    "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>"
      + "{\"city\": \"x\"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>", "<｜tool", "<function=get_weather>",
  ]

  /// `text` cut at random scalar boundaries.
  static func fragments(of text: String, using random: inout SplitMix64) -> [String] {
    let scalars = Array(text.unicodeScalars)
    var fragments: [String] = []
    var start = 0
    while start < scalars.count {
      let end = min(scalars.count, start + Int.random(in: 1...6, using: &random))
      var fragment = ""
      fragment.unicodeScalars.append(contentsOf: scalars[start..<end])
      fragments.append(fragment)
      start = end
    }
    return fragments
  }

  static func assemble(
    _ fragments: [String], nativeCall: Bool, tools: [ToolDefinition]
  ) throws -> (events: [ChatStreamEvent], response: ChatResponse) {
    var assembler = ResponseAssembler(
      request: ChatRequest(messages: [.user("x")], tools: tools), ids: .sequential(), maximumArgumentBytes: 1 << 20)
    var events: [ChatStreamEvent] = []
    for fragment in fragments { events += assembler.appendText(fragment) }
    if nativeCall {
      events += assembler.appendToolCall(
        ToolCallDelta(index: 0, id: "call_n", name: "get_weather", argumentsFragment: #"{"city": "上海"}"#))
    }
    let (final, response) = try assembler.finish(finishReason: .stop, usage: nil)
    return (events + final, response)
  }

  @Test func textDeltasAddUpToTheFinalTextWhateverTheCuts() throws {
    var random = SplitMix64(seed: 14)
    let tools = [try ProviderFixtures.weather]
    var withCalls = 0
    for _ in 0..<3_000 {
      let text = (0..<Int.random(in: 1...6, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }
        .joined()
      let nativeCall = Bool.random(using: &random)
      let whole = try Self.assemble([text], nativeCall: nativeCall, tools: tools)
      let streamed = try Self.assemble(Self.fragments(of: text, using: &random), nativeCall: nativeCall, tools: tools)
      let label = Comment(rawValue: text.debugDescription)
      #expect(ProviderFixtures.text(of: streamed.events) == (streamed.response.text ?? ""), label)
      #expect(ProviderFixtures.text(of: whole.events) == (whole.response.text ?? ""), label)
      #expect(streamed.response == whole.response, label)
      if !nativeCall, !whole.response.toolCalls.isEmpty { withCalls += 1 }
    }
    // The pieces make calls often enough for the check to mean something.
    #expect(withCalls > 300)
  }

  @Test func textIsNeverHeldBackWithoutTools() throws {
    var random = SplitMix64(seed: 15)
    for _ in 0..<500 {
      let text = (0..<Int.random(in: 1...6, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }
        .joined()
      let fragments = Self.fragments(of: text, using: &random)
      var assembler = ResponseAssembler(
        request: ChatRequest(messages: [.user("x")]), ids: .sequential(), maximumArgumentBytes: 1 << 20)
      for fragment in fragments {
        #expect(assembler.appendText(fragment) == [.textDelta(fragment)])
      }
      let (final, response) = try assembler.finish(finishReason: .stop, usage: nil)
      #expect(ProviderFixtures.text(of: final).isEmpty)
      #expect(response.text == text && response.toolCalls.isEmpty)
    }
  }

  @Test("prose streams at once, except blank text at its end and a possible marker")
  func proseStreamsAtOnce() throws {
    var assembler = ResponseAssembler(
      request: ChatRequest(messages: [.user("x")], tools: [try ProviderFixtures.weather]), ids: .sequential(),
      maximumArgumentBytes: 1 << 20)
    #expect(assembler.appendText("Hello ") == [.textDelta("Hello")])
    #expect(assembler.appendText("world <tool") == [.textDelta(" world")])
    #expect(assembler.appendText("bar> ok") == [.textDelta(" <toolbar> ok")])
    #expect(assembler.appendText("  {") == [.textDelta("  {")])
    #expect(assembler.appendText(#""name": "x"}"#) == [.textDelta(#""name": "x"}"#)])
  }

  @Test("text that may be a bare call is held back until it cannot be one")
  func possibleBareCallIsHeldBack() throws {
    var assembler = ResponseAssembler(
      request: ChatRequest(messages: [.user("x")], tools: [try ProviderFixtures.weather]), ids: .sequential(),
      maximumArgumentBytes: 1 << 20)
    #expect(assembler.appendText("  {\"na").isEmpty)
    #expect(assembler.appendText("me\": \"get_weather\", ").isEmpty)
    #expect(assembler.appendText("\"city\": 1}") == [.textDelta(#"  {"name": "get_weather", "city": 1}"#)])
  }
}
