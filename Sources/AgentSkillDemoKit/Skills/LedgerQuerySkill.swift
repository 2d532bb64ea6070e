import AgentSkill
import AgentSkillLLM
import Foundation

/// "帮我查一下上周三的记账明细，然后按类别汇总" (show last Wednesday's expenses
/// grouped by category) — the ledger's
/// entries for a day or a period, grouped by category with subtotals.
///
/// The model reads only the summary (`2月25日（周三）共 5 笔支出，合计 ¥156.50：…`);
/// the terminal and the chat UI show the grouped table. Progress: 0.5 once the entries
/// are read, 1 once they are grouped.
package struct LedgerQuerySkill: ToolSkill {
  /// The arguments.
  package struct Input: Decodable, Sendable {
    /// The first day, `2026-02-25`.
    let from: String
    /// The last day (the same as `from` for one day).
    let to: String
    /// Only this category, by name (`餐饮`, `Food`).
    let category: String?
    /// The user's language, `zh` or `en`.
    let language: String?
  }

  /// The longest period one query may cover.
  package static let maximumDays = 366

  let store: LedgerStore
  let calendar: DemoCalendar

  /// Creates the skill.
  package init(store: LedgerStore, calendar: DemoCalendar) {
    self.store = store
    self.calendar = calendar
  }

  package let id = "ledger_query"
  package let displayName = LocalizedText("记账查询", translations: ["en": "Ledger"])
  package let description =
    "查询记账明细并按类别汇总。Looks up ledger expenses for a day or a period and sums them by category."
  package let tags = ["ledger", "bookkeeping"]
  package let keywords = [
    "记账", "账单", "账本", "开销", "花费", "支出", "消费", "明细", "花了", "花销", "花最多", "花得最多", "哪一类", "哪类", "bookkeeping", "ledger",
    "expense",
    "expenses", "spending", "spent", "spend",
  ]

  package var inputSchema: JSONSchema {
    .object(
      properties: [
        "from": .string(description: "第一天，YYYY-MM-DD (first day)", format: .date),
        "to": .string(
          description: "最后一天，YYYY-MM-DD；只查一天时与 from 相同 (last day; equal to from for one day)", format: .date),
        "category": .string(description: "只看一个类别，如 餐饮 或 Food (category, optional)"),
        "language": .string(description: "用户使用的语言 (the user's language)", enum: ["zh", "en"]),
      ],
      required: ["from", "to"]
    )
  }

  package var validators: [ArgumentValidator] {
    let calendar = self.calendar
    return [
      .rule(at: "/from", keyword: "date") { value in
        value.stringValue.flatMap(calendar.day(from:)) == nil ? "must be a day written as YYYY-MM-DD" : nil
      },
      .rule(at: "/to", keyword: "date") { value in
        value.stringValue.flatMap(calendar.day(from:)) == nil ? "must be a day written as YYYY-MM-DD" : nil
      },
      ArgumentValidator("period") { arguments in
        guard let from = arguments["from"]?.stringValue.flatMap(calendar.day(from:)),
          let to = arguments["to"]?.stringValue.flatMap(calendar.day(from:))
        else { return [] }
        let days = calendar.days(from: from, to: to)
        if days < 0 {
          return [SchemaViolation(path: "/to", keyword: "period", message: "must not be before /from")]
        }
        if days >= Self.maximumDays {
          return [
            SchemaViolation(
              path: "/to", keyword: "period", message: "must be at most \(Self.maximumDays) days after /from")
          ]
        }
        return []
      },
      .allowedValues(LedgerCategory.allNames, at: "/category", caseSensitive: false),
    ]
  }

  package func run(_ input: Input, context: SkillContext) async throws -> ToolOutput {
    let language = DemoLanguage(argument: input.language)
    let category = input.category.flatMap(LedgerCategory.init(name:))
    let loaded = try store.load()
    let entries = loaded.document.entries
      .filter { $0.date >= input.from && $0.date <= input.to }
      .filter { category == nil || $0.ledgerCategory == category }
      .sorted { ($0.date, $0.time, $0.id) < ($1.date, $1.time, $1.id) }
    context.logger.info("\(entries.count) entries from \(input.from) to \(input.to)")
    // Half done once the entries are read; done once they are grouped (an MCP client sees both updates).
    context.reportProgress(0.5)
    try context.checkCancellation()
    let report = LedgerReport(
      entries: entries, from: input.from, to: input.to, category: category, language: language, calendar: calendar)
    context.reportProgress(1)
    var summary = report.summary
    if let notice = loaded.notice, notice.isWarning { summary = notice.text(language) + "\n" + summary }
    return ToolOutput(summary: summary, display: report.display)
  }
}
