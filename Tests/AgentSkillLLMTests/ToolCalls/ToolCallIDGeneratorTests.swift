import AgentSkillLLM
import Testing

@Suite("ToolCallIDGenerator", .timeLimit(.minutes(5)))
struct ToolCallIDGeneratorTests {
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
