/// The scores of a ``BFCLBenchmark`` run per Berkeley Function Calling Leaderboard category, and the
/// registry prefilter's recall.
///
/// ```swift
/// func show(_ report: BFCLReport) {
///   print(report.table)  // category, entries, accuracy, tool selection, arguments
///   let simple = report.categories.first { $0.category == .simple }
///   #expect((simple?.report.cases.rate ?? 0) >= 0)
/// }
/// ```
public struct BFCLReport: Sendable, Hashable, Codable {
  /// One category's report.
  public struct Category: Sendable, Hashable, Codable {
    /// The category.
    public var category: BFCLCategory
    /// Its entries' results and scores; BFCL's accuracy is ``EvaluationReport/cases``.
    public var report: EvaluationReport

    /// Creates a category's report.
    ///
    /// - Parameters:
    ///   - category: The category.
    ///   - report: Its report.
    public init(category: BFCLCategory, report: EvaluationReport) {
      self.category = category
      self.report = report
    }
  }

  /// The categories, in the order run.
  public var categories: [Category]
  /// recall@``recallLimit`` of the prefilter, by category name.
  public var prefilterRecall: [String: EvaluationReport.Score]
  /// The most tools the prefilter offered.
  public var recallLimit: Int

  /// Creates a report.
  ///
  /// - Parameters:
  ///   - categories: The categories' reports. Defaults to none.
  ///   - prefilterRecall: The prefilter's recall by category name. Defaults to none.
  ///   - recallLimit: The most tools offered. Defaults to 20.
  public init(
    categories: [Category] = [], prefilterRecall: [String: EvaluationReport.Score] = [:], recallLimit: Int = 20
  ) {
    self.categories = categories
    self.prefilterRecall = prefilterRecall
    self.recallLimit = recallLimit
  }

  /// One line per category — entries, accuracy (BFCL's: the entry's calls, or no call, all right),
  /// tool selection and arguments — then the prefilter's recall.
  public var table: String {
    let columns = ["category", "entries", "accuracy", "tool selection", "arguments"]
    var rows: [[String]] = [columns]
    for item in categories {
      let report = item.report
      let selection = item.category.expectsNoCall ? "—" : report.selection.description
      let arguments =
        report.arguments.total == 0 || item.category == .liveRelevance ? "—" : report.arguments.description
      rows.append([
        item.category.rawValue, String(report.passAll.total), report.cases.description, selection, arguments,
      ])
    }
    let widths = columns.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    var lines = rows.map { row in
      row.enumerated().map { column, text in
        text + String(repeating: " ", count: max(0, widths[column] - text.count))
      }.joined(separator: "  ").trimmingTrailingSpaces()
    }
    for name in prefilterRecall.keys.sorted() {
      if let score = prefilterRecall[name] {
        lines.append("prefilter recall@\(recallLimit) on \(name): \(score)")
      }
    }
    return lines.joined(separator: "\n")
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    String(reversed().drop { $0 == " " }.reversed())
  }
}
