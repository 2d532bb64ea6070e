import AgentSkillLLM

/// Finds English date expressions: `today`, `last Wednesday`, `next week`,
/// `the past 7 days`, `in 3 days`, `the week before last`, `March 5`, `2026-03-04`.
///
/// `last Wednesday` is the most recent Wednesday before today and `next
/// Wednesday` the first one after today; `this Wednesday` and a bare
/// `Wednesday` are the Wednesday of the current week (weeks start on Monday).
enum EnglishDateParser {
  static let weekdayNames: [String: Int] = [
    "monday": 1, "tuesday": 2, "wednesday": 3, "thursday": 4, "friday": 5, "saturday": 6, "sunday": 7,
  ]
  private static let weekdayAbbreviations: [String: Int] = [
    "mon": 1, "tue": 2, "tues": 2, "wed": 3, "thu": 4, "thur": 4, "thurs": 4, "fri": 5, "sat": 6, "sun": 7,
  ]
  private static let months: [String: Int] = [
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4, "may": 5,
    "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9,
    "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
  ]
  static let numberWords: [String: Int] = [
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fourteen": 14, "fifteen": 15, "twenty": 20, "thirty": 30,
  ]

  /// The mentions, in text order, not overlapping.
  static func mentions(in text: OfflineText, calendar: OfflineCalendar) -> [DateMention] {
    let tokens = text.tokens
    var found: [DateMention] = []
    var index = 0
    while index < tokens.count {
      if let (mention, next) = mention(tokens, at: index, calendar: calendar) {
        found.append(mention)
        index = max(next, index + 1)
      } else {
        index += 1
      }
    }
    return found
  }

  private static func word(_ tokens: [OfflineToken], _ index: Int) -> String? {
    index < tokens.count && tokens[index].kind == .word ? tokens[index].text : nil
  }

  private static func count(_ tokens: [OfflineToken], _ index: Int) -> Int? {
    guard index < tokens.count else { return nil }
    if let number = tokens[index].number { return number }
    if tokens[index].kind == .word { return numberWords[tokens[index].text] }
    return nil
  }

  private static func range(_ tokens: [OfflineToken], _ first: Int, _ last: Int) -> Range<Int> {
    tokens[first].range.lowerBound..<tokens[last].range.upperBound
  }

  private static func mention(
    _ tokens: [OfflineToken],
    at index: Int,
    calendar: OfflineCalendar
  ) -> (DateMention, Int)? {
    isoDate(tokens, at: index, calendar: calendar)
      ?? relativeDay(tokens, at: index, calendar: calendar)
      ?? twoAway(tokens, at: index, calendar: calendar)
      ?? qualified(tokens, at: index, calendar: calendar)
      ?? offset(tokens, at: index, calendar: calendar)
      ?? monthDay(tokens, at: index, calendar: calendar)
  }

  /// `2026-03-04`, `2026/3/4`.
  private static func isoDate(_ tokens: [OfflineToken], at index: Int, calendar: OfflineCalendar) -> (DateMention, Int)?
  {
    guard index + 4 < tokens.count, let year = tokens[index].number, tokens[index].text.count == 4,
      ["-", "/"].contains(tokens[index + 1].text), let month = tokens[index + 2].number,
      tokens[index + 3].text == tokens[index + 1].text, let day = tokens[index + 4].number,
      let valid = calendar.validDay(year: year, month: month, day: day)
    else { return nil }
    return (DateMention(range(tokens, index, index + 4), valid), index + 5)
  }

