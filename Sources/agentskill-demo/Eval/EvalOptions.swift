import AgentSkillLLMTesting
import Foundation

/// What `agentskill-demo eval FILE` was asked to do: the cases, the model, the clock and where the report goes.
struct EvalOptions {
  /// The JSON Lines file of labelled cases.
  var file: String
  /// `--now TIME`: the moment the cases' dates are relative to.
  var now: Date?
  /// The time zone: the offset of `--now` when given, else the system's.
  var timeZone: TimeZone = .current
  /// `--data DIR`: the ledger and reminders the skills use; a fresh temporary directory when absent, so an
  /// evaluation never adds reminders to the user's own list.
  var dataDirectory: String?
  /// `--report FILE`: where the report is written as JSON.
  var reportPath: String?
  /// `--runs N`: how many times each case runs (for pass^N).
  var runs = 1
  /// The model to evaluate.
  var model: ModelConfiguration = .offline
  /// `--timeout SECONDS`: the longest wait for a model server's whole answer.
  var timeoutSeconds = 60
  /// `--bfcl CATEGORIES`: run these BFCL categories instead of `file`.
  var bfclCategories: [BFCLCategory]?
  /// `--bfcl-data DIR`: BFCL's data directory; downloaded into `.build/bfcl` when absent.
  var bfclData: String?
  /// `--limit N`: the first N entries of each BFCL category.
  var limit: Int?
  /// `--failures` (always for a file of cases): print each failed case's transcript.
  var printsFailures = true
}
