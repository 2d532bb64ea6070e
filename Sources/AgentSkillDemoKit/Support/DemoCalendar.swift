import Foundation

/// "Now" and the time zone for the demo skills, with the date formats they
/// print: `2026-03-06`, `3月6日（周五）`, `Fri, Mar 6`.
///
/// Injected everywhere (skills, stores, the offline model) so a run with
/// `--now 2026-03-06T10:00:00+08:00` is reproducible.
package struct DemoCalendar: Sendable {
  /// The current moment.
  package let now: @Sendable () -> Date
  /// A Gregorian calendar in the demo's time zone.
  package let calendar: Calendar

  /// Creates a calendar.
  ///
  /// - Parameters:
  ///   - timeZone: The time zone days are counted in.
  ///   - now: The current moment.
  package init(timeZone: TimeZone = .current, now: @escaping @Sendable () -> Date = { Date() }) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    calendar.firstWeekday = 2
    self.calendar = calendar
    self.now = now
  }

  /// The time zone.
  package var timeZone: TimeZone { calendar.timeZone }

  /// Today's date at noon (a safe anchor for day arithmetic).
  package var today: Date { noon(of: now()) }

  /// `date` moved to noon of its day.
  package func noon(of date: Date) -> Date {
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return calendar.date(from: DateComponents(year: parts.year, month: parts.month, day: parts.day, hour: 12)) ?? date
  }

  /// `date` plus `days` days.
  package func adding(days: Int, to date: Date) -> Date {
    calendar.date(byAdding: .day, value: days, to: date) ?? date.addingTimeInterval(Double(days) * 86_400)
  }

  /// Whole days from `start`'s day to `end`'s day.
  package func days(from start: Date, to end: Date) -> Int {
    calendar.dateComponents([.day], from: noon(of: start), to: noon(of: end)).day ?? 0
  }

  /// `2026-03-06`.
  package func dayString(_ date: Date) -> String {
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
  }

  /// `15:00`.
  package func timeString(_ date: Date) -> String {
    let parts = calendar.dateComponents([.hour, .minute], from: date)
    return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
  }

  /// `2026-03-06T15:00:00+08:00`.
  package func timestamp(_ date: Date) -> String {
    var formatter = Date.ISO8601FormatStyle(timeZone: timeZone)
    formatter = formatter.year().month().day().time(includingFractionalSeconds: false).timeZone(separator: .colon)
    return date.formatted(formatter)
  }

  /// The noon of the day `2026-03-06`, or `nil` when the text is not a valid day.
  package func day(from text: String) -> Date? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2, let year = Int(parts[0]),
      let month = Int(parts[1]),
      let day = Int(parts[2]), (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    let components = DateComponents(year: year, month: month, day: day, hour: 12)
    guard let date = calendar.date(from: components),
      calendar.component(.day, from: date) == day, calendar.component(.month, from: date) == month
    else { return nil }
    return date
  }

  /// The moment in an RFC 3339 text (`2026-03-07T15:00:00+08:00`, `…Z`, fractional seconds allowed).
  package func moment(from text: String) -> Date? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if let date = try? Date(trimmed, strategy: .iso8601) { return date }
    let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    return try? Date(trimmed, strategy: fractional)
  }

  /// 1 for Monday through 7 for Sunday.
  package func isoWeekday(_ date: Date) -> Int {
    (calendar.component(.weekday, from: date) + 5) % 7 + 1
  }

  /// `周三` or `Wed`.
  package func weekdayName(_ date: Date, _ language: DemoLanguage) -> String {
    let index = isoWeekday(date) - 1
    let chinese = ["周一", "周二", "周三", "周四", "周五", "周六", "周日"]
    let english = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    return language == .chinese ? chinese[index] : english[index]
  }

  /// `3月6日（周五）` or `Fri, Mar 6`.
  package func dayLabel(_ date: Date, _ language: DemoLanguage) -> String {
    let month = calendar.component(.month, from: date)
    let day = calendar.component(.day, from: date)
    switch language {
    case .chinese:
      return "\(month)月\(day)日（\(weekdayName(date, language))）"
    case .english:
      let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
      return "\(weekdayName(date, language)), \(months[max(0, min(11, month - 1))]) \(day)"
    }
  }

  /// `今天` / `明天` / `昨天` for nearby days, else ``dayLabel(_:_:)``.
  package func relativeDayLabel(_ date: Date, _ language: DemoLanguage) -> String {
    switch days(from: now(), to: date) {
    case 0: return language.pick("今天", "today")
    case 1: return language.pick("明天", "tomorrow")
    case -1: return language.pick("昨天", "yesterday")
    default: return dayLabel(date, language)
    }
  }
}
