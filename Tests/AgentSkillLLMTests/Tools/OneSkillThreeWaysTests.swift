import AgentSkill
import AgentSkillLLM
import AgentSkillTesting
import Foundation
import Testing

/// One unit of work: the same `Skill` value runs in a runner, handles an agent's intent, and is called by a model.
@MainActor
@Suite("One skill, three ways", .timeLimit(.minutes(1)))
struct OneSkillThreeWaysTests {
  struct ForecastQuery: Decodable, Sendable, Equatable {
    let city: String
  }

  struct Forecast: Sendable, Equatable {
    let city: String
    let high: Int
  }

  /// Fails the first attempt, so `retry` has work to do in all three uses.
  struct FetchForecast: Skill {
    func run(_ query: ForecastQuery, context: SkillContext) async throws -> Forecast {
      if context.attempt == 1 { throw URLError(.timedOut) }
      guard query.city != "Atlantis" else { throw ForecastUnavailable(city: query.city) }
      return Forecast(city: query.city, high: 24)
    }
  }

  struct ForecastUnavailable: Error, CustomStringConvertible {
    let city: String
    var description: String { "no forecast for \(city)" }
  }

  struct Screen: Equatable, Sendable {
    var forecast: Forecast?
    var error: String?
  }

  enum Intent: Sendable { case show(String) }
  enum Effect: Sendable {
    case show(Forecast)
    case failed(String)
  }

  private let fetch = FetchForecast().retry(.immediate(maxAttempts: 2))

  @Test("in a runner")
  func inARunner() async {
    let runner = SkillRunner(fetch)
    await runner.perform(ForecastQuery(city: "Paris")).value
    #expect(runner.status == .succeeded(output: Forecast(city: "Paris", high: 24)))
  }

  @Test("handling an agent's intent")
  func inAnAgent() async {
    let agent = Agent<Screen, Intent, Effect>(
      context: Screen(),
      skills: [
        fetch.handling(
          input: { (intent: Intent) in
            switch intent {
            case .show(let city): ForecastQuery(city: city)
            }
          },
          output: { [.show($0)] },
          failure: { [.failed("\($0)")] })
      ],
      reduce: { screen, effect in
        switch effect {
        case .show(let forecast): screen.forecast = forecast
        case .failed(let message): screen.error = message
        }
        return []
      })
    await agent.send(.show("Paris")).finish()
    #expect(agent.forecast == Forecast(city: "Paris", high: 24))
    await agent.send(.show("Atlantis")).finish()
    #expect(agent.error?.contains("no forecast for Atlantis") == true)
  }

  @Test("called by a model: arguments decoded, schema derived, output summarised")
  func asATool() async throws {
    let registry = SkillRegistry()
    try registry.register(
      fetch.tool(id: "weather", description: "Today's forecast for a city", keywords: ["weather"]) { forecast in
        ToolOutput(summary: "\(forecast.city): high \(forecast.high)°C")
      })
    let tool = try #require(registry.skill(withID: "weather"))
    #expect(tool.inputSchema.json["required"] == ["city"])
    let output = try await tool.run(["city": "Paris"], context: SkillContext(skillName: "weather"))
    #expect(output.summary == "Paris: high 24°C")
    await #expect(throws: ToolSkillError.self) {
      _ = try await tool.run(["town": "Paris"], context: SkillContext(skillName: "weather"))
    }
  }
}
