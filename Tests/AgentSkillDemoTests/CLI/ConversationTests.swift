import Foundation
import Testing

/// Conversations a new user had with the offline assistant (issue 22), run
/// as users run them: the built executable, `--ask` questions in one
/// session, and a fixed "now" (Friday 2026-03-06 10:00 +08:00).
@Suite("agentskill-demo conversations (subprocess)", .timeLimit(.minutes(5)))
struct ConversationTests {
  private func ask(_ questions: [String], _ extra: [String] = []) async throws -> DemoProcess.Result {
    try await DemoFixtures.withDirectory { directory in
      try await DemoProcess.run(
        ["--data", directory.path, "--now", DemoFixtures.nowArgument] + extra
          + questions.flatMap { ["--ask", $0] })
    }
  }

  /// What the assistant printed after `question`, up to the next question.
  private func answer(to question: String, in output: String) -> String {
    let after = output.components(separatedBy: "› " + question).dropFirst().first ?? ""
    return after.components(separatedBy: "\n› ").first ?? ""
  }

  @Test("the city named after \"which city?\" completes the weather request, in Chinese and English")
  func cityAfterQuestion() async throws {
    let chinese = try await ask(["天气怎么样", "广州"])
    #expect(chinese.status == 0, "\(chinese.errors)")
    #expect(answer(to: "天气怎么样", in: chinese.output).contains("请问要哪个城市"))
    #expect(answer(to: "广州", in: chinese.output).contains("广州 · 3月6日（周五）"), "\(chinese.output)")
    #expect(!chinese.output.contains("没能把这句和刚才的问题接上"))
    let english = try await ask(["weather please", "Beijing"])
    #expect(answer(to: "Beijing", in: english.output).contains("Beijing · Fri, Mar 6"), "\(english.output)")
    #expect(!english.output.contains("couldn't connect"))
  }

