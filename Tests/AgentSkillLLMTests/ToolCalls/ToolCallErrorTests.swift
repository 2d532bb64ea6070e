import AgentSkillLLM
import Testing

@Suite("ToolCallError", .timeLimit(.minutes(5)))
struct ToolCallErrorTests {
  @Test("messages tell the reader what to do")
  func messages() {
    let malformed = ToolCallError.malformedArguments(
      tool: "get_weather", reason: "invalid JSON at byte 9", snippet: "{city}")
    #expect(malformed.description.contains(#"The arguments for tool "get_weather" are not a valid JSON object"#))
    #expect(malformed.description.contains("double-quoted"))
    #expect(malformed.description.hasSuffix("Received: {city}"))
    #expect(ToolCallError.argumentsTooLarge(tool: nil, limit: 10).description.contains("maximumArgumentBytes"))
    #expect(ToolCallError.missingToolName(position: 0, callID: "c").description.contains("Tool call #1 (id c)"))
    #expect(ToolCallError.ambiguousTool(name: "x", candidates: ["a", "b"]).description.contains("(a, b)"))
  }
}
