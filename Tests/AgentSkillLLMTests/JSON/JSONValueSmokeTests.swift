import AgentSkillLLM
import Testing

@Suite(.timeLimit(.minutes(5)))
struct JSONValueSmokeTests {
  @Test func parsesAndRendersKeepingKeyOrder() throws {
    let value = try JSONValue(parsing: #"{"b": 1, "a": [true, null, 1.5, "北京"]}"#)
    #expect(value.rendered() == #"{"b":1,"a":[true,null,1.5,"北京"]}"#)
  }
}
