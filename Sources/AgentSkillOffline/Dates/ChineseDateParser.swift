import AgentSkillLLM

/// Finds Chinese date expressions: `今天`, `上周三`, `下个月`, `最近7天`, `3月5日`, `2026-03-04`.
enum ChineseDateParser {
  private static let dayWords = Lexicon<Int>([
    ("大前天", -3), ("前天", -2), ("昨天", -1), ("昨日", -1), ("昨儿", -1), ("昨晚", -1),
    ("今天", 0), ("今日", 0), ("今儿", 0), ("今晚", 0), ("今早", 0), ("今夜", 0),
    ("明天", 1), ("明日", 1), ("明儿", 1), ("明早", 1), ("明晚", 1), ("后天", 2), ("大后天", 3),
  ])
  private static let weekPrefixes = Lexicon<Int>([
    ("上上周", -2), ("上上个星期", -2), ("上上星期", -2), ("上上个礼拜", -2),
    ("上周", -1), ("上星期", -1), ("上礼拜", -1), ("上个星期", -1), ("上个礼拜", -1), ("上个周", -1),
    ("本周", 0), ("这周", 0), ("这个星期", 0), ("这星期", 0), ("本星期", 0), ("这礼拜", 0), ("这个礼拜", 0),
    ("下周", 1), ("下星期", 1), ("下礼拜", 1), ("下个星期", 1), ("下个礼拜", 1), ("下个周", 1),
    ("下下周", 2), ("下下个星期", 2), ("下下星期", 2),
  ])
  private static let bareWeekPrefixes = Lexicon(words: ["周", "星期", "礼拜", "週"])
  private static let weekdays: [Character: Int] = ["一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "日": 7, "天": 7]
  private static let monthWords = Lexicon<Int>([
    ("上上个月", -2), ("上个月", -1), ("上月", -1), ("本月", 0), ("这个月", 0), ("这月", 0), ("下个月", 1), ("下月", 1),
  ])
  /// Span prefixes, `true` for the future.
  private static let spanPrefixes = Lexicon<Bool>([
    ("最近", false), ("近", false), ("过去", false), ("前", false), ("未来", true), ("接下来", true), ("今后", true),
    ("之后", true),
  ])
  private static let agoSuffixes = Lexicon(words: ["天前", "天之前", "天以前", "日前"])
  private static let laterSuffixes = Lexicon(words: ["天后", "天之后", "天以后"])
  private static let dayUnits = Lexicon(words: ["天", "日"])
  private static let weekUnits = Lexicon(words: ["周", "个星期", "星期", "个礼拜", "礼拜"])
  private static let monthUnits = Lexicon(words: ["个月"])

  /// The mentions, in text order, not overlapping.
  static func mentions(in text: OfflineText, calendar: OfflineCalendar) -> [DateMention] {
    var found: [DateMention] = []
    var index = 0
    while index < text.count {
      if let mention = mention(in: text, at: index, calendar: calendar) {
        found.append(mention)
        index = max(mention.range.upperBound, index + 1)
      } else {
        index += 1
      }
    }
    return found
  }

  private static func mention(in text: OfflineText, at index: Int, calendar: OfflineCalendar) -> DateMention? {
    numericDate(in: text, at: index, calendar: calendar)
      ?? span(in: text, at: index, calendar: calendar)
      ?? dayWord(in: text, at: index, calendar: calendar)
      ?? week(in: text, at: index, calendar: calendar)
      ?? monthWord(in: text, at: index, calendar: calendar)
  }

  /// `2026-03-04`, `2026/3/4`, `2026年3月4日`, `3月4日`, `3月4号`, `4号`.
  private static func numericDate(in text: OfflineText, at index: Int, calendar: OfflineCalendar) -> DateMention? {
    if let year = OfflineNumber.digits(in: text, at: index), year.length == 4, text.startsWord(at: index) {
      var position = index + 4
      if let separator = text.character(at: position), ["-", "/", ".", "年"].contains(separator),
        let month = OfflineNumber.digits(in: text, at: position + 1), month.length <= 2
      {
        position += 1 + month.length
        let monthSeparator: Character = separator == "年" ? "月" : separator
        if text.character(at: position) == monthSeparator, let day = OfflineNumber.digits(in: text, at: position + 1),
          day.length <= 2
        {
          position += 1 + day.length
          if separator == "年", let suffix = text.character(at: position), suffix == "日" || suffix == "号" {
            position += 1
          }
          if let valid = calendar.validDay(year: year.value, month: month.value, day: day.value) {
            return DateMention(index..<position, valid)
          }
        }
      }
      return nil
    }
    guard let first = OfflineNumber.integer(in: text, at: index) else { return nil }
    var position = index + first.length
    if text.character(at: position) == "月", let day = OfflineNumber.integer(in: text, at: position + 1),
      let suffix = text.character(at: position + 1 + day.length), suffix == "日" || suffix == "号" || suffix == "號"
    {
      position += 2 + day.length
      guard let valid = calendar.validDay(year: calendar.today.year, month: first.value, day: day.value) else {
        return nil
      }
      return DateMention(index..<position, valid)
    }
    if let suffix = text.character(at: position), suffix == "号" || suffix == "號",
      let valid = calendar.validDay(year: calendar.today.year, month: calendar.today.month, day: first.value)
    {
      return DateMention(index..<(position + 1), valid)
    }
    return nil
  }

  /// `最近7天`, `过去一周`, `未来三天`, `3天前`, `两天后`.
  private static func span(in text: OfflineText, at index: Int, calendar: OfflineCalendar) -> DateMention? {
    if let prefix = spanPrefixes.longest(in: text, at: index), let amount = amount(in: text, at: index + prefix.length)
    {
      let end = index + prefix.length + amount.length
      guard amount.days > 0 else { return nil }
      if prefix.value {
        return DateMention(index..<end, calendar.today, calendar.today(plus: amount.days - 1))
      }
      return DateMention(index..<end, calendar.today(plus: -(amount.days - 1)), calendar.today)
    }
    guard let number = OfflineNumber.integer(in: text, at: index) else { return nil }
    let position = index + number.length
    if let suffix = text.longest(of: agoSuffixes, at: position) {
      return DateMention(index..<(position + suffix.length), calendar.today(plus: -number.value))
    }
    if let suffix = text.longest(of: laterSuffixes, at: position) {
      return DateMention(index..<(position + suffix.length), calendar.today(plus: number.value))
    }
    return nil
  }

  /// A number of days, weeks or months after a span prefix: `7天`, `一周`, `两个星期`, `一个月`.
  private static func amount(in text: OfflineText, at index: Int) -> (days: Int, length: Int)? {
    guard let number = OfflineNumber.integer(in: text, at: index), number.value <= 3660 else { return nil }
    let position = index + number.length
    if let unit = text.longest(of: dayUnits, at: position) {
      return (number.value, number.length + unit.length)
    }
    if let unit = text.longest(of: weekUnits, at: position) {
      return (number.value * 7, number.length + unit.length)
    }
    if let unit = text.longest(of: monthUnits, at: position) {
      return (number.value * 30, number.length + unit.length)
    }
    return nil
  }

  /// `今天`, `明天`, `前天`, …
  private static func dayWord(in text: OfflineText, at index: Int, calendar: OfflineCalendar) -> DateMention? {
    guard let word = dayWords.longest(in: text, at: index) else { return nil }
    return DateMention(index..<(index + word.length), calendar.today(plus: word.value))
  }

  /// `上周三`, `本周五`, `下周一`, `周日`, `上周`, `这周末`.
  private static func week(in text: OfflineText, at index: Int, calendar: OfflineCalendar) -> DateMention? {
    let relative = weekPrefixes.longest(in: text, at: index)
    let bare = relative == nil ? bareWeekPrefixes.longest(in: text, at: index) : nil
    guard let prefixLength = relative?.length ?? bare?.length else { return nil }
    let weeks = relative?.value ?? 0
    let monday = calendar.monday(weeksFromNow: weeks)
    let position = index + prefixLength
    if let next = text.character(at: position) {
      // `本周一共` is "this week in all" (一共), not Monday.
      if let weekday = weekdays[next], !(next == "一" && text.character(at: position + 1) == "共") {
        let day = calendar.adding(weekday - 1, to: monday)
        let upcoming = relative == nil ? calendar.upcoming(weekday: weekday) : nil
        return DateMention(index..<(position + 1), day, upcoming: upcoming)
      }
      if next == "末" {
        return DateMention(index..<(position + 1), calendar.adding(5, to: monday), calendar.adding(6, to: monday))
      }
    }
    guard relative != nil else { return nil }
    return DateMention(index..<position, monday, calendar.adding(6, to: monday))
  }

  /// `上个月`, `本月`, `下个月`.
  private static func monthWord(in text: OfflineText, at index: Int, calendar: OfflineCalendar) -> DateMention? {
    guard let word = monthWords.longest(in: text, at: index) else { return nil }
    let month = calendar.month(monthsFromNow: word.value)
    return DateMention(index..<(index + word.length), month.first, month.last)
  }
}
