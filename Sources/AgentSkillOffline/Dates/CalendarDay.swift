import AgentSkillLLM
import Foundation

/// A day in the Gregorian calendar, without a time or a time zone.
struct CalendarDay: Sendable, Hashable, Comparable, CustomStringConvertible {
  let year: Int
  let month: Int
  let day: Int

  /// `2026-03-04`.
  var description: String {
    Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2)
  }

  static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  /// `value` written with at least `width` digits.
  static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(abs(value))
    let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
    return value < 0 ? "-" + padded : padded
  }
}

/// Day arithmetic relative to "now" in one time zone; weeks start on Monday (ISO 8601).
struct OfflineCalendar: Sendable {
  /// A Gregorian calendar in the model's time zone.
  let calendar: Calendar
  /// The moment the request is answered.
  let now: Date
  /// The day `now` falls on.
  let today: CalendarDay

  init(now: Date, timeZone: TimeZone) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    calendar.firstWeekday = 2
    calendar.minimumDaysInFirstWeek = 4
    self.calendar = calendar
    self.now = now
    let parts = calendar.dateComponents([.year, .month, .day], from: now)
    self.today = CalendarDay(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
  }

  /// The moment `day` starts, or at `hour`:`minute`.
  func date(of day: CalendarDay, hour: Int = 0, minute: Int = 0) -> Date? {
    calendar.date(
      from: DateComponents(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute, second: 0))
  }

  /// The day `date` falls on.
  func day(of date: Date) -> CalendarDay {
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return CalendarDay(year: parts.year ?? today.year, month: parts.month ?? 1, day: parts.day ?? 1)
  }

  /// `day` moved by `days`.
  func adding(_ days: Int, to day: CalendarDay) -> CalendarDay {
    guard let start = date(of: day, hour: 12), let moved = calendar.date(byAdding: .day, value: days, to: start) else {
      return day
    }
    return self.day(of: moved)
  }

  /// The day `days` after today (before, when negative).
  func today(plus days: Int) -> CalendarDay {
    adding(days, to: today)
  }

  /// 1 for Monday through 7 for Sunday.
  func isoWeekday(of day: CalendarDay) -> Int {
    guard let date = date(of: day, hour: 12) else { return 1 }
    let weekday = calendar.component(.weekday, from: date)
    return (weekday + 5) % 7 + 1
  }

  /// The next day with ISO `weekday` (1 is Monday), today included.
  func upcoming(weekday: Int) -> CalendarDay {
    today(plus: (weekday - isoWeekday(of: today) + 7) % 7)
  }

  /// The Monday of the week `weeks` away from this one.
  func monday(weeksFromNow weeks: Int) -> CalendarDay {
    adding(weeks * 7 - (isoWeekday(of: today) - 1), to: today)
  }

  /// The first and last day of the month `months` away from this one.
  func month(monthsFromNow months: Int) -> (first: CalendarDay, last: CalendarDay) {
    let total = today.year * 12 + (today.month - 1) + months
    let year = total >= 0 ? total / 12 : (total - 11) / 12
    let month = total - year * 12 + 1
    let first = CalendarDay(year: year, month: month, day: 1)
    return (first, lastDay(ofMonth: month, year: year))
  }

  /// The last day of a month.
  func lastDay(ofMonth month: Int, year: Int) -> CalendarDay {
    let next =
      month == 12 ? CalendarDay(year: year + 1, month: 1, day: 1) : CalendarDay(year: year, month: month + 1, day: 1)
    return adding(-1, to: next)
  }

  /// The day written `2026-03-04` (or the day part of an RFC 3339 moment), when it exists.
  func day(from text: String) -> CalendarDay? {
    let parts = text.prefix(10).split(separator: "-")
    guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else {
      return nil
    }
    return validDay(year: year, month: month, day: day)
  }

  /// `day` moved by whole months, kept within the month it lands in (Mar 31 → Feb 28).
  func adding(months: Int, to day: CalendarDay) -> CalendarDay {
    let total = day.year * 12 + (day.month - 1) + months
    let year = total >= 0 ? total / 12 : (total - 11) / 12
    let month = total - year * 12 + 1
    let last = lastDay(ofMonth: month, year: year)
    return CalendarDay(year: year, month: month, day: min(day.day, last.day))
  }

  /// The day, when `year`-`month`-`day` exists.
  func validDay(year: Int, month: Int, day: Int) -> CalendarDay? {
    guard (1...12).contains(month), (1...31).contains(day), (1...9999).contains(year) else { return nil }
    guard day <= lastDay(ofMonth: month, year: year).day else { return nil }
    return CalendarDay(year: year, month: month, day: day)
  }

  /// `2026-03-06T15:00:00+08:00`: RFC 3339 with the time zone's offset on that day.
  func rfc3339(_ date: Date) -> String {
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    let day = CalendarDay(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    let time =
      CalendarDay.pad(parts.hour ?? 0, 2) + ":" + CalendarDay.pad(parts.minute ?? 0, 2) + ":"
      + CalendarDay.pad(parts.second ?? 0, 2)
    let offset = calendar.timeZone.secondsFromGMT(for: date)
    let zone: String
    if offset == 0 {
      zone = "Z"
    } else {
      let minutes = abs(offset) / 60
      zone = (offset < 0 ? "-" : "+") + CalendarDay.pad(minutes / 60, 2) + ":" + CalendarDay.pad(minutes % 60, 2)
    }
    return "\(day)T\(time)\(zone)"
  }
}
