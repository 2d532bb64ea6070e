import AgentSkillDemoKit
import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillOffline
import Foundation
import Testing

/// The offline model against the demo's labelled sets (issue 22): Chinese and
/// English weather, ledger, reminder, out-of-scope and clarification requests,
/// and dialogues, on Saturday 2026-12-05 12:00 in Shanghai.
@Suite("Demo evaluation sets with the offline model", .timeLimit(.minutes(5)))
@MainActor
struct DemoEvaluationTests {
  /// 2026-12-05T12:00:00+08:00, a Saturday.
  static let now = Date(timeIntervalSince1970: 1_796_443_200)
  static let timeZone = TimeZone(identifier: "Asia/Shanghai") ?? TimeZone(secondsFromGMT: 8 * 3600) ?? .current

  private func evaluate(_ file: String) async throws -> EvaluationReport {
    let url = try #require(
      Bundle.module.url(forResource: file, withExtension: "jsonl", subdirectory: "Fixtures/Evaluation"))
    let cases = try EvaluationCase.cases(contentsOf: url)
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("agentskill-evaluation-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let now = Self.now
    let calendar = DemoCalendar(timeZone: Self.timeZone, now: { now })
    let registry = try DemoSkills.makeRegistry(dataDirectory: directory, calendar: calendar).registry
    let model = RuleBasedModel(registry: registry, timeZone: Self.timeZone, now: { now })
    let report = await Evaluator(model: model, registry: registry).run(cases)
    print(report.table)
    for failure in report.failures { print(failure.transcript) }
    return report
  }

  // Measured on 2026-12-06 with `agentskill-demo eval Tests/AgentSkillOfflineTests/Fixtures/Evaluation/demo-single.jsonl
  // --now 2026-12-05T12:00:00+08:00`: selection 100 % (242/242), arguments 100 % (242/242), irrelevance 100 %
  // (48/48), clarification 100 % (12/12). Before the fixes of RuleBasedModelEvaluationMissTests: 99.2, 98.8,
  // 91.7 and 75.0 %. The thresholds are above the targets (95 / 90 / 95 %) and leave room for a case or
  // two, not for a kind of request.
  @Test("single-turn requests: the right skill, its arguments, and no call when none fits")
  func singleTurn() async throws {
    let report = try await evaluate("demo-single")
    #expect(report.results.count >= 300)
    #expect(report.selectionAccuracy >= 0.98, "\(report.table)")
    #expect(report.argumentAccuracy >= 0.98, "\(report.table)")
    #expect(report.irrelevanceAccuracy >= 0.95, "\(report.table)")
    #expect(report.clarificationAccuracy >= 0.90, "\(report.table)")
  }

  // Measured on 2026-12-06 (demo-dialogues.jsonl, same command): selection 100 % (141/141), arguments 100 %
  // (141/141), irrelevance 100 % (9/9), clarification 100 % (26/26), dialogues 100 % (90/90), corrections
  // 100 % (13/13), re-asking 100 % (6/6). Before: 98.3 / 98.2 / 100 / 100 % on 74 dialogues, corrections 0/3;
  // the ten correction dialogues added since scored 8/10 when first run, before a time alone kept the day.
  @Test("dialogues: slot filling, follow-ups, switching skills, thanks, corrections and re-asking")
  func dialogues() async throws {
    let report = try await evaluate("demo-dialogues")
    #expect(report.results.count >= 60)
    #expect(report.selectionAccuracy >= 0.98, "\(report.table)")
    #expect(report.argumentAccuracy >= 0.98, "\(report.table)")
    #expect(report.irrelevanceAccuracy >= 0.95, "\(report.table)")
    #expect(report.clarificationAccuracy >= 0.95, "\(report.table)")
    #expect((report.categories["correction"]?.rate ?? 0) >= 0.9, "corrections: \(report.table)")
    #expect((report.categories["re-ask"]?.rate ?? 0) >= 0.9, "re-asking: \(report.table)")
  }
}
