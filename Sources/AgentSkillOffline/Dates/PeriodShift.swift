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
  /// Where in the text, so its words are not read as anything else.
  let range: Range<Int>

  /// The shift `text` asks for, if any.
  init?(_ text: OfflineText) {
    let words = text.tokens.filter { $0.kind == .word }
    func word(_ index: Int) -> String? { words.indices.contains(index) ? words[index].text : nil }
    for index in words.indices {
      guard let unit = Self.unit(words[index].text) else { continue }
      let previous = word(index - 1)
      let next = word(index + 1)
      if previous == "previous" || previous == "prior" || previous == "following" {
        let direction = previous == "following" ? 1 : -1
        self.init(
          unit: unit, direction: direction, range: words[index - 1].range.lowerBound..<words[index].range.upperBound)
        return
      }
      guard previous == "the" || previous == "a", let next, next == "before" || next == "after" || next == "earlier"
      else { continue }
      // `the week before last` and `the week after next` are weeks of their own.
      if let after = word(index + 2), after == "last" || after == "next" { continue }
      var end = words[index + 1].range.upperBound
      if word(index + 2) == "that" { end = words[index + 2].range.upperBound }
      self.init(
        unit: unit, direction: next == "after" ? 1 : -1, range: words[index - 1].range.lowerBound..<end)
      return
    }
    return nil
  }

  private init(unit: Unit, direction: Int, range: Range<Int>) {
    self.unit = unit
    self.direction = direction
    self.range = range
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
