import AgentSkill
import AgentSkillDemoKit
import AgentSkillLLM
import AgentSkillLLMTesting
import Foundation

/// `agentskill-demo eval FILE`: runs a JSON Lines set of labelled cases through the assistant's skills with the
/// offline model or a model server, prints the scores, the confusion table and each failure's transcript, and
/// with `--report FILE` writes the whole report as JSON.
@MainActor
struct EvalCommand {
  let options: EvalOptions

  /// Runs the cases; 0 when they ran (whatever the scores), 1 when the file, the data or the report failed.
  func run() async -> Int32 {
    let output = Terminal.standardOutput
    let errors = Terminal.standardError
    let cases: [EvaluationCase]
    do {
      cases = try EvaluationCase.cases(contentsOf: URL(fileURLWithPath: options.file))
    } catch {
      errors.writeLine("agentskill-demo: \(error.description)")
      return 1
    }
    let fixedNow = options.now
    let now: @Sendable () -> Date = { fixedNow ?? Date() }
    let calendar = DemoCalendar(timeZone: options.timeZone, now: now)
    let temporary = FileManager.default.temporaryDirectory
      .appendingPathComponent("agentskill-eval-\(UUID().uuidString)", isDirectory: true)
    let directory = options.dataDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? temporary
    defer { if options.dataDirectory == nil { try? FileManager.default.removeItem(at: temporary) } }
    let registry: SkillRegistry
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      registry = try DemoSkills.makeRegistry(dataDirectory: directory, calendar: calendar).registry
    } catch {
      errors.writeLine("agentskill-demo: \(error)")
      return 1
    }
    let model = options.model.makeModel(
      registry: registry, timeZone: options.timeZone, now: now, paced: false,
      timeout: .seconds(options.timeoutSeconds))
    errors.writeLine("Evaluating \(cases.count) cases from \(options.file) with \(options.model.label(false))…")
    let report = await Evaluator(model: model, registry: registry).run(cases, runs: options.runs)
    output.writeLine(report.table)
    for failure in report.failures {
      output.writeLine("")
      output.writeLine(failure.transcript)
    }
    if let path = options.reportPath {
      do {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(report).write(to: URL(fileURLWithPath: path), options: .atomic)
      } catch {
        errors.writeLine("agentskill-demo: cannot write the report to \(path) (\(error.localizedDescription))")
        return 1
      }
    }
    return 0
  }
}
