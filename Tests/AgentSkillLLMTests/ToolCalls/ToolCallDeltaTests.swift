import Testing

@testable import AgentSkillLLM

@Suite("ToolCallDelta")
struct ToolCallDeltaTests {
  @Test("reads an OpenAI tool_calls element")
  func openAIElement() throws {
    let element = try JSONValue(
      parsing: #"{"index":1,"id":"call_a","type":"function","function":{"name":"get_weather","arguments":"{\"ci"}}"#)
    #expect(
      ToolCallDelta(chatCompletionsToolCall: element)
        == ToolCallDelta(index: 1, id: "call_a", name: "get_weather", argumentsFragment: #"{"ci"#))
  }

  @Test("empty and null fields count as absent")
  func emptyFields() throws {
    let element = try JSONValue(parsing: #"{"index":0,"id":"","type":null,"function":{"name":"","arguments":""}}"#)
    #expect(ToolCallDelta(chatCompletionsToolCall: element) == ToolCallDelta(index: 0))
  }

  @Test("lenient fields: numeric-string index, integer id, flat form, parameters, object arguments")
  func lenientFields() throws {
    let stringIndex = try JSONValue(parsing: #"{"index":"2","id":7,"function":{"name":"a"}}"#)
    #expect(ToolCallDelta(chatCompletionsToolCall: stringIndex) == ToolCallDelta(index: 2, id: "7", name: "a"))
    let flat = try JSONValue(parsing: #"{"name":"get_weather","parameters":{"city":"北京"}}"#)
    #expect(
      ToolCallDelta(chatCompletionsToolCall: flat, position: 3)
        == ToolCallDelta(index: 3, name: "get_weather", argumentsObject: ["city": "北京"]))
    let ollama = try JSONValue(parsing: #"{"function":{"index":4,"name":"a","arguments":{}}}"#)
    #expect(ToolCallDelta(chatCompletionsToolCall: ollama, position: 0).index == 4)
  }

  @Test("deltas(inMessage:): an array, a lone object, the legacy function_call, or nothing")
  func deltasInMessage() throws {
    let array = try JSONValue(parsing: #"{"tool_calls":[{"function":{"name":"a"}},{"function":{"name":"b"}}]}"#)
    #expect(ToolCallDelta.deltas(inMessage: array).map(\.index) == [0, 1])
    let lone = try JSONValue(parsing: #"{"tool_calls":{"id":"x","function":{"name":"a","arguments":"{}"}}}"#)
    #expect(
      ToolCallDelta.deltas(inMessage: lone) == [ToolCallDelta(index: 0, id: "x", name: "a", argumentsFragment: "{}")])
    let legacy = try JSONValue(parsing: #"{"function_call":{"name":"a","arguments":"{}"}}"#)
    #expect(ToolCallDelta.deltas(inMessage: legacy).map(\.name) == ["a"])
    #expect(ToolCallDelta.deltas(inMessage: try JSONValue(parsing: #"{"content":"hi","tool_calls":null}"#)).isEmpty)
    #expect(ToolCallDelta.deltas(inMessage: .null).isEmpty)
  }
}
