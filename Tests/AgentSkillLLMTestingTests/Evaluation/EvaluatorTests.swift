import AgentSkill
import AgentSkillLLM
import AgentSkillLLMTesting
import Foundation
import Testing

@Suite("Evaluator", .timeLimit(.minutes(2)))
@MainActor
struct EvaluatorTests {
  private final class Calls: Sendable {
    let names = LockIsolated<[String]>([])
  }

  private func registry() throws -> SkillRegistry {
    let registry = SkillRegistry()
    try registry.register(
      ToolSkillOf<JSONValue>(
        id: "weather", description: "Weather for a city",
        inputSchema: .object(properties: ["city": .string(description: "city")], required: ["city"]),
        keywords: ["weather"]
      ) { _, _ in .text("real weather") })
    return registry
  }

  private let cases = [
    EvaluationCase(
      id: "city", category: "weather",
      turns: [
        .init(
          user: "weather in Beijing",
          expect: .call([ExpectedCall(name: "weather", arguments: ["city": .oneOf(["北京", "Beijing"])])]))
      ]),
    EvaluationCase(id: "hello", category: "chat", turns: [.init(user: "hi", expect: Expectation.none)]),
  ]

  @Test("scripted results answer the calls; the report scores selection, arguments and irrelevance")
  func scriptedResults() async throws {
    let model = ScriptedLanguageModel([
      .toolCall(name: "weather", arguments: ["city": "Paris"]), .text("Sunny."), .text("Hello!"),
    ])
    let calls = Calls()
    let evaluator = Evaluator(
      model: model, registry: try registry(),
      results: .scripted { tool, arguments in
        calls.names.withValue { $0.append("\(tool) \(arguments.rendered())") }
        return .text("scripted")
      })
    let report = await evaluator.run(cases)
    #expect(calls.names.value == [#"weather {"city":"Paris"}"#])
    #expect(report.selectionAccuracy == 1)
    #expect(report.argumentAccuracy == 0)
    #expect(report.irrelevanceAccuracy == 1)
    #expect(report.confusion == ["weather": ["weather": 1], "(none)": ["(none)": 1]])
    let failure = try #require(report.failures.first)
    #expect(failure.id == "city")
    #expect(failure.transcript.contains(#"weather.city: expected one of "北京", "Beijing", sent "Paris""#))
    #expect(model.requests.last?.tools.isEmpty ?? false, "no tools are offered for small talk")
  }

  @Test("the registry's skills run by default, with the model told their results")
  func realSkills() async throws {
    let model = ScriptedLanguageModel([.toolCall(name: "weather", arguments: ["city": "Beijing"]), .text("Sunny.")])
    let report = await Evaluator(model: model, registry: try registry()).run(Array(cases.prefix(1)))
    #expect(report.cases == EvaluationReport.Score(passed: 1, total: 1))
    let toolMessage = model.requests.last?.messages.last
    #expect(toolMessage?.content == "real weather")
  }

  @Test("pass^k counts a case only when every run passed")
  func passAll() async throws {
    let model = ScriptedLanguageModel([
      .toolCall(name: "weather", arguments: ["city": "Beijing"]), .text("Sunny."), .text("Hello!"),
      .toolCall(name: "weather", arguments: ["city": "北京"]), .text("晴。"),
      .toolCall(name: "weather", arguments: ["city": "Oslo"]), .text("Rain."),
    ])
    let report = await Evaluator(model: model, registry: try registry(), results: .scripted { _, _ in .text("ok") })
      .run(cases, runs: 2)
    #expect(report.cases == EvaluationReport.Score(passed: 3, total: 4))
    #expect(report.passAll == EvaluationReport.Score(passed: 1, total: 2))
    #expect(report.irrelevanceAccuracy == 0.5)
    #expect(report.table.contains("pass^2"))
    let decoded = try JSONDecoder().decode(EvaluationReport.self, from: JSONEncoder().encode(report))
    #expect(decoded == report)
  }

