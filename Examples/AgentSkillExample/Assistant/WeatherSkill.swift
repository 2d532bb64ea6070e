import AgentSkill
import AgentSkillLLM
import Foundation

/// A weather skill: today's weather and a three-day outlook
/// for a supported city. The cities are an entity list
/// (`.allowedValues`): a city outside it is rejected before the skill runs,
/// with the list, so the model can correct itself or ask.
///
/// The forecast is made up from the city's name, so the example runs
/// offline and every run shows the same weather.
struct WeatherSkill: ToolSkill {
  struct Input: Decodable, Sendable {
    let city: String
  }

  /// The supported cities: Chinese name → English name.
  static let cities: KeyValuePairs<String, String> = [
    "北京": "Beijing", "上海": "Shanghai", "广州": "Guangzhou", "深圳": "Shenzhen", "杭州": "Hangzhou",
    "成都": "Chengdu",
  ]

  let id = "weather"
  let displayName = LocalizedText("天气查询", translations: ["en": "Weather"])
  let description = "查询城市今天的天气和未来三天的预报。Weather today and for the next three days in a supported city."
  let tags = ["weather"]
  let keywords = ["天气", "气温", "下雨", "预报", "weather", "forecast", "temperature", "rain"]

  var inputSchema: JSONSchema {
    .object(
      properties: ["city": .string(description: "城市名称，如 北京 或 Beijing (city name)")],
      required: ["city"]
    )
  }

  var validators: [ArgumentValidator] {
    [.allowedValues(Self.cities.map(\.key) + Self.cities.map(\.value), at: "/city", caseSensitive: false)]
  }

  func run(_ input: Input, context: SkillContext) async throws -> ToolOutput {
    let name = Self.chineseName(of: input.city)
    let conditions = ["晴", "多云", "阴", "小雨"]
    let seed = name.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 0xFFFF }
    let days = (0..<4).map { day -> (condition: String, low: Int, high: Int) in
      let low = 8 + (seed / (day + 1)) % 12
      return (conditions[(seed + day) % conditions.count], low, low + 6 + (seed + day) % 5)
    }
    // Pretend to call a weather service, on the agent's clock.
    try await context.sleep(for: .milliseconds(400))
    let today = days[0]
    var pairs = [
      ToolKeyValues.Pair("天气", today.condition),
      ToolKeyValues.Pair("气温", "\(today.low)–\(today.high)°C"),
    ]
    for (offset, day) in days.dropFirst().enumerated() {
      pairs.append(ToolKeyValues.Pair(["明天", "后天", "大后天"][offset], "\(day.condition) \(day.low)–\(day.high)°C"))
    }
    let rainy = days.contains { $0.condition.contains("雨") }
    return ToolOutput(
      summary: "\(name)今天\(today.condition)，\(today.low)–\(today.high)°C\(rainy ? "，未来几天有雨" : "")。",
      display: .keyValues(ToolKeyValues(title: "\(name) · 今天", pairs: pairs)))
  }

  /// The Chinese name of a supported city given in either language.
  static func chineseName(of city: String) -> String {
    let trimmed = city.trimmingCharacters(in: .whitespaces)
    return cities.first { $0.key == trimmed || $0.value.caseInsensitiveCompare(trimmed) == .orderedSame }?.key
      ?? trimmed
  }
}
