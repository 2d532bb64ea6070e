import AgentSkillLLM
import Testing

@Suite("TextToolCallExtractor", .timeLimit(.minutes(5)))
struct TextToolCallExtractorTests {
  private func extract(_ content: String, offeredTools: [String]? = nil) -> (text: String, calls: [ToolCall]) {
    TextToolCallExtractor.extract(from: content, offeredTools: offeredTools, ids: .sequential())
  }

  @Test("Hermes / Qwen: several <tool_call> blocks, text kept")
  func hermesSeveral() {
    let content = """
      我来查一下两个城市的天气。
      <tool_call>
      {"name": "get_weather", "arguments": {"city": "北京"}}
      </tool_call>
      <tool_call>
      {"name": "get_weather", "arguments": {"city": "上海"}}
      </tool_call>
      """
    let result = extract(content)
    #expect(result.text == "我来查一下两个城市的天气。")
    #expect(
      result.calls == [
        ToolCall(id: "call_0", name: "get_weather", arguments: ["city": "北京"]),
        ToolCall(id: "call_1", name: "get_weather", arguments: ["city": "上海"]),
      ])
  }

  @Test("Hermes: the last block unterminated (generation stopped at the stop token)")
  func hermesUnterminated() {
    let content = """
      <tool_call>
      {"name": "get_weather", "arguments": {"city": "北京"}}
      </tool_call>
      <tool_call>
      {"name": "search_bills", "arguments": {"week": "last"}}
      """
    let result = extract(content)
    #expect(result.text.isEmpty)
    #expect(result.calls.map(\.name) == ["get_weather", "search_bills"])
    #expect(result.calls.last?.arguments == ["week": "last"])
  }

  @Test("Hermes: double-encoded arguments, a Python dict, and text after the last block")
  func hermesVariants() {
    let content = """
      <tool_call>{"name": "get_weather", "arguments": "{\\"city\\": \\"北京\\"}"}</tool_call>
      <tool_call>{'name': 'get_weather', 'arguments': {'city': '上海', 'metric': True}}</tool_call>
      稍等。
      """
    let result = extract(content)
    #expect(result.text == "稍等。")
    #expect(result.calls.map(\.arguments) == [["city": "北京"], ["city": "上海", "metric": true]])
  }

  @Test("Hermes: text after an unterminated block's JSON stays text")
  func hermesUnterminatedThenText() {
    let result = extract("<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"北京\"}}\n稍等片刻")
    #expect(result.calls.map(\.name) == ["get_weather"])
    #expect(result.text == "稍等片刻")
  }

  @Test("Hermes: a block cut off mid-JSON stays in the text")
  func hermesTruncated() {
    let content = "好的\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"ci"
    let result = extract(content)
    #expect(result.calls.isEmpty)
    #expect(result.text == content)
  }

  @Test("Qwen3-Coder XML inside <tool_call>")
  func qwenCoderXML() {
    let content = """
      <tool_call>
      <function=get_weather>
      <parameter=city>
      北京
      </parameter>
      <parameter=days>
      3
      </parameter>
      </function>
      </tool_call>
      """
    let result = extract(content)
    #expect(result.calls == [ToolCall(id: "call_0", name: "get_weather", arguments: ["city": "北京", "days": 3])])
    #expect(result.text.isEmpty)
  }

  @Test("Mistral pre-v11: [TOOL_CALLS] followed by a JSON array")
  func mistralArray() {
    let content =
      #"[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "北京"}, "id": "D681PevKs"}, {"name": "get_weather", "arguments": {"city": "上海"}}]"#
    let result = extract(content)
    #expect(
      result.calls == [
        ToolCall(id: "D681PevKs", name: "get_weather", arguments: ["city": "北京"]),
        ToolCall(id: "call_1", name: "get_weather", arguments: ["city": "上海"]),
      ])
    #expect(result.text.isEmpty)
  }

  @Test("Mistral v11+: [TOOL_CALLS]name[ARGS]{…}, several, with content before")
  func mistralArgs() {
    let content =
      #"Let me check.[TOOL_CALLS]get_weather[ARGS]{"city": "北京"}[TOOL_CALLS]search_bills[ARGS]{"week": "last"}"#
    let result = extract(content)
    #expect(result.text == "Let me check.")
    #expect(
      result.calls == [
        ToolCall(id: "call_0", name: "get_weather", arguments: ["city": "北京"]),
        ToolCall(id: "call_1", name: "search_bills", arguments: ["week": "last"]),
      ])
  }

  @Test("Mistral: [CALL_ID] and the bare name{…} form")
  func mistralCallIDAndBare() {
    let withID = extract(#"[TOOL_CALLS]get_weather[CALL_ID]a1b2c3d4e[ARGS]{"city": "北京"}"#)
    #expect(withID.calls == [ToolCall(id: "a1b2c3d4e", name: "get_weather", arguments: ["city": "北京"])])
    let bare = extract(#"[TOOL_CALLS]get_weather{"city": "北京"}</s>"#)
    #expect(bare.calls == [ToolCall(id: "call_0", name: "get_weather", arguments: ["city": "北京"])])
    #expect(bare.text == "</s>")
  }

  @Test("DeepSeek V3 special tokens with fenced arguments")
  func deepSeekTokens() {
    let content = """
      <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather
      ```json
      {"city": "北京"}
      ```<｜tool▁call▁end｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather
      ```json
      {"city": "上海"}
      ```<｜tool▁call▁end｜><｜tool▁calls▁end｜>
      """
    let result = extract(content)
    #expect(result.calls.map(\.arguments) == [["city": "北京"], ["city": "上海"]])
    #expect(result.text.isEmpty)
  }

  @Test("DeepSeek V3.1 tokens: name<｜tool▁sep｜>{…}")
  func deepSeekV31() {
    let content =
      "好的<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{\"city\": \"北京\"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>"
    let result = extract(content)
    #expect(result.calls == [ToolCall(id: "call_0", name: "get_weather", arguments: ["city": "北京"])])
    #expect(result.text == "好的")
  }

  @Test("Llama: the whole content is a call object, after <|python_tag|> or fenced")
  func bareJSON() {
    let llama = extract(#"<|python_tag|>{"name": "get_weather", "parameters": {"city": "北京"}}<|eom_id|>"#)
    #expect(llama.calls == [ToolCall(id: "call_0", name: "get_weather", arguments: ["city": "北京"])])
    #expect(llama.text.isEmpty)
    let fenced = extract("```json\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"北京\"}}\n```")
    #expect(fenced.calls.map(\.name) == ["get_weather"])
    let wrapped = extract(
      #"{"type": "function", "function": {"name": "get_weather", "arguments": "{\"city\": \"北京\"}"}}"#)
    #expect(wrapped.calls.first?.arguments == ["city": "北京"])
  }

  @Test("JSON that is not a call stays text")
  func jsonAnswerStaysText() {
    let person = #"{"name": "Alice", "age": 30}"#
    #expect(extract(person).calls.isEmpty)
    #expect(extract(person).text == person)
    // With the offered tools known, a call-shaped object naming no offered tool is text too.
    let example = #"{"name": "send_email", "arguments": {"to": "a@b.c"}}"#
    #expect(extract(example, offeredTools: ["get_weather"]).calls.isEmpty)
    #expect(extract(example, offeredTools: ["send_email"]).calls.count == 1)
  }

  @Test("plain text has no calls and is trimmed")
  func plainText() {
    let result = extract("  北京今天多云，22 度。\n")
    #expect(result.calls.isEmpty)
    #expect(result.text == "北京今天多云，22 度。")
  }

  @Test("ids are unique even when the text repeats one")
  func repeatedIDs() {
    let content =
      #"[TOOL_CALLS] [{"name": "a", "arguments": {}, "id": "x"}, {"name": "b", "arguments": {}, "id": "x"}]"#
    let calls = extract(content).calls
    #expect(calls.count == 2)
    #expect(Set(calls.map(\.id)).count == 2)
  }

  @Test("random markup never crashes")
  func fuzz() {
    var generator = SplitMix64(seed: 11)
    let parts = [
      "<tool_call>", "</tool_call>", "[TOOL_CALLS]", "[ARGS]", "[CALL_ID]", "{", "}", "\"name\"", ":", "\"a\"",
      "\"arguments\"", ",", "<function=", ">", "<parameter=", "</parameter>", "```", "<｜tool▁calls▁begin｜>",
      "<｜tool▁call▁begin｜>", "<｜tool▁sep｜>", "function\n", "文本", " ",
    ]
    for _ in 0..<1_000 {
      let content = (0..<Int(generator.next() % 16)).map { _ in parts[Int(generator.next() % UInt64(parts.count))] }
        .joined()
      let result = TextToolCallExtractor.extract(from: content)
      #expect(result.calls.allSatisfy { $0.arguments.objectValue != nil && !$0.name.isEmpty })
    }
  }

  @Test("long content with many blocks is handled in one pass")
  func manyBlocks() {
    let block = "<tool_call>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"北京\"}}</tool_call>\n"
    let content = String(repeating: block, count: 5_000)
    let result = TextToolCallExtractor.extract(from: content)
    #expect(result.calls.count == 5_000)
    #expect(Set(result.calls.map(\.id)).count == 5_000)
    #expect(result.text.isEmpty)
  }
}
