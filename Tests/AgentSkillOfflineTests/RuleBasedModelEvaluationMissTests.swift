import AgentSkillLLM
import AgentSkillOffline
import Foundation
import Testing

/// What the demo's labelled sets caught (issue 22): a city named in a request no skill serves, a weather
/// word taken for a city, `去` cut from a reminder, listing reminders read as creating one, and corrections
/// ("不是北京，是上海", "不对，改成明天上午十点", "I meant this week", "make it 7pm").
@Suite("RuleBasedModel evaluation misses", .timeLimit(.minutes(3)))
struct RuleBasedModelEvaluationMissTests {
  static let keywords: [String: [String]] = [
    "weather": ["天气", "下雨", "下雪", "冷不冷", "weather", "forecast", "rain", "snow", "cold"],
    "create_reminder": ["提醒我", "remind me", "reminder", "alarm"],
    "list_reminders": ["我的提醒", "提醒有哪些", "my reminders", "show reminders", "list reminders"],
  ]

  static let listReminders = ToolDefinition(
    name: "list_reminders", description: "查看已保存的提醒列表。Lists the saved upcoming reminders.",
    parameters: .object(properties: ["language": .string(enum: ["zh", "en"])]))

  let model: RuleBasedModel = {
    var model = OfflineFixtures.model()
    model.keywords = Self.keywords
    return model
  }()

  private func respond(_ messages: [ChatMessage], tools: [ToolDefinition]) async throws -> ChatResponse {
    try await model.respond(to: ChatRequest(messages: messages, tools: tools))
  }

  /// `first` answered by a call of `tool` with `arguments`, then `text`.
  private func after(
    _ first: String, _ tool: ToolDefinition, _ arguments: JSONObject, then text: String
  ) async throws -> ChatResponse {
    let call = ToolCall(id: "call_1", name: tool.name, arguments: .object(arguments))
    return try await respond(
      [
        .user(first), .assistant("", toolCalls: [call]), .tool("Done.", callID: "call_1", name: tool.name),
        .assistant("Done."), .user(text),
      ], tools: [tool])
  }

  @Test(
    "a city in a request for something else gets what the assistant can do, not the weather",
    arguments: ["帮我订一张去上海的机票", "北京有什么好吃的", "上海到北京有多远", "How far is Shanghai from Beijing?"])
  func cityInOtherRequest(text: String) async throws {
    let response = try await respond([.user(text)], tools: [OfflineFixtures.weather])
    #expect(response.toolCalls.isEmpty, "\(text)")
    let answer = response.text ?? ""
    #expect(answer.contains("我可以帮你") || answer.contains("I can help with"), "\(answer)")
  }

  @Test(
    "a city alone, a follow-up or a weather word with it still gets the weather",
    arguments: ["上海", "那上海呢？", "上海冷不冷", "How cold is it in Shanghai?", "What about Beijing tomorrow?"])
  func cityForWeather(text: String) async throws {
    let response = try await respond([.user(text)], tools: [OfflineFixtures.weather])
    #expect(response.toolCalls.map(\.name) == ["weather"], "\(text)")
  }

  @Test("a weather word is no city: the city is asked for", arguments: ["会下雨吗", "Will it rain?", "明天会下雪吗"])
  func weatherWordIsNoCity(text: String) async throws {
    let response = try await respond([.user(text)], tools: [OfflineFixtures.weather])
    #expect(response.toolCalls.isEmpty, "\(text)")
    let question = response.text ?? ""
    #expect(question.hasSuffix("？") || question.hasSuffix("?"), "\(question)")
  }

  @Test("a question without a city after a forecast is about the same city")
  func sameCityAfterForecast() async throws {
    let response = try await after(
      "杭州天气怎么样", OfflineFixtures.weather, ["city": "杭州", "language": "zh"], then: "明天会下雨吗")
    #expect(response.toolCalls.first?.arguments["city"] == "杭州")
    #expect(response.toolCalls.first?.arguments["date"] == "2026-03-07")
  }

  @Test("去 stays in a reminder's title")
  func goStaysInTitle() async throws {
    let response = try await respond([.user("提醒我明天下午3点去健身房")], tools: [OfflineFixtures.reminder])
    #expect(response.toolCalls.first?.arguments["title"] == "去健身房")
  }

