import AgentSkill
import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation
import Testing

@Suite("ChatAgentTool", .timeLimit(.minutes(5)))
@MainActor
struct ChatAgentToolTests {
  typealias Fixtures = ChatFixtures

  @Test func aSubAgentAnswersAsAToolOfTheCoordinator() async throws {
    let cities = LockIsolated<[String]>([])
    let subModel = ScriptedLanguageModel([
      .toolCall(name: "weather", arguments: ["city": "北京"]),
      .text("北京今天多云，22 度，后天有雨。"),
    ])
    let sub = Fixtures.chat(
      subModel, registry: try Fixtures.registry([Fixtures.weather(log: cities)]),
      instructions: "You are the weather specialist.")
    let coordinatorRegistry = SkillRegistry()
    try coordinatorRegistry.register(
      sub.asTool(
        id: "weather_agent", displayName: "天气助手", description: "Answers weather questions; pass the question as task.",
        keywords: ["天气"]))
    let model = ScriptedLanguageModel([
      .toolCall(name: "weather_agent", arguments: ["task": "北京天气怎么样"], id: "a1"),
      .text("天气助手说：北京今天多云。"),
    ])
    let coordinator = Fixtures.chat(model, registry: coordinatorRegistry)

    await coordinator.send("帮我问问北京天气").finish()

    #expect(coordinator.phase == .idle)
    #expect(cities.value == ["北京"])
    #expect(subModel.requests.first?.messages == [.system("You are the weather specialist."), .user("北京天气怎么样")])
    #expect(model.requests.first?.tools.first?.parameters.json["required"] == ["task"])
    let result = try #require(coordinator.results.first)
    #expect(result.summary == "北京今天多云，22 度，后天有雨。")
    #expect(result.display == .text("北京今天多云，22 度，后天有雨。"))
    #expect(coordinator.allCalls.first?.displayName == "天气助手")
    #expect(model.requests[1].messages.last == .tool("北京今天多云，22 度，后天有雨。", callID: "a1", name: "weather_agent"))
    #expect(sub.phase == .idle)
  }

  @Test func aFailedSubTurnFailsTheCall() async throws {
    let sub = Fixtures.chat(
      ScriptedLanguageModel([.failure(LanguageModelError.httpStatus(code: 503, message: "busy"))]),
      registry: try Fixtures.registry([]))
    let registry = SkillRegistry()
    try registry.register(sub.asTool(id: "helper", description: "Helps", keywords: ["帮忙"]))
    let model = ScriptedLanguageModel([
      .toolCall(name: "helper", arguments: ["task": "x"], id: "h1"), .text("助手暂时不可用。"),
    ])
    let coordinator = Fixtures.chat(model, registry: registry)
    await coordinator.send("帮忙查一下").finish()

    #expect(coordinator.allCalls.first?.status == .failed)
    #expect(coordinator.allCalls.first?.error?.contains("503") == true)
    #expect(coordinator.phase == .idle)
  }

  @Test func cancellingTheCoordinatorCancelsTheSubAgentsTurn() async throws {
    let paused = Checkpoint()
    let subModel = ScriptedLanguageModel([
      .events([.event(.textDelta("想")), .wait(paused), .event(.completed(ChatResponse(text: "想好了")))])
    ])
    let sub = Fixtures.chat(subModel, registry: try Fixtures.registry([]))
    let registry = SkillRegistry()
    try registry.register(sub.asTool(id: "thinker", description: "Thinks", keywords: ["想"]))
    let model = ScriptedLanguageModel([.toolCall(name: "thinker", arguments: ["task": "想一想"], id: "t1")])
    let coordinator = Fixtures.chat(model, registry: registry)

    let task = coordinator.send("帮我想一想")
    await paused.waitForArrival()
    await coordinator.cancel().finish()
    await task.finish()
    await sub.waitUntil { !$0.phase.isBusy }

    #expect(coordinator.allCalls.map(\.status) == [.cancelled])
    #expect(coordinator.results.isEmpty)
    #expect(sub.context.turns.last?.state == .cancelled)
    await subModel.waitForCancelledStreams(1)  // the turn settles before its stream's task notices
    #expect(subModel.cancelledStreams == 1)
  }
}
