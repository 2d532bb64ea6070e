import Foundation

/// The sky in one day's forecast.
package enum WeatherCondition: String, Sendable, Hashable, Codable, CaseIterable {
  /// Clear.
  case sunny
  /// Some clouds.
  case partlyCloudy
  /// Overcast.
  case overcast
  /// Haze.
  case haze
  /// Light rain.
  case lightRain
  /// Moderate rain.
  case rain
  /// Thunderstorms.
  case thunderstorm
  /// Light snow.
  case lightSnow
  /// Snow.
  case snow

  /// The name in `language`: `多云` / `partly cloudy`.
  package func name(_ language: DemoLanguage) -> String {
    switch (self, language) {
    case (.sunny, .chinese): "晴"
    case (.sunny, .english): "sunny"
    case (.partlyCloudy, .chinese): "多云"
    case (.partlyCloudy, .english): "partly cloudy"
    case (.overcast, .chinese): "阴"
    case (.overcast, .english): "overcast"
    case (.haze, .chinese): "霾"
    case (.haze, .english): "hazy"
    case (.lightRain, .chinese): "小雨"
    case (.lightRain, .english): "light rain"
    case (.rain, .chinese): "中雨"
    case (.rain, .english): "rain"
    case (.thunderstorm, .chinese): "雷阵雨"
    case (.thunderstorm, .english): "thunderstorms"
    case (.lightSnow, .chinese): "小雪"
    case (.lightSnow, .english): "light snow"
    case (.snow, .chinese): "中雪"
    case (.snow, .english): "snow"
    }
  }

  /// Whether an umbrella helps.
  package var isWet: Bool {
    switch self {
    case .lightRain, .rain, .thunderstorm, .lightSnow, .snow: true
    default: false
    }
  }
}

/// One day's weather for one city.
package struct DailyWeather: Sendable, Hashable {
  /// The city.
  package let city: WeatherCity
  /// The day, `2026-03-06`.
  package let day: String
  /// The sky.
  package let condition: WeatherCondition
  /// The high, °C.
  package let high: Int
  /// The low, °C.
  package let low: Int
  /// The wind's direction, 0 = north, clockwise in eighths.
  package let windDirection: Int
  /// The wind's force on the Beaufort scale.
  package let windLevel: Int
  /// Relative humidity, percent.
  package let humidity: Int

  /// `3~12°C`.
  package var temperatureRange: String { "\(low)~\(high)°C" }

  /// `北风 3 级` / `N wind, force 3`.
  package func wind(_ language: DemoLanguage) -> String {
    let chinese = ["北风", "东北风", "东风", "东南风", "南风", "西南风", "西风", "西北风"]
    let english = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    let index = ((windDirection % 8) + 8) % 8
    return language == .chinese ? "\(chinese[index]) \(windLevel) 级" : "\(english[index]) wind, force \(windLevel)"
  }
}

/// The offline weather service: a forecast computed from each city's
/// climate normals and a hash of the city and day, so the same question
/// always gets the same answer, with no network.
package enum WeatherForecast {
  /// How many days ahead the forecast covers, today included.
  package static let horizonDays = 7

  /// The weather in `city` on `day` (`2026-03-06`).
  package static func weather(in city: WeatherCity, on day: String) -> DailyWeather {
    let parts = day.split(separator: "-").compactMap { Int($0) }
    let month = parts.count == 3 ? max(1, min(12, parts[1])) : 1
    let seed = hash(city.key + "|" + day)
    let normalHigh = city.highs[month - 1]
    let normalLow = city.lows[month - 1]
    let high = normalHigh + Int(seed % 7) - 3
    let low = min(high - 3, normalLow + Int((seed / 7) % 5) - 2)
    let roll = Int((seed / 35) % 100)
    let condition: WeatherCondition
    if roll < city.rain[month - 1] {
      let kind = Int((seed / 3500) % 10)
      if high <= 2 {
        condition = kind < 7 ? .lightSnow : .snow
      } else if high >= 26 {
        condition = kind < 4 ? .thunderstorm : (kind < 8 ? .lightRain : .rain)
      } else {
        condition = kind < 7 ? .lightRain : .rain
      }
    } else {
      let kind = Int((seed / 3500) % 10)
      if kind < 4 {
        condition = .sunny
      } else if kind < 7 {
        condition = .partlyCloudy
      } else if kind < 9 || high > 10 {
        condition = .overcast
      } else {
        condition = .haze
      }
    }
    let humidityBase = condition.isWet ? 78 : 40
    return DailyWeather(
      city: city, day: day, condition: condition, high: high, low: low,
      windDirection: Int((seed / 350_000) % 8), windLevel: 1 + Int((seed / 2_800_000) % 4),
      humidity: min(98, humidityBase + Int((seed / 11) % 18)))
  }

  /// FNV-1a: stable across runs and platforms (unlike `Hasher`).
  static func hash(_ text: String) -> UInt64 {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      value ^= UInt64(byte)
      value = value &* 0x100_0000_01b3
    }
    return value
  }
}