  /// `today`, `tonight`, `tomorrow`, `yesterday`, `the day after tomorrow`, `the day before yesterday`.
  private static func relativeDay(
    _ tokens: [OfflineToken],
    at index: Int,
    calendar: OfflineCalendar
  ) -> (DateMention, Int)? {
    var start = index
    if word(tokens, start) == "the" { start += 1 }
    if word(tokens, start) == "day", let relation = word(tokens, start + 1),
      relation == "after" || relation == "before",
      let anchor = word(tokens, start + 2), anchor == "tomorrow" || anchor == "yesterday"
    {
      let offset = relation == "after" ? (anchor == "tomorrow" ? 2 : 0) : (anchor == "yesterday" ? -2 : 0)
      return (DateMention(range(tokens, index, start + 2), calendar.today(plus: offset)), start + 3)
    }
    switch word(tokens, index) {
    case "today", "tonight": return (DateMention(tokens[index].range, calendar.today), index + 1)
    case "tomorrow", "tmr", "tmrw": return (DateMention(tokens[index].range, calendar.today(plus: 1)), index + 1)
    case "yesterday": return (DateMention(tokens[index].range, calendar.today(plus: -1)), index + 1)
    default: return nil
    }
  }

  /// `the week before last`, `the month after next`.
  private static func twoAway(_ tokens: [OfflineToken], at index: Int, calendar: OfflineCalendar) -> (DateMention, Int)?
  {
    var start = index
    if word(tokens, start) == "the" { start += 1 }
    guard let noun = word(tokens, start), noun == "week" || noun == "month", let relation = word(tokens, start + 1),
      let anchor = word(tokens, start + 2)
    else { return nil }
    let direction: Int
    switch (relation, anchor) {
    case ("before", "last"): direction = -2
    case ("after", "next"): direction = 2
    default: return nil
    }
    let whole = range(tokens, index, start + 2)
    if noun == "week" {
      let monday = calendar.monday(weeksFromNow: direction)
      return (DateMention(whole, monday, calendar.adding(6, to: monday)), start + 3)
    }
    let month = calendar.month(monthsFromNow: direction)
    return (DateMention(whole, month.first, month.last), start + 3)
  }

  /// `last Wednesday`, `next Monday`, `this Friday`, `Wednesday`, `last week`,
  /// `this month`, `next weekend`, `the past 7 days`, `next 3 days`.
  private static func qualified(
    _ tokens: [OfflineToken],
    at index: Int,
    calendar: OfflineCalendar
  ) -> (DateMention, Int)? {
    var start = index
    if word(tokens, start) == "the" { start += 1 }
    let qualifier = word(tokens, start)
    let isQualifier = ["last", "next", "this", "coming", "past", "previous"].contains(qualifier ?? "")
    let position = isQualifier ? start + 1 : start
    guard let noun = word(tokens, position) else {
      return isQualifier ? span(tokens, from: index, qualifier: qualifier, at: position, calendar: calendar) : nil
    }
    if let weekday = weekdayNames[noun] ?? (isQualifier ? weekdayAbbreviations[noun] : nil) {
      guard isQualifier || start == index else { return nil }
      let todayWeekday = calendar.isoWeekday(of: calendar.today)
      let day: CalendarDay
      switch qualifier {
      case "last", "previous", "past":
        let back = (todayWeekday - weekday + 7) % 7
        day = calendar.today(plus: -(back == 0 ? 7 : back))
      case "next", "coming":
        let ahead = (weekday - todayWeekday + 7) % 7
        day = calendar.today(plus: ahead == 0 ? 7 : ahead)
      default:
        day = calendar.adding(weekday - 1, to: calendar.monday(weeksFromNow: 0))
      }
      let upcoming = isQualifier ? nil : calendar.upcoming(weekday: weekday)
      return (DateMention(range(tokens, index, position), day, upcoming: upcoming), position + 1)
    }
    guard isQualifier, let qualifier else { return nil }
    let direction = ["last", "past", "previous"].contains(qualifier) ? -1 : (qualifier == "this" ? 0 : 1)
    switch noun {
    case "week":
      if qualifier == "past" {
        return (DateMention(range(tokens, index, position), calendar.today(plus: -6), calendar.today), position + 1)
      }
      let monday = calendar.monday(weeksFromNow: direction)
      return (DateMention(range(tokens, index, position), monday, calendar.adding(6, to: monday)), position + 1)
    case "weekend":
      let monday = calendar.monday(weeksFromNow: direction)
      let mention = DateMention(
        range(tokens, index, position), calendar.adding(5, to: monday), calendar.adding(6, to: monday))
      return (mention, position + 1)
    case "month":
      if qualifier == "past" {
        return (DateMention(range(tokens, index, position), calendar.today(plus: -29), calendar.today), position + 1)
      }
      let month = calendar.month(monthsFromNow: direction)
      return (DateMention(range(tokens, index, position), month.first, month.last), position + 1)
    default:
      return span(tokens, from: index, qualifier: qualifier, at: position, calendar: calendar)
    }
  }

