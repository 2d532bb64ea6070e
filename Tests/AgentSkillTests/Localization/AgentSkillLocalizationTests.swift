import Foundation
import Testing

@testable import AgentSkill
@testable import AgentSkillList

@Suite("Library texts from the String Catalog", .timeLimit(.minutes(1)))
struct AgentSkillLocalizationTests {
  private let english = Locale(identifier: "en_US")
  private let chinese = Locale(identifier: "zh-Hans-CN")

  @Test func theCatalogShipsEnglishAndSimplifiedChinese() {
    #expect(AgentSkillLocalization.localizations == ["en", "zh-Hans"])
    #expect(AgentSkillLocalization.catalog != nil)
  }

  @Test func everyKeyHasBothLanguages() throws {
    let catalog = try #require(AgentSkillLocalization.catalog)
    #expect(catalog.values.count > 40)
    for (key, values) in catalog.values {
      #expect(values["en"]?.isEmpty == false, "\(key) has no English text")
      #expect(values["zh-Hans"]?.isEmpty == false, "\(key) has no Chinese text")
    }
  }

  @Test func englishLookups() {
    #expect(AgentSkillLocalization.string("list.loading", locale: english) == "Loading…")
    #expect(AgentSkillLocalization.string("status.retry", locale: english) == "Retry")
    #expect(AgentSkillLocalization.string("chat.executing", "天气查询", locale: english) == "Executing: 天气查询")
    #expect(AgentSkillLocalization.string("chat.thinking.title", locale: english) == "Thinking")
    #expect(AgentSkillLocalization.string("chat.image", "2", locale: english) == "Image 2")
    #expect(
      AgentSkillLocalization.string("chat.tool.didNotRun", "Weather", "offline", locale: english)
        == "Weather did not run: offline")
  }

  @Test func chineseLookups() {
    #expect(AgentSkillLocalization.string("list.loading", locale: chinese) == "正在加载…")
    #expect(AgentSkillLocalization.string("chat.thinking.title", locale: chinese) == "思考过程")
    #expect(AgentSkillLocalization.string("chat.image", "2", locale: chinese) == "图片 2")
    #expect(AgentSkillLocalization.string("form.submitFailure", locale: chinese) == "表单提交失败，请重试")
    #expect(AgentSkillLocalization.string("status.error", "网络断开", locale: chinese) == "错误：网络断开")
    #expect(
      AgentSkillLocalization.string("chat.tool.didNotRun", "天气", "离线", locale: chinese) == "天气 未运行：离线")
  }

  /// The debug panel, timeline and usage views show the catalog's texts, in both languages.
  @Test func debugPanelTimelineAndUsageTexts() {
    #expect(AgentSkillLocalization.string("debug.title", locale: english) == "Agent timeline")
    #expect(AgentSkillLocalization.string("debug.title", locale: chinese) == "智能体时间线")
    #expect(AgentSkillLocalization.string("debug.size", "12", "3", locale: english) == "12 entries, about 3 KB")
    #expect(AgentSkillLocalization.string("debug.size", "12", "3", locale: chinese) == "12 条记录，约 3 KB")
    #expect(AgentSkillLocalization.string("debug.kind.skillFailed", locale: english) == "Failed")
    #expect(AgentSkillLocalization.string("debug.kind.skillFailed", locale: chinese) == "失败")
    #expect(AgentSkillLocalization.string("chat.debug.title", locale: chinese) == "对话调试")
    #expect(
      AgentSkillLocalization.string("chat.usage.tokensPerTurn", "20,000", locale: english) == "20,000 tokens per turn")
    #expect(AgentSkillLocalization.string("chat.usage.tokensPerTurn", "20,000", locale: chinese) == "每轮 20,000 个令牌")
    #expect(
      AgentSkillLocalization.string("chat.debug.timing", "3", "12 ms", "20 ms", locale: english)
        == "3 calls · average 12 ms · longest 20 ms")
    #expect(AgentSkillLocalization.string("status.rejected", "标题为空", locale: chinese) == "请检查输入：标题为空")
  }

  /// Every kind of timeline entry has its name in the panel.
  @Test func everyTimelineKindHasAName() {
    for kind in AgentTimelineDocument.Kind.allCases {
      let key = "debug.kind." + kind.rawValue
      #expect(AgentSkillLocalization.string(key, locale: english) != key, "\(kind)")
      #expect(AgentSkillLocalization.string(key, locale: chinese) != key, "\(kind)")
    }
  }

  @Test func switchingTheLocaleSwitchesTheLanguage() {
    var strings = ListStrings(locale: english)
    #expect(strings == .english)
    #expect(strings.empty == "Nothing here yet.")
    strings = ListStrings(locale: chinese)
    #expect(strings == .simplifiedChinese)
    #expect(strings.empty == "这里还没有任何消息")
    #expect(strings.failure == "加载失败，请检查网络后重试")
  }

  @Test func listStringsKeepTheirPublishedTexts() {
    #expect(ListStrings.english.loading == "Loading…")
    #expect(ListStrings.english.sendFailure == "Not sent. Tap to try again.")
    #expect(ListStrings.simplifiedChinese.refreshing == "正在刷新…")
    #expect(ListStrings.simplifiedChinese.streamFailure == "回复中断了")
  }

  @Test(arguments: [
    ("zh", "zh-Hans"), ("zh_CN", "zh-Hans"), ("zh-Hant-TW", "zh-Hans"), ("zh-Hans", "zh-Hans"),
    ("en_GB", "en"), ("fr_FR", "en"), ("", "en"),
  ])
  func theClosestLocalizationIsChosen(identifier: String, expected: String) {
    #expect(AgentSkillLocalization.localization(for: Locale(identifier: identifier)) == expected)
  }

  @Test func anUnknownKeyReadsAsItself() {
    #expect(AgentSkillLocalization.string("no.such.key", locale: chinese) == "no.such.key")
  }

  @Test func placeholdersAreFilledInOrderOrByPosition() {
    #expect(AgentSkillLocalization.format("%@ and %@", ["a", "b"]) == "a and b")
    #expect(AgentSkillLocalization.format("%2$@ then %1$@", ["a", "b"]) == "b then a")
    #expect(AgentSkillLocalization.format("100%% of %@", ["it"]) == "100% of it")
    #expect(AgentSkillLocalization.format("%@ %@", ["only"]) == "only ")
    #expect(AgentSkillLocalization.format("50% off", []) == "50% off")
  }
}
