import AgentSkillLLM

/// A period given relative to the one asked about before: `the week
/// before`, `the prior month`, `the day after`, `the week before that`.
/// The model moves the previous call's dates by it, so "and the week
/// before?" after "how much did I spend last week?" asks about the week
/// before last.
///
/// `the week before last` and `the week after next` name a week by
/// themselves and are read by ``EnglishDateParser`` instead.
struct PeriodShift: Sendable, Hashable {
  /// The length moved by.
  enum Unit: Sendable, Hashable {
    case day, week, month
  }

  let unit: Unit
  /// `-1` for before, `1` for after.
  let direction: Int

  /// The shift `text` asks for, if any.
  init?(_ text: OfflineText) {
    let words = text.tokens.filter { $0.kind == .word }.map(\.text)
    for (index, word) in words.enumerated() {
      guard let unit = Self.unit(word) else { continue }
      let previous = index > 0 ? words[index - 1] : nil
      let next = index + 1 < words.count ? words[index + 1] : nil
      if previous == "previous" || previous == "prior" {
        self.init(unit: unit, direction: -1)
        return
      }
      if previous == "following" {
        self.init(unit: unit, direction: 1)
        return
      }
      guard previous == "the" || previous == "a", let next, next == "before" || next == "after" || next == "earlier"
      else { continue }
      let after = index + 2 < words.count ? words[index + 2] : nil
      // `the week before last` and `the week after next` are weeks of their own.
      if after == "last" || after == "next" { continue }
      self.init(unit: unit, direction: next == "after" ? 1 : -1)
      return
    }
    return nil
  }

  private init(unit: Unit, direction: Int) {
    self.unit = unit
    self.direction = direction
  }

  private static func unit(_ word: String) -> Unit? {
    switch word {
    case "day": .day
    case "week": .week
    case "month": .month
    default: nil
    }
  }

  /// `first`…`last` moved by this shift; a month shift gives the whole month before or after `first`'s.
  func apply(first: CalendarDay, last: CalendarDay, calendar: OfflineCalendar) -> (CalendarDay, CalendarDay) {
    switch unit {
    case .day:
      return (calendar.adding(direction, to: first), calendar.adding(direction, to: last))
    case .week:
      return (calendar.adding(7 * direction, to: first), calendar.adding(7 * direction, to: last))
    case .month:
      let month = calendar.adding(months: direction, to: CalendarDay(year: first.year, month: first.month, day: 1))
      return (month, calendar.lastDay(ofMonth: month.month, year: month.year))
    }
  }
}
