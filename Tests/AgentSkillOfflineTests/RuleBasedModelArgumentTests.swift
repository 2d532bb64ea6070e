import AgentSkillLLM
import AgentSkillOffline
import Foundation
import Testing

/// Argument extraction, relative to Friday 2026-03-06 10:00 in Shanghai.
@Suite("RuleBasedModel arguments", .timeLimit(.minutes(5)))
struct RuleBasedModelArgumentTests {
  let model = OfflineFixtures.model()

  private func value(_ tool: ToolDefinition, _ text: String, _ name: String) -> JSONValue? {
    model.extractArguments(for: tool, from: text).arguments[name]
  }

  // MARK: Dates

  static let days: [(String, String)] = [
    ("今天的开销", "2026-03-06"),
    ("明天", "2026-03-07"),
    ("昨天花了多少", "2026-03-05"),
    ("前天", "2026-03-04"),
    ("后天", "2026-03-08"),
    ("大后天", "2026-03-09"),
    ("大前天", "2026-03-03"),
    ("上周三的记账明细", "2026-02-25"),
    ("下周一", "2026-03-09"),
    ("本周五", "2026-03-06"),
    ("这周二", "2026-03-03"),
    ("星期天", "2026-03-08"),
    ("上星期日", "2026-03-01"),
    ("3月5日", "2026-03-05"),
    ("三月五号", "2026-03-05"),
    ("2026年2月14日", "2026-02-14"),
    ("2026-03-04", "2026-03-04"),
    ("2026/3/4", "2026-03-04"),
    ("三天前", "2026-03-03"),
    ("2天后", "2026-03-08"),
    ("today", "2026-03-06"),
    ("What about tomorrow?", "2026-03-07"),
    ("yesterday's expenses", "2026-03-05"),
    ("the day before yesterday", "2026-03-04"),
    ("the day after tomorrow", "2026-03-08"),
    ("last Wednesday", "2026-03-04"),
    ("last Friday", "2026-02-27"),
    ("next Wednesday", "2026-03-11"),
    ("next friday", "2026-03-13"),
    ("this Monday", "2026-03-02"),
    ("on Sunday", "2026-03-08"),
    ("last wed", "2026-03-04"),
    ("March 5", "2026-03-05"),
    ("5th of March", "2026-03-05"),
    ("in 3 days", "2026-03-09"),
    ("3 days ago", "2026-03-03"),
    ("ＴＯＤＡＹ", "2026-03-06"),
  ]

  @Test("single days in Chinese and English", arguments: days)
  func singleDays(text: String, expected: String) {
    let tool = OfflineFixtures.probe("date", .string(format: .date))
    #expect(value(tool, text, "date") == .string(expected), "\(text)")
  }

  static let ranges: [(String, String, String)] = [
    ("上周三的记账明细按类别汇总", "2026-02-25", "2026-02-25"),
    ("帮我查一下上周三的记账明细，然后按类别汇总", "2026-02-25", "2026-02-25"),
    ("上周的开销", "2026-02-23", "2026-03-01"),
    ("本周", "2026-03-02", "2026-03-08"),
    ("下周", "2026-03-09", "2026-03-15"),
    ("上个月的账单", "2026-02-01", "2026-02-28"),
    ("本月", "2026-03-01", "2026-03-31"),
    ("最近7天", "2026-02-28", "2026-03-06"),
    ("过去一周", "2026-02-28", "2026-03-06"),
    ("这周末", "2026-03-07", "2026-03-08"),
    ("3月1日到3月4日", "2026-03-01", "2026-03-04"),
    ("last week", "2026-02-23", "2026-03-01"),
    ("this month", "2026-03-01", "2026-03-31"),
    ("the past 3 days", "2026-03-04", "2026-03-06"),
    ("last Wednesday's expenses by category", "2026-03-04", "2026-03-04"),
    ("next weekend", "2026-03-14", "2026-03-15"),
  ]

  @Test("date ranges fill from and to", arguments: ranges)
  func dateRanges(text: String, from: String, to: String) {
    let extraction = model.extractArguments(for: OfflineFixtures.ledger, from: text)
    #expect(extraction.arguments["from"] == .string(from), "\(text)")
    #expect(extraction.arguments["to"] == .string(to), "\(text)")
    #expect(extraction.isComplete)
  }

  @Test("argument names without a format are understood: start_date/end_date, remindAt, due")
  func namesWithoutFormat() {
    let tool = ToolDefinition(
      name: "plan",
      description: "plan",
      parameters: .object(
        properties: [
          "start_date": .string(), "end_date": .string(), "remindAt": .string(), "due": .string(), "format": .string(),
        ],
        required: ["start_date", "end_date", "remindAt", "due"]
      )
    )
    let extraction = model.extractArguments(for: tool, from: "下周 下午两点")
    #expect(extraction.arguments["start_date"] == "2026-03-09")
    #expect(extraction.arguments["end_date"] == "2026-03-15")
    #expect(extraction.arguments["remindAt"] == "2026-03-09T14:00:00+08:00")
    #expect(extraction.arguments["due"] == "2026-03-09T14:00:00+08:00")
    #expect(extraction.arguments["format"] == nil)
  }

