import AgentSkill
import AgentSkillDemoKit
import AgentSkillLLM
import Foundation
import Testing

@Suite("Demo ledger", .timeLimit(.minutes(5)))
struct LedgerTests {
  let calendar = DemoFixtures.calendar

  @Test("the sample ledger covers the four weeks up to today and is the same every time")
  func seed() {
    let first = LedgerSeed.document(calendar: calendar)
    let second = LedgerSeed.document(calendar: calendar)
    #expect(first == second)
    let days = Set(first.entries.map(\.date))
    #expect(days.count == 28)
    #expect(days.min() == "2026-02-07")
    #expect(days.max() == "2026-03-06")
    #expect(first.entries.allSatisfy { $0.amountCents > 0 && $0.amountCents % 50 == 0 })
    // Every day has lunch and the subway.
    for day in days {
      let items = first.entries.filter { $0.date == day }.map { $0.note.resolved(languageTag: "en") }
      #expect(items.contains("Lunch") && items.contains("Subway"), "\(day)")
    }
  }

  @Test("a day's report groups by category, largest first, with subtotals and a total")
  func report() throws {
    let entries = [
      LedgerEntry(id: "1", date: "2026-02-25", time: "08:40", category: .transport, note: "地铁", amountCents: 500),
      LedgerEntry(id: "2", date: "2026-02-25", time: "12:20", category: .food, note: "午饭", amountCents: 4_400),
      LedgerEntry(id: "3", date: "2026-02-25", time: "19:40", category: .food, note: "晚饭", amountCents: 5_700),
    ]
    let report = LedgerReport(
      entries: entries, from: "2026-02-25", to: "2026-02-25", category: nil, language: .chinese, calendar: calendar)
    #expect(report.summary == "2月25日（周三）共 3 笔支出，合计 ¥106.00：餐饮 ¥101.00，交通 ¥5.00。")
    guard case .table(let table) = report.display else {
      Issue.record("expected a table")
      return
    }
    #expect(table.title == "2月25日（周三）记账明细（按类别汇总）")
    #expect(table.columns.map(\.title) == ["时间", "项目", "金额"])
    #expect(table.columns.last?.alignment == .trailing)
    #expect(table.groups.map(\.title) == ["餐饮（2 笔）", "交通（1 笔）"])
    #expect(table.groups.first?.rows == [["12:20", "午饭", "¥44.00"], ["19:40", "晚饭", "¥57.00"]])
    #expect(table.groups.first?.subtotal == ["小计", "", "¥101.00"])
    #expect(table.total == ["合计", "", "¥106.00"])

    let english = LedgerReport(
      entries: entries, from: "2026-02-23", to: "2026-03-01", category: nil, language: .english, calendar: calendar)
    #expect(english.summary == "Feb 23 – Mar 1: 3 expenses, ¥106.00 in total — Food ¥101.00, Transport ¥5.00.")
    guard case .table(let week) = english.display else {
      Issue.record("expected a table")
      return
    }
    #expect(week.columns.map(\.title) == ["Date", "Time", "Item", "Amount"])
    #expect(week.groups.first?.rows.first == ["02-25", "12:20", "午饭", "¥44.00"])
    #expect(week.total == ["Total", "", "", "¥106.00"])
  }

  @Test("an empty period says so")
  func empty() {
    let report = LedgerReport(
      entries: [], from: "2026-01-01", to: "2026-01-01", category: .health, language: .chinese, calendar: calendar)
    #expect(report.summary == "1月1日（周四）没有「医疗」类记账记录。")
    #expect(report.display == .text(report.summary))
  }

  @Test("the query skill validates its period and category, then answers from the file")
  func skill() async throws {
    try await DemoFixtures.withDirectory { directory in
      let skill = AnyToolSkill(
        LedgerQuerySkill(store: LedgerStore(directory: directory, calendar: calendar), calendar: calendar))
      let backwards = await skill.validate(["from": "2026-03-02", "to": "2026-03-01"])
      #expect(backwards.map(\.description) == ["/to: must not be before /from"])
      let badDay = await skill.validate(["from": "2026-02-30", "to": "2026-03-01"])
      #expect(badDay.map(\.path) == ["/from"])
      let badCategory = await skill.validate(["from": "2026-03-01", "to": "2026-03-01", "category": "火箭"])
      #expect(badCategory.first?.message.hasPrefix("\"火箭\" is not supported; supported: 餐饮, 交通") == true)
      #expect(await skill.validate(["from": "2026-03-01", "to": "2026-03-01", "category": "food"]).isEmpty)

      let output = try await skill.run(
        ["from": "2026-02-25", "to": "2026-02-25", "category": "餐饮", "language": "zh"], environment: SkillEnvironment())
      #expect(output.summary.hasPrefix("2月25日（周三）共 3 笔「餐饮」类支出"))
      guard case .table(let table) = output.display else {
        Issue.record("expected a table")
        return
      }
      #expect(table.groups.map(\.title) == ["餐饮（3 笔）"])
    }
  }

  @Test("category names in both languages and as keys")
  func categories() {
    #expect(LedgerCategory(name: "餐饮") == .food)
    #expect(LedgerCategory(name: "FOOD") == .food)
    #expect(LedgerCategory(name: " transport ") == .transport)
    #expect(LedgerCategory(name: "rockets") == nil)
    #expect(Money.format(cents: 19_050) == "¥190.50")
    #expect(Money.format(cents: 5) == "¥0.05")
    #expect(Money.format(cents: -1_200) == "-¥12.00")
  }
}
