import AgentSkillLLM
import AgentSkillOffline
import Foundation
import Testing

/// Conversations a new user had with the demo (issue 22): an answer to the
/// model's own question, a bare weekday for a forecast, requests out of scope
/// after an answer, and a clock time that does not exist.
@Suite("RuleBasedModel conversation regressions", .timeLimit(.minutes(5)))
struct RuleBasedModelRegressionTests {
  let model = OfflineFixtures.model()
  let tools = [OfflineFixtures.ledger, OfflineFixtures.weather, OfflineFixtures.reminder]

  private func respond(_ messages: [ChatMessage], tools: [ToolDefinition]? = nil) async throws -> ChatResponse {
    try await model.respond(to: ChatRequest(messages: messages, tools: tools ?? self.tools))
  }

  // MARK: The answer to its own question

  @Test(
    "the question for a missing city ends with a question mark, and the city named next completes the request",
    arguments: [("天气怎么样", "广州"), ("weather please", "Beijing")])
  func cityAnswerCompletesRequest(request: String, answer: String) async throws {
    let question = try await respond([.user(request)], tools: [OfflineFixtures.weather])
    let asked = try #require(question.text)
    #expect(question.toolCalls.isEmpty)
    #expect(asked.hasSuffix("？") || asked.hasSuffix("?"), "\(asked)")
    let response = try await respond(
      [.user(request), .assistant(asked), .user(answer)], tools: [OfflineFixtures.weather])
    #expect(response.toolCalls.map(\.name) == ["weather"])
    #expect(response.toolCalls.first?.arguments["city"] == .string(answer))
  }

  // MARK: A bare weekday

  @Test(
    "a bare weekday in a forecast is the next one, today included; the ledger keeps this week's",
    arguments: [
      ("北京周一天气怎么样", "weather", "date", "2026-03-09"),
      ("What's the weather in Beijing on Monday?", "weather", "date", "2026-03-09"),
      ("北京星期五天气怎么样", "weather", "date", "2026-03-06"),
      ("北京本周一天气怎么样", "weather", "date", "2026-03-02"),
      ("周一的记账明细", "ledger_query", "from", "2026-03-02"),
    ])
  func bareWeekday(text: String, tool: String, argument: String, day: String) async throws {
    let response = try await respond([.user(text)])
    #expect(response.toolCalls.map(\.name) == [tool], "\(text)")
    #expect(response.toolCalls.first?.arguments[argument] == .string(day), "\(text)")
  }

  @Test("本周一共 is this week in all, not this week's Monday")
  func thisWeekInAll() async throws {
    let response = try await respond([.user("本周一共消费了多少")])
    #expect(response.toolCalls.map(\.name) == ["ledger_query"])
    #expect(response.toolCalls.first?.arguments["from"] == "2026-03-02")
    #expect(response.toolCalls.first?.arguments["to"] != "2026-03-02")
  }

  @Test("a reminder on a bare weekday is set for the next one")
  func reminderOnBareWeekday() async throws {
    let response = try await respond([.user("周一上午九点提醒我交报告")])
    #expect(response.toolCalls.first?.arguments["at"] == "2026-03-09T09:00:00+08:00")
  }

  // MARK: Out of scope after an answer

  @Test(
    "out of scope after an answer says what the assistant can do, not that the reply missed a question",
    arguments: [
      (
        "北京今天多云，3~12°C。", "tell me a joke",
        "Sorry, I can't help with that. I can help with: Ledger, Weather, Reminders."
      ),
      ("北京今天多云，3~12°C。", "今天股市怎么样", "抱歉，这个我帮不上忙。我可以帮你：记账查询、天气查询、提醒。"),
      ("Done.", "🙂🙂", "Sorry, I can't help with that. I can help with: Ledger, Weather, Reminders."),
      ("不客气！还有什么需要帮忙的吗？", "asdfghjkl", "Sorry, I can't help with that. I can help with: Ledger, Weather, Reminders."),
    ])
  func outOfScopeAfterAnswer(previous: String, text: String, expected: String) async throws {
    let earlier = previous.hasPrefix("不客气") ? "谢谢" : "北京天气怎么样"
    let response = try await respond([.user(earlier), .assistant(previous), .user(text)], tools: [])
    #expect(response.text == expected)
  }

  // MARK: The session's language

  @Test("a rejected argument is named in English by the gloss its Chinese description ends with")
  func englishLabelFromGloss() async throws {
    let reminder = ToolDefinition(
      name: "create_reminder", description: "创建提醒 (creates a reminder)",
      parameters: .object(
        properties: [
          "title": .string(title: "提醒内容", description: "要提醒的事 (reminder text)"),
          "at": .string(description: "提醒时间，RFC 3339 (reminder time, RFC 3339 with offset)", format: .dateTime),
        ],
        required: ["title", "at"]))
    let error = ToolSkillError.invalidArguments(
      skillID: "create_reminder",
      violations: [SchemaViolation(path: "/at", keyword: "future", message: "must be in the future")])
    let call = ToolCall(
      id: "call_1", name: "create_reminder", arguments: ["title": "stretch", "at": "2026-03-05T15:00:00+08:00"])
    let response = try await respond(
      [
        .user("remind me to stretch yesterday at 3pm"), .assistant("", toolCalls: [call]),
        .tool(error.description, callID: "call_1", name: "create_reminder"),
      ], tools: [reminder])
    #expect(response.text == "Sorry, the reminder time must be in the future. Could you try something else?")
    let missing = try await respond([.user("remind me at 3pm")], tools: [reminder])
    #expect(missing.text == "What should the reminder text be?")
  }