  @Test("a bare weekday in a weather question is the coming one")
  func weekdayForecast() async throws {
    let result = try await ask(["北京周一天气怎么样", "What's the weather in Beijing on Monday?"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(answer(to: "北京周一天气怎么样", in: result.output).contains("北京 · 3月9日（周一）"), "\(result.output)")
    #expect(
      answer(to: "What's the weather in Beijing on Monday?", in: result.output).contains("Beijing · Mon, Mar 9"),
      "\(result.output)")
  }

  @Test("out of scope after an answer: what the assistant can help with, in the question's language")
  func outOfScopeAfterAnswer() async throws {
    let result = try await ask(["北京天气怎么样", "tell me a joke", "今天股市怎么样", "🙂🙂🙂"])
    #expect(answer(to: "tell me a joke", in: result.output).contains("Sorry, I can't help with that. I can help with:"))
    #expect(answer(to: "今天股市怎么样", in: result.output).contains("抱歉，这个我帮不上忙。我可以帮你："))
    #expect(answer(to: "🙂🙂🙂", in: result.output).contains("I can help with:"), "\(result.output)")
    #expect(!result.output.contains("couldn't connect") && !result.output.contains("没能把这句"))
  }

  @Test("a reminder at 25:00 is refused with a clear message, nothing saved")
  func impossibleTime() async throws {
    let result = try await ask(["remind me at 25:00 to sleep", "明天25点提醒我睡觉"], ["--yes"])
    #expect(answer(to: "remind me at 25:00 to sleep", in: result.output).contains("25:00 isn't a valid time"))
    #expect(answer(to: "明天25点提醒我睡觉", in: result.output).contains("「25点」不是有效的时间"))
    #expect(!result.output.contains("Reminder set") && !result.output.contains("已创建提醒"), "\(result.output)")
  }

  @Test("a follow-up naming a city after a ledger question gets the weather")
  func cityFollowUpSwitchesTool() async throws {
    let result = try await ask(["上周三的记账明细按类别汇总", "那上海呢？"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(answer(to: "那上海呢？", in: result.output).contains("上海 · 3月6日（周五）"), "\(result.output)")
  }

  @Test("English follow-ups move the period back; a category follow-up keeps it")
  func periodFollowUps() async throws {
    let result = try await ask([
      "how much did I spend last week?", "and the week before?", "and the week before last?",
      "what about transport only?", "上周三的记账明细按类别汇总", "只看交通", "上个月花最多的是哪一类",
    ])
    #expect(result.status == 0, "\(result.errors)")
    let output = result.output
    #expect(answer(to: "how much did I spend last week?", in: output).contains("Feb 23 – Mar 1"), "\(output)")
    #expect(answer(to: "and the week before?", in: output).contains("Feb 16 – Feb 22"), "\(output)")
    #expect(answer(to: "and the week before last?", in: output).contains("Feb 16 – Feb 22"), "\(output)")
    #expect(answer(to: "what about transport only?", in: output).contains("Transport expenses"), "\(output)")
    #expect(answer(to: "只看交通", in: output).contains("2月25日（周三）共 1 笔「交通」类支出"), "\(output)")
    #expect(answer(to: "上个月花最多的是哪一类", in: output).contains("2月1日—2月28日共"), "\(output)")
  }

  @Test("--json: a reminder's title without 提醒我; an expense in the ledger's categories")
  func typedValues() async throws {
    let reminder = try await ask(["明天上午九点提醒我给妈妈打电话"], ["--json", "reminder"])
    #expect(reminder.output.contains(#""title":"给妈妈打电话""#), "\(reminder.output)")
    let expense = try await ask(["午饭花了35元", "lunch, 20 dollars"], ["--json", "expense"])
    #expect(expense.errors.contains("请问要哪个记账类别（可选：餐饮、交通、购物、娱乐、居住、医疗、其他）？"), "\(expense.errors)")
    #expect(
      expense.errors.contains(
        "Which ledger category (options: Food, Transport, Shopping, Entertainment, Housing, Health, Other)?"),
      "\(expense.errors)")
    let named = try await ask(["午饭花了35元，餐饮"], ["--json", "expense"])
    #expect(named.output.contains(#"value:  {"amount":35,"category":"餐饮"}"#), "\(named.output)")
  }

  @Test("an English session reads English only: rejections, validator notes, confirmation labels")
  func englishSession() async throws {
    let result = try await ask([
      "What's the weather in Lhasa?", "remind me to stretch yesterday at 3pm", "remind me to call mom tomorrow at 6pm",
    ])
    let output = result.output
    #expect(
      answer(to: "What's the weather in Lhasa?", in: output).contains("· arguments rejected: city\n"), "\(output)")
    #expect(
      answer(to: "remind me to stretch yesterday at 3pm", in: output).contains(
        "the reminder time must be in the future"))
    #expect(
      output.contains("? Confirm New reminder (reminder text: call mom, reminder time: Sat, Mar 7 18:00)"), "\(output)")
    let english = output.components(separatedBy: "\n").filter { !$0.isEmpty }
    let chinese = english.filter { line in line.unicodeScalars.contains { (0x3400...0x9FFF).contains($0.value) } }
    #expect(chinese.isEmpty, "Chinese in an English session: \(chinese)")
  }

  @Test("a Chinese session names rejected arguments in Chinese")
  func chineseRejection() async throws {
    let result = try await ask(["拉萨天气怎么样"])
    #expect(result.output.contains("· 参数未通过校验：城市名称\n"), "\(result.output)")
    #expect(!result.output.contains("/city") && !result.output.contains("is not supported"))
  }

  @Test("an English line over the limit is refused in English")
  func longEnglishLine() async throws {
    try await DemoFixtures.withDirectory { directory in
      let long = String(repeating: "weather in Beijing ", count: 1_400)
      let result = try await DemoProcess.run(
        ["--data", directory.path, "--now", DemoFixtures.nowArgument], input: long + "\n")
      #expect(
        result.output.contains("· That input is too long (26600 characters, the limit is 20000)"),
        "\(result.output.prefix(300))")
      #expect(!result.output.contains("输入太长"))
    }
  }
}
