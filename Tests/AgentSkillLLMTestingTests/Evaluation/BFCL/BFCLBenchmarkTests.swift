import AgentSkill
import AgentSkillLLM
import AgentSkillLLMTesting
import Foundation
import Testing

/// The BFCL loader and checker against the real pinned `bfcl-eval` data (downloaded into `.build/bfcl` by the
/// first run, a few seconds), with a scripted model that answers from the ground truth.
@Suite("BFCL benchmark", .timeLimit(.minutes(3)))
@MainActor
struct BFCLBenchmarkTests {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func dataset() async throws -> BFCLDataset {
    try await BFCLDataset.install(into: packageRoot.appendingPathComponent(".build/bfcl"))
  }

  /// A model that sends exactly the ground truth's calls (or, for irrelevance, declines).
  static func perfect(_ entry: BFCLEntry) -> ScriptedLanguageModel {
    if entry.category.expectsNoCall { return ScriptedLanguageModel([.text("None of these tools can do that.")]) }
    return ScriptedLanguageModel([.toolCalls(entry.groundTruthCalls), .text("Done.")])
  }

  @Test("the first entries of each core category load, and their ground truth passes BFCL's checker")
  func groundTruthPasses() async throws {
    let dataset = try await Self.dataset()
    let categories: [BFCLCategory] = [.simple, .multiple, .parallel, .parallelMultiple, .irrelevance, .liveSimple]
    let benchmark = BFCLBenchmark { entry, _ in Self.perfect(entry) }
    let report = try await benchmark.run(dataset, categories: categories, limit: 8)
    #expect(report.categories.map(\.category) == categories)
    for item in report.categories {
      #expect(item.report.cases == EvaluationReport.Score(passed: 8, total: 8), "\(item.category)\n\(report.table)")
      for failure in item.report.failures { Issue.record(Comment(rawValue: failure.transcript)) }
    }
    let parallel = try #require(report.categories.first { $0.category == .parallel })
    #expect(parallel.report.results.allSatisfy { $0.turns[0].calls.count >= 2 }, "parallel calls are all kept")
    #expect(report.prefilterRecall["multiple"]?.total == 8)
    #expect(report.table.contains("prefilter recall@20 on multiple"))
  }

  @Test("a wrong argument, a missing one and an unexpected one score as wrong arguments")
  func wrongArgumentsFail() async throws {
    let entry = try #require(try await Self.dataset().entries(.simple, limit: 1).first)
    #expect(entry.id == "simple_python_0")
    let good = try #require(entry.groundTruthCalls.first)
    var wrong = good
    wrong.arguments["base"] = 11
    var missing = good
    missing.arguments = ["base": 10]
    var extra = good
    extra.arguments["color"] = "red"
    for call in [wrong, missing, extra] {
      let benchmark = BFCLBenchmark { _, _ in ScriptedLanguageModel([.toolCalls([call]), .text("Done.")]) }
      let report = await benchmark.run([entry])
      #expect(report.selection == EvaluationReport.Score(passed: 1, total: 1))
      #expect(report.arguments == EvaluationReport.Score(passed: 0, total: 1), "\(call.arguments.rendered())")
    }
    let report = await BFCLBenchmark { _, _ in ScriptedLanguageModel([.toolCalls([wrong]), .text("Done.")]) }
      .run([entry])
    #expect(report.failures.first?.transcript.contains("calculate_triangle_area.base: expected one of 10") == true)
  }

  @Test("a call on an irrelevance entry fails; declining passes")
  func irrelevance() async throws {
    let entry = try #require(try await Self.dataset().entries(.irrelevance, limit: 1).first)
    let name = try #require(entry.tools().first?.id)
    let calling = await BFCLBenchmark { _, _ in
      ScriptedLanguageModel([.toolCall(name: name, arguments: ["weight": 70, "height": 1.75]), .text("Done.")])
    }.run([entry])
    #expect(calling.irrelevance == EvaluationReport.Score(passed: 0, total: 1))
    let declining = await BFCLBenchmark { _, _ in ScriptedLanguageModel([.text("I cannot.")]) }.run([entry])
    #expect(declining.irrelevance == EvaluationReport.Score(passed: 1, total: 1))
  }
}