  @Test("a list cut short ends the sentence once")
  func cutListPunctuation() async throws {
    let many = (1...12).map { "City\($0)" }
    let error = ToolSkillError.invalidArguments(
      skillID: "weather",
      violations: [
        SchemaViolation(
          path: "/city", keyword: "allowedValues",
          message: "\"Lhasa\" is not supported; supported: \(many.joined(separator: ", "))")
      ])
    let call = ToolCall(id: "call_1", name: "weather", arguments: ["city": "Lhasa"])
    let response = try await respond([
      .user("weather in Lhasa"), .assistant("", toolCalls: [call]),
      .tool(error.description, callID: "call_1", name: "weather"),
    ])
    #expect(response.text?.contains("City8, …. ") == false, "\(response.text ?? "")")
    #expect(response.text?.contains("City8, … Which one would you like instead?") == true, "\(response.text ?? "")")
  }

  // MARK: Impossible times

  @Test(
    "a clock time that does not exist is refused in the user's language, never read as another time",
    arguments: [
      ("remind me at 25:00 to sleep", "Sorry, 25:00 isn't a valid time"),
      ("明天25点提醒我睡觉", "抱歉，「25点」不是有效的时间"),
      ("明天二十五点提醒我睡觉", "抱歉，「二十五点」不是有效的时间"),
      ("remind me at 9:75 to stretch", "Sorry, 9:75 isn't a valid time"),
    ])
  func impossibleTime(text: String, expected: String) async throws {
    let response = try await respond([.user(text)])
    #expect(response.toolCalls.isEmpty, "\(text)")
    #expect(response.text?.hasPrefix(expected) == true, "\(response.text ?? "")")
  }

  @Test("after an impossible time, the time given next completes the reminder")
  func timeAfterImpossibleTime() async throws {
    let first = try await respond([.user("remind me at 25:00 to sleep")])
    let asked = try #require(first.text)
    let response = try await respond([.user("remind me at 25:00 to sleep"), .assistant(asked), .user("11pm")])
    #expect(
      response.toolCalls.first?.arguments == ["title": "sleep", "at": "2026-03-06T23:00:00+08:00", "language": "en"])
  }
}

/// Follow-ups that narrow or move the previous request (issue 22).
@Suite("RuleBasedModel follow-ups", .timeLimit(.minutes(5)))
struct RuleBasedModelFollowUpTests {
  let model = OfflineFixtures.model()

  /// A ledger question answered for `from`…`to`, then `text`.
  private func followUp(_ text: String, from: String, to: String, category: String? = nil) async throws -> ToolCall? {
    var arguments: JSONObject = ["from": .string(from), "to": .string(to), "language": "en"]
    if let category { arguments["category"] = .string(category) }
    let call = ToolCall(id: "call_1", name: "ledger_query", arguments: .object(arguments))
    let response = try await model.respond(
      to: ChatRequest(
        messages: [
          .user("how much did I spend last week?"), .assistant("", toolCalls: [call]),
          .tool("Feb 23 – Mar 1: 30 expenses.", callID: "call_1", name: "ledger_query"),
          .assistant("Feb 23 – Mar 1: 30 expenses."), .user(text),
        ],
        tools: [OfflineFixtures.ledger]))
    return response.toolCalls.first
  }

  @Test(
    "the week or month before moves the previous period; the week before last is two weeks back",
    arguments: [
      ("and the week before?", "2026-02-23", "2026-03-01", "2026-02-16", "2026-02-22"),
      ("and the week before that?", "2026-02-16", "2026-02-22", "2026-02-09", "2026-02-15"),
      ("and the month after?", "2026-01-10", "2026-01-12", "2026-02-01", "2026-02-28"),
      ("and the week before last?", "2026-02-23", "2026-03-01", "2026-02-16", "2026-02-22"),
      ("and the month before?", "2026-02-01", "2026-02-28", "2026-01-01", "2026-01-31"),
      ("and the day before?", "2026-03-05", "2026-03-05", "2026-03-04", "2026-03-04"),
    ])
  func periodBefore(text: String, from: String, to: String, newFrom: String, newTo: String) async throws {
    let call = try await followUp(text, from: from, to: to)
    #expect(call?.arguments["from"] == .string(newFrom), "\(text)")
    #expect(call?.arguments["to"] == .string(newTo), "\(text)")
  }

  @Test("the day after a forecast for today is tomorrow's")
  func dayAfterToday() async throws {
    let call = ToolCall(id: "call_1", name: "weather", arguments: ["city": "北京", "language": "en"])
    let response = try await model.respond(
      to: ChatRequest(
        messages: [
          .user("weather in Beijing"), .assistant("", toolCalls: [call]),
          .tool("Beijing today: sunny.", callID: "call_1", name: "weather"), .assistant("Beijing today: sunny."),
          .user("and the day after?"),
        ],
        tools: [OfflineFixtures.weather]))
    #expect(response.toolCalls.first?.arguments == ["city": "北京", "date": "2026-03-07", "language": "en"])
  }

  @Test("one category only keeps the previous period")
  func categoryOnly() async throws {
    let call = try await followUp("只看交通", from: "2026-02-23", to: "2026-03-01")
    #expect(call?.arguments == ["from": "2026-02-23", "to": "2026-03-01", "category": "交通", "language": "zh"])
  }

  @Test("a new request with its own period does not inherit the previous one's category")
  func newRequestStandsAlone() async throws {
    let call = try await followUp("上个月的开销", from: "2026-02-23", to: "2026-03-01", category: "交通")
    #expect(call?.arguments == ["from": "2026-02-01", "to": "2026-02-28", "language": "zh"])
  }
}
