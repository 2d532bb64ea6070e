import AgentSkillLLM
import Foundation

/// Sample expenses for the 28 days up to today, the same for the same day:
/// lunch and the subway every day, and breakfast, coffee, dinner, taxis,
/// groceries, books, films, the pharmacy and utilities on a fixed rhythm.
package enum LedgerSeed {
  private struct Template: Sendable {
    let category: LedgerCategory
    let chinese: String
    let english: String
    let time: String
    let base: Int
    let spread: Int
    let rhythm: @Sendable (Int) -> Bool
  }

  private static let templates: [Template] = [
    Template(category: .food, chinese: "早餐", english: "Breakfast", time: "08:10", base: 800, spread: 700) {
      $0 % 2 == 0
    },
    Template(category: .transport, chinese: "地铁", english: "Subway", time: "08:40", base: 400, spread: 400) { _ in true
    },
    Template(category: .food, chinese: "咖啡", english: "Coffee", time: "10:15", base: 1800, spread: 1400) {
      $0 % 3 == 0
    },
    Template(category: .food, chinese: "午饭", english: "Lunch", time: "12:20", base: 2500, spread: 2000) { _ in true },
    Template(category: .shopping, chinese: "超市采购", english: "Groceries", time: "18:30", base: 6000, spread: 12000) {
      $0 % 5 == 2
    },
    Template(category: .shopping, chinese: "买书", english: "Books", time: "13:05", base: 3000, spread: 6000) {
      $0 % 5 == 0
    },
    Template(category: .transport, chinese: "打车", english: "Taxi", time: "19:05", base: 2000, spread: 4000) {
      $0 % 4 == 1
    },
    Template(category: .food, chinese: "晚饭", english: "Dinner", time: "19:40", base: 3000, spread: 5000) {
      $0 % 2 == 1
    },
    Template(category: .entertainment, chinese: "电影", english: "Cinema", time: "20:30", base: 4500, spread: 4500) {
      $0 % 6 == 3
    },
    Template(category: .health, chinese: "药店", english: "Pharmacy", time: "17:45", base: 2000, spread: 6000) {
      $0 % 7 == 4
    },
    Template(category: .housing, chinese: "水电费", english: "Utilities", time: "21:00", base: 15000, spread: 10000) {
      $0 % 14 == 9
    },
  ]

  /// The sample ledger for the 28 days ending today.
  package static func document(calendar: DemoCalendar) -> LedgerDocument {
    var entries: [LedgerEntry] = []
    let today = calendar.today
    for offset in stride(from: -27, through: 0, by: 1) {
      let day = calendar.adding(days: offset, to: today)
      let dayString = calendar.dayString(day)
      let number = dayNumber(dayString)
      for (index, template) in templates.enumerated() where template.rhythm(number) {
        // Half-yuan steps, varying by day and item.
        let step = (number &* 37 &+ index &* 101) % max(1, template.spread / 50 + 1)
        entries.append(
          LedgerEntry(
            id: "\(dayString)-\(index)",
            date: dayString,
            time: template.time,
            category: template.category,
            note: LocalizedText(template.chinese, translations: ["en": template.english]),
            amountCents: template.base + step * 50
          ))
      }
    }
    return LedgerDocument(entries: entries)
  }

  /// A number that is the same for the same day: `2026-03-04` → 20260304's day count.
  static func dayNumber(_ day: String) -> Int {
    let digits = day.split(separator: "-").compactMap { Int($0) }
    guard digits.count == 3 else { return 0 }
    // Days since a fixed origin, good enough to give each day its own rhythm.
    return abs(digits[0] * 372 + digits[1] * 31 + digits[2])
  }
}
