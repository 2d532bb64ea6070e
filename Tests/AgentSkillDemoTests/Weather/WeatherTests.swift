import AgentSkill
import AgentSkillDemoKit
import AgentSkillLLM
import Foundation
import Testing

@Suite("Demo weather", .timeLimit(.minutes(5)))
struct WeatherTests {
  let calendar = DemoFixtures.calendar

  @Test("forecasts are deterministic and plausible for every city and month")
  func forecasts() {
    for city in WeatherCity.all {
      #expect(city.highs.count == 12 && city.lows.count == 12 && city.rain.count == 12, "\(city.key)")
      for month in 1...12 {
        let day = String(format: "2026-%02d-15", month)
        let weather = WeatherForecast.weather(in: city, on: day)
        #expect(weather == WeatherForecast.weather(in: city, on: day))
        #expect(weather.low < weather.high)
        #expect(abs(weather.high - city.highs[month - 1]) <= 3)
        #expect((1...4).contains(weather.windLevel))
        if weather.condition == .snow || weather.condition == .lightSnow { #expect(weather.high <= 2) }
      }
    }
  }

  @Test("city names in Chinese and English, with or without 市")
  func names() {
    #expect(WeatherCity.named("北京")?.key == "beijing")
    #expect(WeatherCity.named("北京市")?.key == "beijing")
    #expect(WeatherCity.named("BEIJING")?.key == "beijing")
    #expect(WeatherCity.named("Xi'an")?.key == "xian")
    #expect(WeatherCity.named("纽约") == nil)
    #expect(WeatherCity.allNames.count == WeatherCity.all.count * 2)
    #expect(Set(WeatherCity.allNames).count == WeatherCity.allNames.count)
  }

  @Test("the validator rejects unsupported cities and days outside the forecast, listing what works")
  func validation() async {
    let skill = AnyToolSkill(WeatherSkill(calendar: calendar))
    let city = await skill.validate(["city": "纽约"])
    #expect(city.first?.path == "/city")
    #expect(city.first?.message.hasPrefix("\"纽约\" is not supported; supported: 北京, 上海, 广州") == true)
    #expect(await skill.validate(["city": "shanghai"]).isEmpty)
    let past = await skill.validate(["city": "上海", "date": "2026-03-05"])
    #expect(
      past.map(\.description) == [
        "/date: must be between 2026-03-06 and 2026-03-12: the offline forecast covers today and the next 6 days"
      ])
    #expect(await skill.validate(["city": "上海", "date": "2026-03-12"]).isEmpty)
    #expect(skill.knownValues["/city"] == WeatherCity.allNames)
  }

  @Test("the answer is a card and a summary in the user's language")
  func output() async throws {
    let skill = AnyToolSkill(WeatherSkill(calendar: calendar))
    let chinese = try await skill.run(["city": "北京", "language": "zh"], environment: SkillEnvironment())
    #expect(chinese.summary.hasPrefix("北京今天"))
    #expect(chinese.summary.contains("；之后：周六"))
    guard case .keyValues(let card) = chinese.display else {
      Issue.record("expected a card")
      return
    }
    #expect(card.title == "北京 · 3月6日（周五）")
    #expect(card.pairs.map(\.key).prefix(4) == ["天气", "气温", "风力", "湿度"])
    #expect(card.pairs.count == 7)

    let english = try await skill.run(
      ["city": "Shanghai", "date": "2026-03-12", "language": "en"], environment: SkillEnvironment())
    #expect(english.summary.hasPrefix("Shanghai Thu, Mar 12: "))
    #expect(!english.summary.contains("Next:"))
  }
}