/// BFCL's value rules on lines written for these tests in its format.
@Suite("BFCL checker rules", .timeLimit(.minutes(3)))
@MainActor
struct BFCLCheckerRuleTests {
  static let question = #"""
    {"id": "t_0", "question": [[{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Book a table for 2.5 hours on April 1, 2024 at Chez Panisse"}]], "function": [{"name": "dining.book", "description": "Book a restaurant table.", "parameters": {"type": "dict", "properties": {"restaurant": {"type": "string"}, "date": {"type": "string"}, "hours": {"type": "float"}, "guests": {"type": "integer"}, "tags": {"type": "array", "items": {"type": "string"}}, "options": {"type": "dict", "properties": {"window": {"type": "boolean"}}}}, "required": ["restaurant", "date"]}}]}
    """#
  static let answer = #"""
    {"id": "t_0", "ground_truth": [{"dining.book": {"restaurant": ["Chez Panisse"], "date": ["2024-04-01", "April 1, 2024"], "hours": [2.5, ""], "guests": [2, ""], "tags": [["quiet", "Outdoor"], ""], "options": [{"window": [true]}, ""]}}]}
    """#

  private func entry(_ category: BFCLCategory = .simple) throws -> BFCLEntry {
    try BFCLEntry(question: Self.question, answer: Self.answer, category: category)
  }

  private func score(_ arguments: JSONValue) async throws -> EvaluationReport {
    let call = ToolCall(id: "c", name: "dining_book", arguments: arguments)
    return await BFCLBenchmark { _, _ in ScriptedLanguageModel([.toolCalls([call]), .text("Booked.")]) }
      .run([try entry()])
  }

  @Test("the entry reads system and user messages, maps BFCL's types to JSON Schema and names tools without dots")
  func reading() throws {
    let entry = try entry()
    #expect(entry.system == "Be brief.")
    #expect(entry.user.hasPrefix("Book a table"))
    let tool = try #require(entry.tools().first)
    #expect(tool.id == "dining_book")
    #expect(tool.inputSchema.json["type"] == "object")
    #expect(tool.inputSchema.json["properties"]?["hours"]?["type"] == "number")
    #expect(tool.keywords.contains("restaur"))
  }

  @Test(
    "accepted: strings after BFCL's normalization, an integer for a float, omitted optional arguments",
    arguments: [
      #"{"restaurant": "chez panisse", "date": "April 1 2024"}"#,
      #"{"restaurant": "Chez-Panisse", "date": "2024-04-01", "hours": 2.5, "guests": 2}"#,
      #"{"restaurant": "Chez Panisse", "date": "2024/04/01", "tags": ["Quiet", "outdoor"], "options": {"window": true}}"#,
    ])
  func accepted(_ arguments: String) async throws {
    let report = try await score(try JSONValue(parsing: arguments))
    #expect(
      report.arguments == EvaluationReport.Score(passed: 1, total: 1), "\(report.failures.first?.transcript ?? "")")
  }

  @Test(
    "rejected: a float for an integer, a string for a number, a wrong list, an unknown dictionary key",
    arguments: [
      #"{"restaurant": "Chez Panisse", "date": "2024-04-01", "guests": 2.0}"#,
      #"{"restaurant": "Chez Panisse", "date": "2024-04-01", "hours": "2.5"}"#,
      #"{"restaurant": "Chez Panisse", "date": "2024-04-01", "tags": ["outdoor", "quiet"]}"#,
      #"{"restaurant": "Chez Panisse", "date": "2024-04-01", "options": {"window": true, "view": true}}"#,
      #"{"restaurant": "Chez Panisse", "date": "April 2, 2024"}"#,
    ])
  func rejected(_ arguments: String) async throws {
    let report = try await score(try JSONValue(parsing: arguments))
    #expect(report.arguments == EvaluationReport.Score(passed: 0, total: 1))
  }

  @Test("an integer for a float passes: BFCL lets Python widen it")
  func integerForFloat() {
    let hours = ArgumentMatcher.allowed([2.0, ""], type: "float", itemType: nil)
    #expect(hours.matches(.integer(2)))
    #expect(!ArgumentMatcher.allowed([2], type: "integer", itemType: nil).matches(.number(2.5)))
    #expect(hours.matches(nil))
    #expect(!ArgumentMatcher.allowed([2.0], type: "float", itemType: nil).matches(nil))
  }

  @Test("parallel calls match in any order; a missing one fails")
  func parallelOrder() async throws {
    let question = #"""
      {"id": "p_0", "question": [[{"role": "user", "content": "Weather in Paris and Oslo"}]], "function": [{"name": "weather", "description": "Weather of a city.", "parameters": {"type": "dict", "properties": {"city": {"type": "string"}}, "required": ["city"]}}]}
      """#
    let answer = #"{"id": "p_0", "ground_truth": [{"weather": {"city": ["Paris"]}}, {"weather": {"city": ["Oslo"]}}]}"#
    let entry = try BFCLEntry(question: question, answer: answer, category: .parallel)
    let reversed = [
      ToolCall(id: "a", name: "weather", arguments: ["city": "oslo"]),
      ToolCall(id: "b", name: "weather", arguments: ["city": "PARIS"]),
    ]
    let both = await BFCLBenchmark { _, _ in ScriptedLanguageModel([.toolCalls(reversed), .text("Done.")]) }
      .run([entry])
    #expect(both.cases == EvaluationReport.Score(passed: 1, total: 1), "\(both.failures.first?.transcript ?? "")")
    let one = await BFCLBenchmark { _, _ in
      ScriptedLanguageModel([.toolCalls(Array(reversed.prefix(1))), .text("Done.")])
    }.run([entry])
    #expect(one.selection == EvaluationReport.Score(passed: 0, total: 1))
  }
}
