import AgentSkillLLM
import Foundation

/// A day or a span of days the user mentioned, such as `上周三`, `next week` or `2026-03-04`.
struct DateMention: Sendable, Hashable {
  /// Where in the text.
  let range: Range<Int>
  /// The first day.
  let first: CalendarDay
  /// The last day (the same as ``first`` for a single day).
  let last: CalendarDay

  /// For a bare weekday (`周一`, `Monday`), the next such day, today
  /// included: what the weekday means for a forecast or a reminder, where
  /// ``first`` (the day of the current week) may have passed.
  let upcoming: CalendarDay?

  /// Whether it spans several days.
  var isRange: Bool { first != last }

  init(_ range: Range<Int>, _ first: CalendarDay, _ last: CalendarDay? = nil, upcoming: CalendarDay? = nil) {
    self.range = range
    self.first = first
    self.last = max(first, last ?? first)
    self.upcoming = upcoming
  }

  /// The day meant: ``upcoming`` when the day should not be past, else ``first``.
  func day(future: Bool) -> CalendarDay {
    future ? (upcoming ?? first) : first
  }
}

/// A time of day the user mentioned, such as `下午三点` or `3:30pm`.
struct TimeMention: Sendable, Hashable {
  /// Where in the text.
  let range: Range<Int>
  /// 0 to 23.
  let hour: Int
  /// 0 to 59.
  let minute: Int

  /// `15:00`.
  var text: String { CalendarDay.pad(hour, 2) + ":" + CalendarDay.pad(minute, 2) }
}

/// A moment given relative to now, such as `两小时后` or `in 30 minutes`.
struct MomentMention: Sendable, Hashable {
  /// Where in the text.
  let range: Range<Int>
  /// The moment.
  let date: Date
}

/// A number the user mentioned, with the unit after it when there is one.
struct NumberMention: Sendable, Hashable {
  /// Where in the text.
  let range: Range<Int>
  /// The value.
  let value: Double
  /// Whether it was written without a fraction.
  let isInteger: Bool
  /// The folded unit after the number (`天`, `days`, `元`), or `¥`/`$` before it.
  let unit: String?
}
