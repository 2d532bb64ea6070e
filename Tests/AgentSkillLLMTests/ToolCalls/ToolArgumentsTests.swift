import AgentSkillLLM
import Testing

@Suite("ToolArguments", .timeLimit(.minutes(5)))
struct ToolArgumentsTests {
  let beijing: JSONValue = ["city": "北京"]

  @Test("JSON text, as OpenAI-compatible servers send it")
  func jsonString() throws {
    #expect(try ToolArguments.parse(#"{"city": "北京"}"#) == beijing)
    #expect(try ToolArguments.parse(#"{"city":"\u5317\u4eac","days":3}"#) == ["city": "北京", "days": 3])
  }

  @Test("an object decoded by the server (Ollama) is kept as it is")
  func object() throws {
    #expect(try ToolArguments.normalize(beijing) == beijing)
    let ordered = try ToolArguments.normalize(["b": 1, "a": 2])
    #expect(ordered.objectValue?.keys == ["b", "a"])
  }

  @Test("double-encoded: a JSON string holding the JSON text")
  func doubleEncoded() throws {
    #expect(try ToolArguments.parse(#""{\"city\": \"北京\"}""#) == beijing)
    #expect(try ToolArguments.normalize(.string(#"{"city": "北京"}"#)) == beijing)
    // Triple: a string in a string in a string.
    let triple = JSONValue.string(JSONValue.string(#"{"city": "北京"}"#).rendered()).rendered()
    #expect(try ToolArguments.parse(triple) == beijing)
  }

  @Test("encoding nested past the limit is an error, not a deep recursion")
  func encodingDepthLimit() {
    var text = #"{"city": "北京"}"#
    for _ in 0..<10 { text = JSONValue.string(text).rendered() }
    let error = toolCallError { try ToolArguments.parse(text, tool: "get_weather") }
    #expect(error?.malformedReason?.contains("encoded more than") == true)
  }

  @Test(
    "empty, whitespace-only and null arguments are an empty object",
    arguments: ["", "   ", "\n\t ", "null", #""""#, #"" ""#, "\u{FEFF}"])
  func emptyArguments(_ text: String) throws {
    #expect(try ToolArguments.parse(text) == [:])
  }

  @Test("null and empty strings decoded by the server are an empty object")
  func normalizeEmpty() throws {
    #expect(try ToolArguments.normalize(.null) == [:])
    #expect(try ToolArguments.normalize(.string("")) == [:])
  }

  @Test("trailing text after the JSON is ignored")
  func trailingText() throws {
    #expect(try ToolArguments.parse(#"{"city":"北京"} ok"#) == beijing)
    #expect(try ToolArguments.parse("{\"city\":\"北京\"}\n\nI hope this helps!") == beijing)
    // A server that repeats the arguments (seen with buggy streaming parsers): the first object wins.
    #expect(try ToolArguments.parse(#"{"city":"北京"}{"city":"北京"}"#) == beijing)
  }

  @Test("prose before the JSON object is skipped")
  func leadingProse() throws {
    #expect(try ToolArguments.parse(#"Here are the arguments: {"city": "北京"}"#) == beijing)
    #expect(try ToolArguments.parse(#"1. Use {"city": "北京"}"#) == beijing)
  }

  @Test("a Python dict with single quotes, True and None")
  func pythonLiteral() throws {
    let value = try ToolArguments.parse("{'city': '北京', 'ok': True, 'x': None, 'no': False}")
    #expect(value == ["city": "北京", "ok": true, "x": nil, "no": false])
  }

  @Test("Python literals: nested, escapes, mixed quotes, trailing commas, numbers, text after")
  func pythonLiteralDetails() throws {
    #expect(
      try ToolArguments.parse(#"{'q': 'He said "hi"', 'n': [1, -2.5, 1e3,], 'd': {'k': 'it\'s'},}"#)
        == ["q": #"He said "hi""#, "n": [1, -2.5, 1000.0], "d": ["k": "it's"]])
    #expect(try ToolArguments.parse(#"{"a": "it's", 'b': '\x41\n'}"#) == ["a": "it's", "b": "A\n"])
    #expect(try ToolArguments.parse("{'city': '北京'} — done") == beijing)
    #expect(try ToolArguments.parse(#"{'path': 'C:\data'}"#) == ["path": #"C:\data"#])
    #expect(try ToolArguments.parse(#"{"a": 1, "b": [2, 3,],}"#) == ["a": 1, "b": [2, 3]])
  }

  @Test(
    "ambiguous Python-like text is malformed",
    arguments: [
      "{'msg': 'it's ok'}",  // the apostrophe ends the string
      "{'city': '北京}",  // unterminated
      "{'city': beijing}",  // a bare word
      "{'t': (1, 2)}",  // a tuple
    ])
  func ambiguousPython(_ text: String) {
    let error = toolCallError { try ToolArguments.parse(text, tool: "get_weather") }
    guard case .malformedArguments(let tool, _, _)? = error else {
      Issue.record("expected malformedArguments, got \(String(describing: error))")
      return
    }
    #expect(tool == "get_weather")
  }

  @Test("an apostrophe in a single-quoted string names the Python problem")
  func ambiguousPythonReason() {
    let error = toolCallError { try ToolArguments.parse("{'msg': 'it's ok'}") }
    #expect(error?.malformedReason?.contains("Python dict") == true)
  }

  @Test("fenced code blocks, with and without a language")
  func fenced() throws {
    #expect(try ToolArguments.parse("```json\n{\"city\": \"北京\"}\n```") == beijing)
    #expect(try ToolArguments.parse("```\n{\"city\": \"北京\"}\n```") == beijing)
    #expect(try ToolArguments.parse("```JSON\r\n{\"city\": \"北京\"}\r\n```\n") == beijing)
    #expect(try ToolArguments.parse("Sure:\n```json\n{\"city\": \"北京\"}\n```\nDone.") == beijing)
    #expect(try ToolArguments.parse("```json {\"city\": \"北京\"}```") == beijing)
    #expect(try ToolArguments.parse("```python\n{'city': '北京'}\n```") == beijing)
    #expect(try ToolArguments.parse("```json\n{\"city\": \"北京\"}") == beijing)  // never closed
    #expect(try ToolArguments.parse("```json\n```") == [:])
  }

  @Test("a fence inside a JSON string is content, not markup")
  func fenceInsideString() throws {
    let value = try ToolArguments.parse(#"{"code": "```swift\nprint(1)\n```"}"#)
    #expect(value["code"]?.stringValue == "```swift\nprint(1)\n```")
  }

  @Test("non-object JSON is malformed with the type named")
  func nonObject() {
    #expect(
      toolCallError { try ToolArguments.parse("[1, 2]") }?.malformedReason == "expected a JSON object but got an array")
    #expect(
      toolCallError { try ToolArguments.parse("42") }?.malformedReason == "expected a JSON object but got an integer")
    #expect(
      toolCallError { try ToolArguments.parse(#""北京""#) }?.malformedReason == "expected a JSON object but got a string")
    #expect(
      toolCallError { try ToolArguments.normalize(true) }?.malformedReason == "expected a JSON object but got a boolean"
    )
    #expect(toolCallError { try ToolArguments.normalize([["city": "北京"]]) } != nil)
  }

  @Test("arguments cut off by the token limit say so")
  func truncated() {
    let error = toolCallError { try ToolArguments.parse(#"{"city": "北京", "days": "#, tool: "get_weather") }
    #expect(error?.malformedReason?.contains("cut off") == true)
    #expect(error?.description.contains(#"tool "get_weather""#) == true)
  }

  @Test("every prefix of a valid payload parses or throws; none crashes")
  func everyPrefix() {
    let payloads = [
      #"{"city": "北京", "days": [1, 2.5e3, -0.1], "nested": {"ok": true, "x": null}, "s": "a\"b\\c\u00e9"}"#,
      #"{'city': '北京', 'ok': True, 'esc': 'it\'s \x41', "d": None,}"#,
      "```json\n{\"a\": \"```\"}\n```",
      #""{\"city\": \"北京\"}""#,
    ]
    for payload in payloads {
      var prefix = ""
      for character in payload {
        prefix.append(character)
        switch parseOutcome(prefix) {
        case .success(let value): #expect(value.objectValue != nil, "\(prefix)")
        case .failure(let error): #expect(error.malformedReason != nil, "\(prefix)")
        }
      }
    }
  }

  @Test("garbage input throws typed errors")
  func garbage() {
    var generator = SplitMix64(seed: 42)
    let alphabet = Array(#"{}[]"':,\ aTN0-.e`\#n\#t北"#)
    for _ in 0..<2_000 {
      let length = Int(generator.next() % 40)
      let text = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
      switch parseOutcome(text) {
      case .success(let value): #expect(value.objectValue != nil, "\(text)")
      case .failure(let error): #expect(error.malformedReason != nil, "\(text)")
      }
    }
  }

  @Test("pathological nesting is bounded: fences in fences, deep brackets, deep strings")
  func pathological() {
    let inputs = [
      String(repeating: "```json\n", count: 20_000) + "{}",
      String(repeating: "[", count: 100_000),
      String(repeating: "{", count: 100_000),
      String(repeating: #"{"a":"#, count: 20_000) + "1" + String(repeating: "}", count: 20_000),
      String(repeating: "'", count: 50_000),
      String(repeating: "\\", count: 50_000),
    ]
    for input in inputs {
      switch parseOutcome(input) {
      case .success(let value): #expect(value.objectValue != nil)
      case .failure(.argumentsTooDeep(_, let limit)):
        // Only the inputs that nest past the parser's limit say so.
        #expect(limit == 512)
        #expect(input.hasPrefix("[") || input.hasPrefix(#"{"a":"#))
      case .failure(let error): #expect(error.malformedReason != nil)
      }
    }
  }

  @Test("JSON nested past the parser's limit is reported as too deep, wherever the lenient reading finds it")
  func tooDeep() {
    let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
    let tooDeep = ToolCallError.argumentsTooDeep(tool: "t", limit: 512)
    for text in [
      #"{"a": "# + deep + "}", #"Here you go: {"a": "# + deep + "}", "```json\n" + #"{"a": "# + deep + "}\n```",
      JSONValue.string(#"{"a": "# + deep + "}").rendered(), "{'a': " + deep + "}",
    ] {
      #expect(toolCallError { try ToolArguments.parse(text, tool: "t") } == tooDeep, "\(text.prefix(20))")
    }
    #expect(toolCallError { try ToolArguments.normalize(.string(deep), tool: "t") } == tooDeep)
    // 512 levels are read.
    let deepest = #"{"a":"# + String(repeating: "[", count: 511) + String(repeating: "]", count: 511) + "}"
    #expect((try? ToolArguments.parse(deepest))?.rendered() == deepest)
    #expect(tooDeep.description.contains(#"The arguments for tool "t" nest arrays and objects more than 512 levels"#))
  }

  @Test("megabytes of arguments parse in one linear pass")
  func hugeArguments() throws {
    let blob = String(repeating: "数据abc", count: 400_000)  // 4 MB of UTF-8
    let text = #"{"blob": ""# + blob + #"", "n": 1}"#
    let value = try ToolArguments.parse(text)
    #expect(value["blob"]?.stringValue?.utf8.count == blob.utf8.count)
    // The same size, malformed at the very end, fails cleanly with a short snippet.
    let error = toolCallError { try ToolArguments.parse(#"{"blob": ""# + blob) }
    guard case .malformedArguments(_, let reason, let snippet)? = error else {
      Issue.record("expected malformedArguments")
      return
    }
    #expect(reason.contains("cut off"))
    #expect(snippet.count <= 101)
  }

  @Test("a secret in malformed arguments does not reach the error")
  func redaction() {
    let error = toolCallError { try ToolArguments.parse(#"{"api_key": "sk-proj-abcdefghijklmnop1234", "x": "#) }
    guard case .malformedArguments(_, _, let snippet)? = error else {
      Issue.record("expected malformedArguments")
      return
    }
    #expect(!snippet.contains("abcdefghijklmnop1234"))
    #expect(snippet.contains("[REDACTED]"))
  }
}

/// A small deterministic generator for reproducible random inputs.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