  // MARK: Times

  static let moments: [(String, String)] = [
    ("明天下午三点提醒我开周会", "2026-03-07T15:00:00+08:00"),
    ("明天下午3点半开会", "2026-03-07T15:30:00+08:00"),
    ("明天15:00开会", "2026-03-07T15:00:00+08:00"),
    ("今晚八点提醒我打电话", "2026-03-06T20:00:00+08:00"),
    ("三点提醒我喝水", "2026-03-06T15:00:00+08:00"),
    ("上午9点提醒我交报告", "2026-03-07T09:00:00+08:00"),
    ("下周一上午十点一刻开会", "2026-03-09T10:15:00+08:00"),
    ("两小时后提醒我出门", "2026-03-06T12:00:00+08:00"),
    ("半小时后提醒我关火", "2026-03-06T10:30:00+08:00"),
    ("remind me to call mom tomorrow at 3pm", "2026-03-07T15:00:00+08:00"),
    ("tomorrow at 3:30 p.m. remind me to stretch", "2026-03-07T15:30:00+08:00"),
    ("remind me at 15:00 to pay rent", "2026-03-06T15:00:00+08:00"),
    ("remind me at noon to eat", "2026-03-06T12:00:00+08:00"),
    ("remind me at 9am to take pills", "2026-03-07T09:00:00+08:00"),
    ("next Monday at 10am standup", "2026-03-09T10:00:00+08:00"),
    ("in 30 minutes remind me to check the oven", "2026-03-06T10:30:00+08:00"),
    ("remind me in 2 hours to leave", "2026-03-06T12:00:00+08:00"),
    ("at 8 in the evening remind me to read", "2026-03-06T20:00:00+08:00"),
  ]

  @Test("moments combine a day and a time in the model's time zone", arguments: moments)
  func dateTimes(text: String, expected: String) {
    #expect(value(OfflineFixtures.reminder, text, "at") == .string(expected), "\(text)")
  }

  static let times: [(String, String)] = [
    ("下午三点", "15:00"), ("下午3点", "15:00"), ("晚上7点半", "19:30"), ("早上六点", "06:00"), ("中午12点", "12:00"),
    ("凌晨两点", "02:00"), ("三点十分", "15:10"), ("15:45", "15:45"), ("3pm", "15:00"), ("3:30 pm", "15:30"),
    ("11am", "11:00"), ("12am", "00:00"), ("12pm", "12:00"), ("at 5 o'clock", "17:00"), ("midnight", "00:00"),
  ]

  @Test("times of day", arguments: times)
  func timesOfDay(text: String, expected: String) {
    let tool = OfflineFixtures.probe("time", .string(format: .time))
    #expect(value(tool, text, "time") == .string(expected), "\(text)")
  }

  // MARK: Numbers, lists, free text

  static let numbers: [(String, Int)] = [
    ("未来3个结果", 3), ("给我看5条", 5), ("三条就够了", 3), ("show me the top 10", 10), ("最多二十个", 20),
  ]

  @Test("numbers in digits and Chinese numerals", arguments: numbers)
  func integers(text: String, expected: Int) {
    let tool = OfflineFixtures.probe("limit", .integer(minimum: 1, maximum: 50))
    #expect(value(tool, text, "limit") == .integer(expected), "\(text)")
  }

  @Test("numbers go to the argument whose unit they carry")
  func numbersByUnit() {
    let tool = ToolDefinition(
      name: "record_expense",
      description: "记一笔支出",
      parameters: .object(
        properties: ["amount": .number(), "count": .integer()],
        required: ["amount"]
      )
    )
    let extraction = model.extractArguments(for: tool, from: "买了3杯咖啡，一共45.5元")
    #expect(extraction.arguments["amount"] == .number(45.5))
    #expect(extraction.arguments["count"] == .integer(3))
  }

  @Test("'一下' and other words with numerals are not numbers")
  func noFalseNumbers() {
    let tool = OfflineFixtures.probe("limit", .integer(), required: false)
    #expect(value(tool, "帮我查一下", "limit") == nil)
  }

  @Test("enum values the text names, longest first")
  func enums() {
    let tool = OfflineFixtures.probe("unit", .string(enum: ["celsius", "fahrenheit"]))
    #expect(value(tool, "temperature in Fahrenheit please", "unit") == "fahrenheit")
    #expect(value(OfflineFixtures.ledger, "上周三的餐饮开销", "category") == "餐饮")
    #expect(value(OfflineFixtures.ledger, "上周三的开销", "category") == nil)
  }

