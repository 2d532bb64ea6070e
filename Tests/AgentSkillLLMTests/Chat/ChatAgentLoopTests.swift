import AgentSkill
import AgentSkillLLM
import AgentSkillTesting
import Foundation
import Testing

@Suite("ChatAgent loop")
@MainActor
struct ChatAgentLoopTests {
  typealias Fixtures = ChatFixtures

  @Test func singleToolCallRunsTheSkillAndSendsItsSummaryBack() async throws {
    let cities = LockIsolated<[String]>([])
    let model = ScriptedLanguageModel([
      .toolCall(name: "weather", arguments: ["city": "北京"]),
      .text("北京今天多云，22 度。"),
    ])
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([Fixtures.weather(log: cities)]))

    await chat.send("北京天气怎么样？").finish()

    #expect(chat.phase == .idle)
    #expect(chat.roles == [.user, .assistant, .tool, .assistant])
    #expect(cities.value == ["北京"])
    let call = try #require(chat.allCalls.first)
    #expect(call.status == .succeeded)
    #expect(call.skillID == "weather")
    #expect(call.displayName == "天气查询")
    #expect(call.duration == .zero)
    let result = try #require(chat.results.first)
    #expect(result.summary == "北京今天多云 22°C，后天有雨")
    #expect(result.display == .keyValues(["城市": "北京", "天气": "多云", "温度": "22°C"]))
    #expect(chat.messages.last?.text == "北京今天多云，22 度。")
    #expect(chat.messages.last?.isStreaming == false)

    #expect(model.requests.count == 2)
    #expect(model.requests[0].tools.map(\.name) == ["weather"])
    #expect(model.requests[0].messages == [.system("You are a helpful assistant."), .user("北京天气怎么样？")])
    #expect(
      model.requests[1].messages.suffix(2) == [
        .assistant("", toolCalls: [ToolCall(id: "call_weather", name: "weather", arguments: ["city": "北京"])]),
        .tool("北京今天多云 22°C，后天有雨", callID: "call_weather", name: "weather"),
      ])
    #expect(
      chat.phaseHistory == [
        .analyzing, .selectingSkill, .executing(skillID: "weather"), .selectingSkill, .responding, .idle,
      ])
    #expect(chat.context.rejectedTransitions.isEmpty)
  }
}
