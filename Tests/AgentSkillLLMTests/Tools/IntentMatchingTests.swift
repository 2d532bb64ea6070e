import AgentSkill
import Foundation
import Testing

@testable import AgentSkillLLM

@Suite("Intent matching", .timeLimit(.minutes(5)))
struct IntentMatchingTests {
  let weather = ToolFixtures.Weather()

  @Test("a Chinese keyword in the text matches")
  func chineseKeyword() async {
    let match = await weather.canHandle("今天北京天气怎么样？")
    #expect(match.score == KeywordIntentMatcher.firstKeywordScore)
    #expect(match.reason == #"matched keyword "天气""#)
  }

  @Test("an English keyword matches regardless of case and width")
  func englishKeyword() async {
    #expect(await weather.canHandle("What's the WEATHER in Shanghai?").score == 0.45)
    #expect(await weather.canHandle("ｗｅａｔｈｅｒ ｐｌｅａｓｅ").score == 0.45)
  }

  @Test("small talk does not reach the weather skill")
  func smallTalk() async {
    let match = await weather.canHandle("你今天吃了吗")
    #expect(match.score == 0)
    #expect(!match.meets(SkillRegistry.defaultMatchThreshold))
    #expect(await weather.canHandle("Did you have lunch today?").score == 0)
  }

  @Test("a tag hit weighs more than a keyword hit")
  func tagWeighsMore() async {
    let tagged = await weather.canHandle(UserRequest("明天会怎样", tags: ["weather"]))
    let worded = await weather.canHandle("明天天气")
    #expect(tagged.score == KeywordIntentMatcher.firstTagScore)
    #expect(tagged.score > worded.score)
    #expect(tagged.reason == #"matched tag "weather""#)
  }

  @Test("the id counts as a tag, and intent tags ignore case")
  func idIsATag() async {
    let skill = ToolFixtures.keywordSkill("get_bills")
    #expect(await skill.canHandle(UserRequest("x", tags: ["GET_BILLS"])).score == 0.6)
  }

  @Test("tags and keywords combine as independent evidence, and more hits score higher")
  func combination() async {
    let both = await weather.canHandle(UserRequest("明天天气", tags: ["weather"]))
    #expect(abs(both.score - (1 - 0.4 * 0.55)) < 1e-9)
    #expect(both.reason == #"matched tag "weather"; keyword "天气""#)
    let two = await weather.canHandle("天气预报说会下雨吗")
    #expect(abs(two.score - 0.75) < 1e-9)
    #expect(two.reason == #"matched keywords "天气", "下雨", "预报""#)
    let many = KeywordIntentMatcher(tags: [], keywords: ["a1", "b2", "c3", "d4", "e5", "f6"])
    #expect(many.match("a1 b2 c3 d4 e5 f6").score == KeywordIntentMatcher.maximumPartialScore)
  }

  @Test("ASCII keywords must start a word; Chinese keywords match anywhere")
  func wordStart() {
    let matcher = KeywordIntentMatcher(tags: [], keywords: ["rain", "天气"])
    #expect(matcher.match("rainy day").score > 0)
    #expect(matcher.match("will it rain?").score > 0)
    #expect(matcher.match("(rain)").score > 0)
    #expect(matcher.match("take the train").score == 0)
    #expect(matcher.match("brain").score == 0)
    #expect(matcher.match("今天天气").score > 0)
  }

  @Test("every keyword of the list is found at the start, middle or end of CJK text; a cut-off one is not")
  func keywordPositions() {
    let keywords = ["天气", "下雨", "雨伞", "forecast", "風"]
    let matcher = KeywordIntentMatcher(tags: [], keywords: keywords)
    for keyword in keywords {
      for text in [keyword, "\(keyword)吗", "今天\(keyword)", "今天 \(keyword) 吗"] {
        #expect(matcher.match(UserRequest(text)).reason == "matched keyword \"\(keyword)\"", "\(text)")
      }
    }
    for text in ["今天天", "气", "雨", "forecas", "今天下", "伞吗"] {
      #expect(matcher.match(UserRequest(text)) == .noMatch, "\(text)")
    }
    // The first character repeats before the keyword starts.
    #expect(matcher.match(UserRequest("天天天气")).reason == #"matched keyword "天气""#)
  }

  @Test("empty and repeated terms are dropped; an empty matcher never matches")
  func emptyTerms() {
    let matcher = KeywordIntentMatcher(tags: ["", "  "], keywords: ["", "天气", "天气", " 天气 "])
    #expect(matcher.match("天气").reason == #"matched keyword "天气""#)
    #expect(KeywordIntentMatcher(tags: [], keywords: []).isEmpty)
    #expect(KeywordIntentMatcher(tags: [], keywords: []).match("anything") == .noMatch)
    #expect(matcher.match("") == .noMatch)
  }