  @Test("a clarifying question passes when the answer asks and no tool is called")
  func clarify() async throws {
    let model = ScriptedLanguageModel([.text("Which city?"), .text("Sure.")])
    let cases = [
      EvaluationCase(id: "ask", turns: [.init(user: "weather please", expect: .clarify)]),
      EvaluationCase(id: "tell", turns: [.init(user: "weather please", expect: .clarify)]),
    ]
    let report = await Evaluator(model: model, registry: try registry()).run(cases)
    #expect(report.clarification == EvaluationReport.Score(passed: 1, total: 2))
    #expect(report.failures.map(\.id) == ["tell"])
  }
}

@Suite("Evaluation cases and matchers", .timeLimit(.minutes(1)))
struct EvaluationCaseTests {
  @Test("JSON Lines: bare values are exact, objects name the matcher; blank lines are skipped")
  func decoding() throws {
    let text = """
      {"id":"a","category":"weather","turns":[{"user":"北京明天天气","expect":{"outcome":"call","calls":[{"name":"weather","arguments":{"city":"北京","date":{"day":"2026-12-06"},"days":{"number":3,"tolerance":0.5},"lang":{"optional":{"oneOf":["zh","en"]}}}}]}}]}

      {"id":"b","turns":[{"user":"提醒我"},{"user":"明天","expect":{"outcome":"clarify"}}]}
      """
    let cases = try EvaluationCase.cases(fromJSONLines: text)
    #expect(cases.map(\.id) == ["a", "b"])
    let expected = ExpectedCall(
      name: "weather",
      arguments: [
        "city": .exact("北京"), "date": .day("2026-12-06"), "days": .number(3, tolerance: 0.5),
        "lang": .optional(.oneOf(["zh", "en"])),
      ])
    #expect(cases.first?.turns.first?.expect == .call([expected]))
    #expect(cases.last?.turns.map(\.expect) == [nil, .clarify])
    let encoded = try JSONEncoder().encode(cases)
    #expect(try JSONDecoder().decode([EvaluationCase].self, from: encoded) == cases)
  }

  @Test("a bad line is named by its number")
  func badLine() {
    #expect(throws: EvaluationError.self) { try EvaluationCase.cases(fromJSONLines: "{\"id\":\"a\",\"turns\":[]}") }
    do {
      _ = try EvaluationCase.cases(fromJSONLines: "\n{\"id\":\"a\"}", source: "set.jsonl")
      Issue.record("expected an error")
    } catch {
      #expect(error.description.hasPrefix("set.jsonl:2 is not an evaluation case"))
    }
  }

  @Test(
    "matchers",
    arguments: [
      (ArgumentMatcher.text("Buy milk!"), JSONValue.string("buy  MILK"), true),
      (.text("交报告"), .string("交报告。"), true),
      (.text("交报告"), .string("交周报"), false),
      (.number(3, tolerance: 0.5), .integer(3), true),
      (.number(3, tolerance: 0.5), .number(3.6), false),
      (.exact(.number(2)), .integer(2), true),
      (.exact("2"), .integer(2), false),
      (.day("2026-12-06"), .string("2026-12-06T09:00:00+08:00"), true),
      (.day("2026-12-06"), .string("2026-12-07"), false),
      (.instant("2026-12-06T09:00:00+08:00"), .string("2026-12-06T01:00:00Z"), true),
      (.instant("2026-12-06T09:00:00+08:00"), .string("2026-12-06T09:00:00Z"), false),
      (.oneOf(["北京", "Beijing"]), .string("Beijing"), true),
    ])
  func matcher(matcher: ArgumentMatcher, value: JSONValue, matches: Bool) {
    #expect(matcher.matches(value) == matches)
  }

  @Test("an optional argument may be left out; a required one may not")
  func omitted() {
    #expect(ArgumentMatcher.optional(.day("2026-12-05")).matches(nil))
    #expect(!ArgumentMatcher.optional(.day("2026-12-05")).matches(.string("2026-12-06")))
    #expect(!ArgumentMatcher.day("2026-12-05").matches(nil))
  }
}
