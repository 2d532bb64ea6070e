import AgentSkillLLM
import Foundation
import Testing

@Suite("LocalizedText", .timeLimit(.minutes(5)))
struct LocalizedTextTests {
  let name = LocalizedText("天气查询", translations: ["en": "Weather", "zh-Hant": "天氣查詢", "pt-BR": "Tempo"])

  @Test(
    "lookups fall back from the full tag to shorter ones, then to the default",
    arguments: [
      ("en", "Weather"), ("en-GB", "Weather"), ("en_US", "Weather"), ("EN-us", "Weather"),
      ("zh-Hant-TW", "天氣查詢"), ("zh-TW", "天氣查詢"), ("zh_HK", "天氣查詢"), ("zh-CN", "天气查询"),
      ("zh", "天气查询"), ("pt-BR", "Tempo"), ("pt", "天气查询"), ("fr", "天气查询"), ("", "天气查询"),
      ("en@calendar=gregorian", "Weather"),
    ])
  func fallbacks(_ tag: String, _ expected: String) {
    #expect(name.resolved(languageTag: tag) == expected)
  }

  @Test("locales resolve, nil gives the default, and Simplified Chinese is found from a region")
  func locales() {
    #expect(name.resolved(for: Locale(identifier: "en_US")) == "Weather")
    #expect(name.resolved(for: nil) == "天气查询")
    let simplified = LocalizedText("Weather", translations: ["zh-Hans": "天气"])
    #expect(simplified.resolved(for: Locale(identifier: "zh_CN")) == "天气")
    #expect(simplified.resolved(languageTag: "zh") == "天气")
    #expect(simplified.resolved(languageTag: "zh-TW") == "Weather")
  }

  @Test("JSON is a string without translations and an object with them")
  func codable() throws {
    let plain: LocalizedText = "天气"
    #expect(String(decoding: try JSONEncoder().encode(plain), as: UTF8.self) == #""天气""#)
    let data = try JSONEncoder().encode(name)
    let json = try JSONValue(parsing: data)
    #expect(json["default"] == "天气查询")
    #expect(json["pt-br"] == "Tempo")
    #expect(try JSONDecoder().decode(LocalizedText.self, from: data) == name)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(LocalizedText.self, from: Data(#"{"en": "Weather"}"#.utf8))
    }
  }

  @Test("translations can be added later")
  func setTranslation() {
    var text = LocalizedText("天气")
    text.setTranslation("Weather", for: "en_US")
    #expect(text.resolved(languageTag: "en-US") == "Weather")
    #expect(text.description == "天气")
  }
}