  @Test("a custom canHandle replaces the default")
  func customCanHandle() async {
    let reminder = ToolFixtures.Reminder()
    #expect(await reminder.canHandle("明天下午三点提醒我开周会") == .certain("asks for a reminder"))
    #expect(await reminder.canHandle(UserRequest("开周会", tags: ["reminder"])).score == 0)
  }

  @Test("a custom canHandle can build on the default score")
  func customOnDefault() async {
    struct Boosted: ToolSkill {
      let id = "boosted"
      let description = "d"
      let keywords = ["账单"]
      func canHandle(_ intent: UserRequest) async -> IntentMatch {
        let base = defaultIntentMatch(intent)
        return base.score > 0 ? IntentMatch(score: base.score + 0.5, reason: base.reason + "; boosted") : base
      }
      func run(_ input: EmptyToolInput, context: SkillContext) async throws -> ToolOutput { .text("") }
    }
    let direct = await Boosted().canHandle("上周的账单")
    let erased = await AnyToolSkill(Boosted()).canHandle("上周的账单")
    #expect(direct == IntentMatch(score: 0.95, reason: #"matched keyword "账单"; boosted"#))
    #expect(erased == direct)
    #expect(!AnyToolSkill(Boosted()).usesDefaultMatching)
    #expect(AnyToolSkill(Boosted()).fastMatch("账单") == nil)
  }

  @Test("closure skills without a matcher take the synchronous path")
  func fastPath() async {
    let plain = AnyToolSkill(ToolFixtures.keywordSkill("notes", keywords: ["笔记"]))
    #expect(plain.usesDefaultMatching)
    #expect(plain.fastMatch("记个笔记")?.score == 0.45)
    let custom = AnyToolSkill(
      ToolSkillOf<EmptyToolInput>(id: "c", description: "d", keywords: ["笔记"], canHandle: { _ in .certain("always") }) {
        _, _ in .text("")
      })
    #expect(!custom.usesDefaultMatching)
    #expect(await custom.canHandle("x") == .certain("always"))
  }

  @Test("scores are clamped to 0…1 and NaN counts as no match")
  func clamping() {
    #expect(IntentMatch(score: 3, reason: "r").score == 1)
    #expect(IntentMatch(score: -1, reason: "r").score == 0)
    #expect(IntentMatch(score: .nan, reason: "r").score == 0)
    #expect(!IntentMatch(score: 0, reason: "r").meets(0))
    #expect(IntentMatch(score: 0.3, reason: "r").meets(0.3))
    #expect(IntentMatch(score: 0.78, reason: "tag").description == "0.78 (tag)")
    #expect(IntentMatch(score: 0.05, reason: "x").description == "0.05 (x)")
    #expect(IntentMatch.certain("x").description == "1.00 (x)")
  }

  @Test("an intent round-trips through JSON with sorted tags")
  func intentCodable() throws {
    let intent = UserRequest("天气", tags: ["b", "a"], locale: Locale(identifier: "zh_CN"))
    let data = try JSONEncoder().encode(intent)
    #expect(String(decoding: data, as: UTF8.self).contains(#"["a","b"]"#))
    let decoded = try JSONDecoder().decode(UserRequest.self, from: data)
    #expect(decoded.text == "天气")
    #expect(decoded.tags == ["a", "b"])
    #expect(decoded.locale?.identifier == "zh_CN")
    #expect(decoded.description == "天气 [a, b]")
    let bare = try JSONDecoder().decode(UserRequest.self, from: Data(#"{"text":"hi"}"#.utf8))
    #expect(bare == UserRequest("hi"))
  }

  @Test("inside AnyToolSkill the default canHandle uses the keywords folded at erasure")
  func precomputedKeywords() async {
    struct Counting: ToolSkill {
      let reads: LockIsolated<Int>
      let id = "counting"
      let description = "d"
      var keywords: [String] {
        reads.withValue { $0 += 1 }
        return ["账单"]
      }
      func run(_ input: EmptyToolInput, context: SkillContext) async throws -> ToolOutput { .text("") }
    }
    let reads = LockIsolated(0)
    let erased = AnyToolSkill(Counting(reads: reads))
    let afterErasure = reads.value
    for _ in 0..<5 {
      #expect(await erased.canHandle("上周的账单").score == 0.45)
    }
    #expect(reads.value == afterErasure)
    #expect(await Counting(reads: reads).canHandle("账单").score == 0.45)
    #expect(reads.value == afterErasure + 1)
  }
}