  /// `past 7 days`, `last two weeks`, `next 3 days`.
  private static func span(
    _ tokens: [OfflineToken],
    from index: Int,
    qualifier: String?,
    at position: Int,
    calendar: OfflineCalendar
  ) -> (DateMention, Int)? {
    guard let amount = count(tokens, position), amount > 0, amount <= 3660, let unit = word(tokens, position + 1),
      let days = days(amount, unit)
    else { return nil }
    let whole = range(tokens, index, position + 1)
    if ["next", "coming"].contains(qualifier ?? "") {
      return (DateMention(whole, calendar.today, calendar.today(plus: days - 1)), position + 2)
    }
    guard ["last", "past", "previous"].contains(qualifier ?? "") else { return nil }
    return (DateMention(whole, calendar.today(plus: -(days - 1)), calendar.today), position + 2)
  }

  private static func days(_ amount: Int, _ unit: String) -> Int? {
    switch unit {
    case "day", "days": amount
    case "week", "weeks": amount * 7
    case "month", "months": amount * 30
    default: nil
    }
  }

  /// `in 3 days`, `3 days ago`, `2 days from now`.
  private static func offset(_ tokens: [OfflineToken], at index: Int, calendar: OfflineCalendar) -> (DateMention, Int)?
  {
    if word(tokens, index) == "in", let amount = count(tokens, index + 1), let unit = word(tokens, index + 2),
      let days = days(amount, unit)
    {
      return (DateMention(range(tokens, index, index + 2), calendar.today(plus: days)), index + 3)
    }
    guard let amount = count(tokens, index), let unit = word(tokens, index + 1), let days = days(amount, unit) else {
      return nil
    }
    if word(tokens, index + 2) == "ago" {
      return (DateMention(range(tokens, index, index + 2), calendar.today(plus: -days)), index + 3)
    }
    if word(tokens, index + 2) == "from", word(tokens, index + 3) == "now" {
      return (DateMention(range(tokens, index, index + 3), calendar.today(plus: days)), index + 4)
    }
    return nil
  }

  /// `March 5`, `Mar 5th`, `5 March`, `the 5th of March`, `March 5 2026`.
  private static func monthDay(_ tokens: [OfflineToken], at index: Int, calendar: OfflineCalendar) -> (
    DateMention, Int
  )? {
    if let name = word(tokens, index), let month = months[name], index + 1 < tokens.count,
      let day = tokens[index + 1].number
    {
      var last = index + 1
      if let suffix = word(tokens, last + 1), ["st", "nd", "rd", "th"].contains(suffix) { last += 1 }
      var year = calendar.today.year
      if last + 1 < tokens.count, let explicit = tokens[last + 1].number, tokens[last + 1].text.count == 4 {
        year = explicit
        last += 1
      }
      guard let valid = calendar.validDay(year: year, month: month, day: day) else { return nil }
      return (DateMention(range(tokens, index, last), valid), last + 1)
    }
    var start = index
    if word(tokens, start) == "the" { start += 1 }
    guard start < tokens.count, let day = tokens[start].number else { return nil }
    var position = start + 1
    if let suffix = word(tokens, position), ["st", "nd", "rd", "th"].contains(suffix) { position += 1 }
    if word(tokens, position) == "of" { position += 1 }
    guard let name = word(tokens, position), let month = months[name],
      let valid = calendar.validDay(year: calendar.today.year, month: month, day: day)
    else { return nil }
    return (DateMention(range(tokens, index, position), valid), position + 1)
  }
}
