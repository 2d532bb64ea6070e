import AgentSkillLLM
import Foundation

/// Ledger entries turned into a summary for the model and a table grouped
/// by category (largest first) with subtotals and a total.
package struct LedgerReport: Sendable {
  let entries: [LedgerEntry]
  let from: String
  let to: String
  let category: LedgerCategory?
  let language: DemoLanguage
  let calendar: DemoCalendar

  /// Creates a report.
  package init(
    entries: [LedgerEntry], from: String, to: String, category: LedgerCategory?, language: DemoLanguage,
    calendar: DemoCalendar
  ) {
    self.entries = entries
    self.from = from
    self.to = to
    self.category = category
    self.language = language
    self.calendar = calendar
  }

  private var isOneDay: Bool { from == to }

  /// `2月25日（周三）`, `2月23日—3月1日`, `Wed, Feb 25`, `Feb 23 – Mar 1`.
  package var period: String {
    guard let first = calendar.day(from: from), let last = calendar.day(from: to) else { return "\(from) – \(to)" }
    if isOneDay { return calendar.dayLabel(first, language) }
    func short(_ date: Date) -> String {
      let label = calendar.dayLabel(date, language)
      switch language {
      case .chinese: return label.components(separatedBy: "（").first ?? label
      case .english: return label.components(separatedBy: ", ").last ?? label
      }
    }
    return language.pick("\(short(first))—\(short(last))", "\(short(first)) – \(short(last))")
  }

  /// The categories with their entries, largest total first (ties by name).
  package var groups: [(category: LedgerCategory, entries: [LedgerEntry], cents: Int)] {
    var byCategory: [LedgerCategory: [LedgerEntry]] = [:]
    for entry in entries { byCategory[entry.ledgerCategory, default: []].append(entry) }
    return byCategory.map { ($0.key, $0.value, $0.value.reduce(0) { $0 + $1.amountCents }) }
      .sorted { $0.cents != $1.cents ? $0.cents > $1.cents : $0.category.rawValue < $1.category.rawValue }
  }

  /// The total in cents.
  package var totalCents: Int { entries.reduce(0) { $0 + $1.amountCents } }

  /// What the model reads.
  package var summary: String {
    let scope = category.map { language.pick("「\($0.chineseName)」类", "\($0.englishName) ") } ?? ""
    guard !entries.isEmpty else {
      return language.pick("\(period)没有\(scope)记账记录。", "No \(scope)expenses recorded for \(period).")
    }
    let parts = groups.map { "\($0.category.name(language)) \(Money.format(cents: $0.cents))" }
    let total = Money.format(cents: totalCents)
    switch language {
    case .chinese:
      let head = "\(period)共 \(entries.count) 笔\(scope)支出，合计 \(total)"
      return category == nil ? head + "：" + parts.joined(separator: "，") + "。" : head + "。"
    case .english:
      let head = "\(period): \(entries.count) \(scope)expense\(entries.count == 1 ? "" : "s"), \(total) in total"
      return category == nil ? head + " — " + parts.joined(separator: ", ") + "." : head + "."
    }
  }

  /// The grouped table, or a line of text when there is nothing to show.
  package var display: ToolDisplay {
    guard !entries.isEmpty else { return .text(summary) }
    let amount = ToolTable.Column(language.pick("金额", "Amount"), alignment: .trailing)
    var columns: [ToolTable.Column] = [
      ToolTable.Column(language.pick("时间", "Time")), ToolTable.Column(language.pick("项目", "Item")), amount,
    ]
    if !isOneDay { columns.insert(ToolTable.Column(language.pick("日期", "Date")), at: 0) }
    let padding = Array(repeating: "", count: columns.count - 2)
    let tableGroups = groups.map { group in
      ToolTable.Group(
        title: language.pick(
          "\(group.category.chineseName)（\(group.entries.count) 笔）",
          "\(group.category.englishName) (\(group.entries.count))"),
        rows: group.entries.map(row),
        subtotal: [language.pick("小计", "Subtotal")] + padding + [Money.format(cents: group.cents)]
      )
    }
    return .table(
      ToolTable(
        title: language.pick("\(period)记账明细（按类别汇总）", "Ledger, \(period) — by category"),
        columns: columns,
        groups: tableGroups,
        total: [language.pick("合计", "Total")] + padding + [Money.format(cents: totalCents)]
      ))
  }

  private func row(_ entry: LedgerEntry) -> [String] {
    var cells = [entry.time, entry.note.resolved(languageTag: language.tag), Money.format(cents: entry.amountCents)]
    if !isOneDay { cells.insert(String(entry.date.dropFirst(5)), at: 0) }
    return cells
  }
}
