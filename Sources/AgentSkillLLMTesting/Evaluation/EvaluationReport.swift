/// The scores of an ``Evaluator`` run: tool selection, arguments, irrelevance,
/// clarifying questions, `pass^k`, a confusion table and every failure with its transcript.
///
/// ```swift
/// func check(_ report: EvaluationReport) {
///   #expect(report.selectionAccuracy >= 0.95, "\(report.table)")
///   for failure in report.failures { print(failure.transcript) }
/// }
/// ```
///
/// It encodes to JSON (`JSONEncoder().encode(report)`) with the results and the scores.
public struct EvaluationReport: Sendable, Hashable, Codable {
  /// How many of how many passed.
  public struct Score: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How many passed.
    public var passed: Int
    /// How many were judged.
    public var total: Int

    /// Creates a score.
    ///
    /// - Parameters:
    ///   - passed: How many passed.
    ///   - total: How many were judged.
    public init(passed: Int, total: Int) {
      self.passed = passed
      self.total = total
    }

    /// `passed / total`; 1 when nothing was judged.
    public var rate: Double { total == 0 ? 1 : Double(passed) / Double(total) }

    /// `97.5 % (195/200)`.
    public var description: String {
      let tenths = (rate * 1000).rounded() / 10
      return "\(tenths) % (\(passed)/\(total))"
    }
  }

  /// Every case's result, run by run.
  public var results: [CaseResult]
  /// How many times each case ran.
  public var runs: Int
  /// Turns expecting calls whose tools were exactly the expected ones.
  public var selection: Score
  /// Of the turns with the right tools, those whose arguments all matched.
  public var arguments: Score
  /// Turns expecting no call where none was made.
  public var irrelevance: Score
  /// Turns expecting a clarifying question that got one, without a call.
  public var clarification: Score
  /// Case runs whose judged turns all passed.
  public var cases: Score
  /// Cases that passed in every run (`pass^k` with k = ``runs``).
  public var passAll: Score
  /// Expected label → chosen label → judged turns (labels as ``Expectation/label``).
  public var confusion: [String: [String: Int]]
  /// Case runs passed per category.
  public var categories: [String: Score]

  /// Scores `results`.
  ///
  /// - Parameters:
  ///   - results: The results of every run.
  ///   - runs: How many times each case ran.
  public init(results: [CaseResult], runs: Int) {
    self.results = results
    self.runs = runs
    var selection = Score(passed: 0, total: 0)
    var arguments = Score(passed: 0, total: 0)
    var irrelevance = Score(passed: 0, total: 0)
    var clarification = Score(passed: 0, total: 0)
    var confusion: [String: [String: Int]] = [:]
    var categories: [String: Score] = [:]
    for result in results {
      for turn in result.turns {
        guard let expected = turn.expected else { continue }
        confusion[expected.label, default: [:]][turn.chosen, default: 0] += 1
        switch expected {
        case .call, .anyCall:
          selection.total += 1
          if turn.isSelectionCorrect == true {
            selection.passed += 1
            arguments.total += 1
            if turn.passed { arguments.passed += 1 }
          }
        case .none:
          irrelevance.total += 1
          if turn.passed { irrelevance.passed += 1 }
        case .clarify:
          clarification.total += 1
          if turn.passed { clarification.passed += 1 }
        }
      }
      categories[result.category, default: Score(passed: 0, total: 0)].total += 1
      if result.passed { categories[result.category, default: Score(passed: 0, total: 0)].passed += 1 }
    }
    var byCase: [String: Bool] = [:]
    for result in results { byCase[result.id] = (byCase[result.id] ?? true) && result.passed }
    self.selection = selection
    self.arguments = arguments
    self.irrelevance = irrelevance
    self.clarification = clarification
    self.cases = Score(passed: results.filter(\.passed).count, total: results.count)
    self.passAll = Score(passed: byCase.values.filter { $0 }.count, total: byCase.count)
    self.confusion = confusion
    self.categories = categories
  }

  /// Tool-selection accuracy, from 0 to 1.
  public var selectionAccuracy: Double { selection.rate }
  /// Exact-argument accuracy among correctly selected turns, from 0 to 1.
  public var argumentAccuracy: Double { arguments.rate }
  /// Irrelevance accuracy (no call when none was expected), from 0 to 1.
  public var irrelevanceAccuracy: Double { irrelevance.rate }
  /// Clarifying-question accuracy, from 0 to 1.
  public var clarificationAccuracy: Double { clarification.rate }
  /// `pass^k`: the share of cases that passed in every run, from 0 to 1.
  public var passAllRate: Double { passAll.rate }

  /// The case runs that failed, in order.
  public var failures: [CaseResult] { results.filter { !$0.passed } }

  /// The scores, the confusion table and the categories as aligned plain text.
  public var table: String {
    var lines: [String] = []
    let scores: [(String, Score)] = [
      ("tool selection", selection), ("arguments", arguments), ("irrelevance", irrelevance),
      ("clarification", clarification), ("cases", cases), ("pass^\(runs)", passAll),
    ]
    for (name, score) in scores { lines.append(Self.pad(name, 16) + score.description) }
    let expected = confusion.keys.sorted()
    let chosen = Set(confusion.values.flatMap(\.keys)).sorted()
    let width = max(16, (expected + chosen).map(\.count).max() ?? 0) + 2
    lines.append("")
    lines.append(Self.pad("expected \\ chosen", width) + chosen.map { Self.pad($0, width) }.joined())
    for row in expected {
      let counts = chosen.map { Self.pad(String(confusion[row]?[$0] ?? 0), width) }
      lines.append(Self.pad(row, width) + counts.joined())
    }
    lines.append("")
    for category in categories.keys.sorted() {
      lines.append(
        Self.pad(category.isEmpty ? "(no category)" : category, width) + (categories[category]?.description ?? ""))
    }
    return lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }
}
