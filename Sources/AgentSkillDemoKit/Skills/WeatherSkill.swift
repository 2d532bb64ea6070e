import AgentSkill
import AgentSkillLLM
import Foundation

/// The weather for a supported city, today or a day in the coming week,
/// from bundled offline data. An unsupported city is rejected by the
/// validator, before the skill runs, with the list of supported ones, so the model can correct itself or ask.
package struct WeatherSkill: ToolSkill {
  /// The arguments.
  package struct Input: Decodable, Sendable {
    /// The city's name (`北京`, `Beijing`).
    let city: String
    /// The day, `2026-03-06`; today when absent.
    let date: String?
    /// The user's language, `zh` or `en`.
    let language: String?
  }

  let calendar: DemoCalendar

  /// Creates the skill.
  package init(calendar: DemoCalendar) {
    self.calendar = calendar
  }

  package let id = "weather"
  package let displayName = LocalizedText("天气查询", translations: ["en": "Weather"])
  package let description =
    "查询城市天气和未来三天的预报（仅支持部分国内城市）。Weather and a three-day forecast for a supported city."
  package let tags = ["weather"]
  package let keywords = [
    "天气", "气温", "温度", "下雨", "下雪", "预报", "冷不冷", "热不热", "冷吗", "热吗", "几度", "多少度", "带伞", "weather",
    "forecast", "temperature", "rain", "snow", "sunny", "cold", "hot", "warm", "windy", "umbrella",
  ]

  package var inputSchema: JSONSchema {
    .object(
      properties: [
        "city": .string(description: "城市名称，如 北京 或 Beijing (city)"),
        "date": .string(description: "哪一天，YYYY-MM-DD，默认今天 (day; today when absent)", format: .date),
        "language": .string(description: "用户使用的语言 (the user's language)", enum: ["zh", "en"]),
      ],
      required: ["city"]
    )
  }

  /// The forecast as data: served to MCP clients as the tool's `outputSchema` and `structuredContent`.
  package var outputSchema: JSONSchema? {
    .object(
      properties: [
        "city": .string(description: "The city's English name"),
        "date": .string(description: "The day, YYYY-MM-DD", format: .date),
        "condition": .string(description: "The sky, such as cloudy"),
        "high": .integer(description: "The highest temperature, °C"),
        "low": .integer(description: "The lowest temperature, °C"),
        "humidity": .integer(description: "Relative humidity, %"),
      ],
      required: ["city", "date", "condition", "high", "low", "humidity"]
    )
  }

  package var validators: [ArgumentValidator] {
    let calendar = self.calendar
    return [
      .allowedValues(WeatherCity.allNames, at: "/city", caseSensitive: false, maximumListed: 40),
      .rule(at: "/date", keyword: "forecastRange") { value in
        guard let text = value.stringValue else { return nil }
        guard let day = calendar.day(from: text) else { return "must be a day written as YYYY-MM-DD" }
        let offset = calendar.days(from: calendar.now(), to: day)
        guard (0..<WeatherForecast.horizonDays).contains(offset) else {
          let first = calendar.dayString(calendar.today)
          let last = calendar.dayString(calendar.adding(days: WeatherForecast.horizonDays - 1, to: calendar.today))
          return "must be between \(first) and \(last): the offline forecast covers today and the next "
            + "\(WeatherForecast.horizonDays - 1) days"
        }
        return nil
      },
    ]
  }

  package func run(_ input: Input, context: SkillContext) async throws -> ToolOutput {
    let language = DemoLanguage(argument: input.language)
    guard let city = WeatherCity.named(input.city) else {
      throw ToolSkillError.invalidArguments(
        skillID: id,
        violations: [
          SchemaViolation(
            path: "/city", keyword: "allowedValues",
            message: "\"\(input.city)\" is not supported; supported: \(WeatherCity.allNames.joined(separator: ", "))")
        ])
    }
    let day = input.date.flatMap(calendar.day(from:)) ?? calendar.today
    let today = WeatherForecast.weather(in: city, on: calendar.dayString(day))
    let offset = calendar.days(from: calendar.now(), to: day)
    let following = (1...3).compactMap { step -> (Date, DailyWeather)? in
      guard offset + step < WeatherForecast.horizonDays else { return nil }
      let next = calendar.adding(days: step, to: day)
      return (next, WeatherForecast.weather(in: city, on: calendar.dayString(next)))
    }
    context.logger.info("\(city.key) \(today.day): \(today.condition.rawValue) \(today.temperatureRange)")
    return ToolOutput(
      summary: summary(city: city, day: day, weather: today, following: following, language: language),
      display: .keyValues(card(city: city, day: day, weather: today, following: following, language: language)),
      structuredContent: [
        "city": .string(city.englishName), "date": .string(today.day), "condition": .string(today.condition.rawValue),
        "high": .integer(today.high), "low": .integer(today.low), "humidity": .integer(today.humidity),
      ])
  }

  private func summary(
    city: WeatherCity, day: Date, weather: DailyWeather, following: [(Date, DailyWeather)], language: DemoLanguage
  ) -> String {
    let when = calendar.relativeDayLabel(day, language)
    let next = following.map { date, forecast in
      language.pick(
        "\(calendar.weekdayName(date, language))\(forecast.condition.name(language)) \(forecast.temperatureRange)",
        "\(calendar.weekdayName(date, language)) \(forecast.condition.name(language)) \(forecast.temperatureRange)")
    }
    let umbrella = weather.condition.isWet
    switch language {
    case .chinese:
      var text =
        "\(city.chineseName)\(when)\(weather.condition.name(language))，\(weather.temperatureRange)，"
        + "\(weather.wind(language))"
      if !next.isEmpty { text += "；之后：" + next.joined(separator: "，") }
      return text + "。" + (umbrella ? "出门记得带伞。" : "")
    case .english:
      var text =
        "\(city.englishName) \(when): \(weather.condition.name(language)), \(weather.temperatureRange), "
        + "\(weather.wind(language))."
      if !next.isEmpty { text += " Next: " + next.joined(separator: ", ") + "." }
      return text + (umbrella ? " Take an umbrella." : "")
    }
  }

  private func card(
    city: WeatherCity, day: Date, weather: DailyWeather, following: [(Date, DailyWeather)], language: DemoLanguage
  ) -> ToolKeyValues {
    var pairs = [
      ToolKeyValues.Pair(language.pick("天气", "Sky"), weather.condition.name(language)),
      ToolKeyValues.Pair(language.pick("气温", "Temperature"), weather.temperatureRange),
      ToolKeyValues.Pair(language.pick("风力", "Wind"), weather.wind(language)),
      ToolKeyValues.Pair(language.pick("湿度", "Humidity"), "\(weather.humidity)%"),
    ]
    for (date, forecast) in following {
      pairs.append(
        ToolKeyValues.Pair(
          calendar.dayLabel(date, language), "\(forecast.condition.name(language)) \(forecast.temperatureRange)"))
    }
    return ToolKeyValues(title: "\(city.name(language)) · \(calendar.dayLabel(day, language))", pairs: pairs)
  }
}
