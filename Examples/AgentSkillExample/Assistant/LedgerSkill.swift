import AgentSkill
import AgentSkillLLM
import Foundation

/// "帮我查一下上周三的记账明细，然后按类别汇总" (show last Wednesday's expenses
/// grouped by category) — the expenses of
/// a day or a period, grouped by category with subtotals. The model reads
/// only the summary; the chat shows the grouped table.
struct LedgerSkill: ToolSkill {
  struct Input: Decodable, Sendable {
    /// The first day, `2026-03-04`.
    let from: String
    /// The last day; the same as `from` for one day.
    let to: String
  }

  let book: LedgerBook

  let id = "ledger_query"
  let displayName = LocalizedText("记账查询", translations: ["en": "Ledger"])
  let description = "查询记账明细并按类别汇总。Looks up expenses for a day or a period, grouped by category."
  let tags = ["ledger", "bookkeeping"]
  let keywords = ["记账", "账单", "开销", "花费", "支出", "明细", "花了", "ledger", "expenses", "spent"]

  var inputSchema: JSONSchema {
    .object(
      properties: [
        "from": .string(description: "第一天，YYYY-MM-DD (first day)", format: .date),
        "to": .string(description: "最后一天，YYYY-MM-DD；只查一天时与 from 相同 (last day)", format: .date),
      ],
      required: ["from", "to"]
    )
  }

  func run(_ input: Input, context: SkillContext) async throws -> ToolOutput {
    let entries = book.entries(from: input.from, to: input.to)
    let period = input.from == input.to ? input.from : "\(input.from) – \(input.to)"
    guard !entries.isEmpty else {
      return ToolOutput(summary: "\(period) 没有支出记录。", display: .text("\(period) 没有支出记录。"))
    }
    let table = ToolTable.grouped(
      entries,
      title: "\(period) 的支出",
      columns: ["日期", "项目", ToolTable.Column("金额", alignment: .trailing)],
      by: \.category,
      groupTitle: { $0 },
      row: { [$0.day, $0.note, LedgerBook.format($0.cents)] },
      subtotal: { ["小计", "", LedgerBook.format($0.reduce(0) { $0 + $1.cents })] },
      total: { ["合计", "", LedgerBook.format($0.reduce(0) { $0 + $1.cents })] })
    let total = entries.reduce(0) { $0 + $1.cents }
    let byCategory = table.groups.map { "\($0.title) \($0.subtotal?.last ?? "")" }.joined(separator: "，")
    return ToolOutput(
      summary: "\(period) 共 \(entries.count) 笔支出，合计 \(LedgerBook.format(total))：\(byCategory)。",
      display: .table(table))
  }
}

/// The example's expenses: three a day for the last two weeks, made up so
/// every run shows the same book relative to today.
struct LedgerBook: Sendable {
  struct Entry: Sendable {
    /// `2026-03-04`.
    let day: String
    let category: String
    let note: String
    let cents: Int
  }

  private let all: [Entry]

  init(today: Date = Date(), calendar: Calendar = .current) {
    let samples = [
      ("餐饮", "早餐", 1_200), ("交通", "地铁", 600), ("餐饮", "午饭", 3_500), ("购物", "日用品", 5_990),
      ("餐饮", "晚饭", 8_000), ("娱乐", "电影", 4_500), ("交通", "打车", 2_870),
    ]
    var entries: [Entry] = []
    for offset in 0..<14 {
      guard let date = calendar.date(byAdding: .day, value: -offset, to: today) else { continue }
      let day = Self.dayString(date, calendar: calendar)
      for index in 0..<3 {
        let sample = samples[(offset * 3 + index) % samples.count]
        entries.append(Entry(day: day, category: sample.0, note: sample.1, cents: sample.2 + offset * 10))
      }
    }
    self.all = entries.sorted { $0.day < $1.day }
  }

  /// The entries from `from` to `to`, both `YYYY-MM-DD`, oldest first.
  func entries(from: String, to: String) -> [Entry] {
    all.filter { $0.day >= from && $0.day <= to }
  }

  /// `¥35.00`.
  static func format(_ cents: Int) -> String {
    (Double(cents) / 100).formatted(.currency(code: "CNY").locale(Locale(identifier: "zh_CN")))
  }

  private static func dayString(_ date: Date, calendar: Calendar) -> String {
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
  }
}