  @Test(
    "listing reminders picks the list, creating one the creation, by the longer keyword",
    arguments: [
      ("show reminders please", "list_reminders"), ("What are my reminders?", "list_reminders"),
      ("我的提醒有哪些", "list_reminders"), ("remind me to buy milk at 5pm", "create_reminder"),
    ])
  func listOrCreate(text: String, tool: String) async throws {
    let response = try await respond([.user(text)], tools: [OfflineFixtures.reminder, Self.listReminders])
    #expect(response.toolCalls.map(\.name) == [tool], "\(text)")
  }

  @Test(
    "a correction changes one argument and keeps the others",
    arguments: [
      ("不是北京，是上海", "city", "上海"), ("No, I meant Shanghai", "city", "Shanghai"), ("我是说后天", "date", "2026-03-08"),
    ])
  func weatherCorrection(text: String, argument: String, value: String) async throws {
    let response = try await after(
      "北京明天天气怎么样", OfflineFixtures.weather, ["city": "北京", "date": "2026-03-07", "language": "zh"], then: text)
    let arguments = try #require(response.toolCalls.first?.arguments)
    #expect(arguments[argument] == .string(value), "\(text)")
    #expect(arguments["city"] != nil && arguments["date"] != nil, "\(arguments.rendered())")
  }

  @Test(
    "correcting a reminder's time keeps its title and its day",
    arguments: [
      ("不对，改成明天上午十点", "2026-03-07T10:00:00+08:00"), ("不是三点，是四点", "2026-03-07T16:00:00+08:00"),
      ("Actually, make it 7pm", "2026-03-07T19:00:00+08:00"),
    ])
  func reminderCorrection(text: String, at: String) async throws {
    let response = try await after(
      "提醒我明天下午三点交报告", OfflineFixtures.reminder,
      ["title": "交报告", "at": "2026-03-07T15:00:00+08:00", "language": "zh"], then: text)
    #expect(response.toolCalls.first?.arguments["title"] == "交报告", "\(text)")
    #expect(response.toolCalls.first?.arguments["at"] == .string(at), "\(text)")
  }

  @Test("correcting a ledger period keeps its category", arguments: ["我是说本周", "I meant this week"])
  func ledgerCorrection(text: String) async throws {
    let response = try await after(
      "上周餐饮花了多少", OfflineFixtures.ledger,
      ["from": "2026-02-23", "to": "2026-03-01", "category": "餐饮", "language": "zh"], then: text)
    let arguments = try #require(response.toolCalls.first?.arguments)
    #expect(arguments["from"] == "2026-03-02")
    #expect(arguments["category"] == "餐饮")
  }

  // MARK: Found by sets written after the fixes above, kept out of the committed ones

  @Test("a part of the day before the time sets it: tonight at 9 is 21:00")
  func partOfDayFirst() async throws {
    let response = try await respond(
      [.user("Remind me to water the plants tonight at 9")], tools: [OfflineFixtures.reminder])
    #expect(response.toolCalls.first?.arguments["at"] == "2026-03-06T21:00:00+08:00")
    #expect(response.toolCalls.first?.arguments["title"] == "water the plants")
  }

  @Test("会不会下雨 names no city")
  func willItRainNamesNoCity() async throws {
    let response = try await respond([.user("明天会不会下雨")], tools: [OfflineFixtures.weather])
    #expect(response.toolCalls.isEmpty)
  }

  @Test("the city that answers the question keeps the day the request named")
  func answerKeepsTheDay() async throws {
    let question = try #require(try await respond([.user("明天天气怎么样")], tools: [OfflineFixtures.weather]).text)
    let response = try await respond(
      [.user("明天天气怎么样"), .assistant(question), .user("杭州")], tools: [OfflineFixtures.weather])
    #expect(response.toolCalls.first?.arguments["city"] == "杭州")
    #expect(response.toolCalls.first?.arguments["date"] == "2026-03-07")
  }

  @Test("a negated day is not the one meant: 不是后天，是明天")
  func negatedDay() async throws {
    let response = try await after(
      "北京后天天气", OfflineFixtures.weather, ["city": "北京", "date": "2026-03-08", "language": "zh"],
      then: "不是后天，是明天")
    #expect(response.toolCalls.first?.arguments["date"] == "2026-03-07")
    #expect(response.toolCalls.first?.arguments["city"] == "北京")
  }
}
