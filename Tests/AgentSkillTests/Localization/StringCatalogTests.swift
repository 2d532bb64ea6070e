import Foundation
import Testing

@testable import AgentSkill

@Suite("String Catalog reader", .timeLimit(.minutes(1)))
struct StringCatalogTests {
  private let json = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "greeting" : {
          "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Hello" } },
            "zh-Hans" : { "stringUnit" : { "state" : "translated", "value" : "你好" } }
          }
        },
        "Untranslated key" : { },
        "plural" : {
          "localizations" : { "en" : { "variations" : { "plural" : { } } } }
        }
      },
      "version" : "1.0"
    }
    """

  @Test func readsEachLocalizationsValue() throws {
    let catalog = try StringCatalog(data: Data(json.utf8))
    #expect(catalog.sourceLanguage == "en")
    #expect(catalog.localizations == ["en", "zh-Hans"])
    #expect(catalog.value(forKey: "greeting", localization: "en") == "Hello")
    #expect(catalog.value(forKey: "greeting", localization: "zh-Hans") == "你好")
    #expect(catalog.value(forKey: "greeting", localization: "fr") == nil)
  }

  @Test func aKeyWithoutASourceValueIsItsOwnValue() throws {
    let catalog = try StringCatalog(data: Data(json.utf8))
    #expect(catalog.value(forKey: "Untranslated key", localization: "en") == "Untranslated key")
    #expect(catalog.value(forKey: "Untranslated key", localization: "zh-Hans") == nil)
    #expect(catalog.value(forKey: "plural", localization: "en") == "plural")
    #expect(catalog.value(forKey: "missing", localization: "en") == nil)
  }

  @Test func malformedDataThrowsATypedError() {
    #expect(throws: StringCatalogError.self) { try StringCatalog(data: Data("[1, 2]".utf8)) }
  }
}
