import AgentSkillLLM
import Testing

@Suite("ToolCallError")
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

  @Test("id generators: sequential and random")
  func generators() {
    let sequential = ToolCallIDGenerator.sequential(prefix: "t")
    #expect(sequential.id(forPosition: 3) == "t3")
    #expect(sequential.id(forPosition: 3, avoiding: ["t3", "t3_2"]) == "t3_3")
    let random = ToolCallIDGenerator.random
    let ids = (0..<100).map { random.id(forPosition: $0) }
    #expect(Set(ids).count == 100)
    #expect(ToolCallIDGenerator { _ in "" }.id(forPosition: 2) == "call_2")
  }
}