  @Test("known values from validators fill list arguments")
  func knownValues() {
    #expect(value(OfflineFixtures.weather, "北京天气怎么样", "city") == "北京")
    #expect(value(OfflineFixtures.weather, "What's the weather in Shanghai tomorrow?", "city") == "Shanghai")
    #expect(value(OfflineFixtures.weather, "What's the weather in Shanghai tomorrow?", "date") == "2026-03-07")
    #expect(value(OfflineFixtures.weather, "明天深圳会下雨吗", "city") == "深圳")
  }

  @Test("an unknown city is passed on as the words left over, for the validator to judge")
  func unknownEntity() {
    #expect(value(OfflineFixtures.weather, "纽约天气怎么样", "city") == "纽约")
    #expect(value(OfflineFixtures.weather, "What's the weather like in New York?", "city") == "New York")
    #expect(value(OfflineFixtures.weather, "帮我查一下东京的天气", "city") == "东京")
  }

  @Test("the language argument follows the user's language")
  func language() {
    #expect(value(OfflineFixtures.weather, "北京天气怎么样", "language") == "zh")
    #expect(value(OfflineFixtures.weather, "weather in Beijing", "language") == "en")
    let locale = OfflineFixtures.probe("locale", .string(enum: ["zh-Hans", "en-US"]), required: false)
    #expect(value(locale, "天气", "locale") == "zh-Hans")
  }

  static let titles: [(String, String)] = [
    ("明天下午三点提醒我开周会", "开周会"),
    ("提醒我明天下午三点开周会", "开周会"),
    ("帮我设一个提醒，明天上午10点交报告", "交报告"),
    ("明天下午三点的周会记得提醒我", "周会"),
    ("remind me to call mom tomorrow at 3pm", "call mom"),
    ("Remind me to attend the weekly meeting tomorrow at 3pm", "attend the weekly meeting"),
    ("set a reminder for 3pm tomorrow to water the plants", "water the plants"),
  ]

  @Test("free text for a required string is what is left", arguments: titles)
  func freeText(text: String, expected: String) {
    #expect(value(OfflineFixtures.reminder, text, "title") == .string(expected), "\(text)")
  }

  @Test("odd input never crashes and yields valid JSON arguments")
  func oddInput() {
    let fragments = [
      "", " ", "，", "?", "🙂", "上周", "三", "点", "下午", "12:", ":30", "2026-", "-02-", "31", "99999999999", "last",
      "in", "a", "days", "at", "pm", "十", "百", "零", "天后", "月", "号", "'s", "\n", "ｔｏｍｏｒｒｏｗ", "e\u{301}",
    ]
    var generator = SeededGenerator(seed: 42)
    for _ in 0..<200 {
      let text = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
        fragments.randomElement(using: &generator) ?? ""
      }.joined()
      for tool in [OfflineFixtures.ledger, OfflineFixtures.weather, OfflineFixtures.reminder] {
        let extraction = model.extractArguments(for: tool, from: text)
        #expect((try? JSONValue(parsing: JSONValue.object(extraction.arguments).rendered())) != nil)
        #expect(extraction.isComplete == (extraction.question == nil))
      }
    }
  }

  // MARK: Missing arguments

  @Test("a missing city is asked for, listing supported cities in the user's script")
  func missingCity() {
    let chinese = model.extractArguments(for: OfflineFixtures.weather, from: "天气怎么样")
    #expect(chinese.missing == ["city"])
    #expect(chinese.question == "请问要哪个城市名称（可选：北京、上海、广州、深圳、杭州、成都）？")
    let english = model.extractArguments(for: OfflineFixtures.weather, from: "how's the weather")
    #expect(english.question == "Which city (options: Beijing, Shanghai, Guangzhou, Shenzhen)?")
  }

  @Test("a missing time is asked for when the day is known")
  func missingTime() {
    let extraction = model.extractArguments(for: OfflineFixtures.reminder, from: "明天提醒我开周会")
    #expect(extraction.missing == ["at"])
    #expect(extraction.arguments["title"] == "开周会")
    #expect(extraction.question == "请问几点？")
    #expect(
      model.extractArguments(for: OfflineFixtures.reminder, from: "remind me tomorrow to call mom").question
        == "What time?")
  }

  @Test("several missing arguments are asked for in one question")
  func missingSeveral() {
    let extraction = model.extractArguments(for: OfflineFixtures.reminder, from: "提醒我")
    #expect(extraction.missing == ["title", "at"])
    #expect(extraction.question == "请问提醒内容是什么？是什么时间？")
    let english = model.extractArguments(for: OfflineFixtures.reminder, from: "remind me")
    #expect(english.question == "What should the title be? When?")
  }

  @Test("a missing date range is asked for")
  func missingRange() {
    let extraction = model.extractArguments(for: OfflineFixtures.ledger, from: "记账明细按类别汇总")
    #expect(extraction.missing == ["from", "to"])
    #expect(extraction.question?.hasPrefix("请问要查哪一天或哪段时间？") == true)
  }
}

/// A small deterministic random generator (SplitMix64) for repeatable fuzzing.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
