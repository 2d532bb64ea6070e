import AgentSkillLLM
import Foundation

/// Finds times of day (`下午三点`, `15:00`, `3:30pm`, `noon`) and moments
/// relative to now (`两小时后`, `in 30 minutes`).
///
/// A bare hour from 1 to 6 with no period word (`三点开会`, `at 3`) is read
/// as the afternoon, which is what people usually mean; `15:00`-style
/// times are read as written.
enum TimeExpressionParser {
  private enum Period {
    case earlyMorning, morning, noon, afternoon, night, midnight
  }

  private static let chinesePeriods = Lexicon<Period>([
    ("凌晨", .earlyMorning), ("早上", .morning), ("早晨", .morning), ("清晨", .morning), ("今早", .morning),
    ("明早", .morning), ("上午", .morning), ("中午", .noon), ("下午", .afternoon), ("傍晚", .afternoon),
    ("晚上", .night), ("今晚", .night), ("明晚", .night), ("昨晚", .night), ("夜里", .night), ("夜间", .night),
    ("晚间", .night), ("半夜", .midnight),
  ])
  private static let hourMarkers = Lexicon(words: ["点钟", "点", "點", "时", "時"])
  private static let fractions = Lexicon<Int>([("半", 30), ("一刻", 15), ("三刻", 45), ("整", 0)])
  private static let notMinuteUnits = Lexicon(words: ["天", "个", "小时", "号", "日", "月"])
  private static let halves = Lexicon(words: ["半个", "半"])
  private static let andAHalf = Lexicon(words: ["个半"])
  private static let hoursLater = Lexicon(words: [
    "个小时后", "小时后", "个小时以后", "小时以后", "个小时之后", "小时之后", "个钟头后", "钟头后",
  ])
  private static let minutesLater = Lexicon(words: ["分钟后", "分钟以后", "分钟之后"])

  /// The times of day, in text order.
  static func times(in text: OfflineText) -> [TimeMention] {
    var found: [TimeMention] = []
    var index = 0
    while index < text.count {
      if let mention = chineseTime(in: text, at: index) {
        found.append(mention)
        index = mention.range.upperBound
      } else {
        index += 1
      }
    }
    let tokens = text.tokens
    var tokenIndex = 0
    while tokenIndex < tokens.count {
      if let (mention, next) = englishTime(tokens, at: tokenIndex),
        !found.contains(where: { $0.range.overlaps(mention.range) })
      {
        found.append(mention)
        tokenIndex = next
      } else {
        tokenIndex += 1
      }
    }
    return found.sorted { $0.range.lowerBound < $1.range.lowerBound }
  }

  /// The moments relative to now, in text order.
  static func moments(in text: OfflineText, calendar: OfflineCalendar) -> [MomentMention] {
    var found: [MomentMention] = []
    var index = 0
    while index < text.count {
      if let (minutes, length) = chineseOffset(in: text, at: index) {
        found.append(
          MomentMention(range: index..<(index + length), date: calendar.now.addingTimeInterval(Double(minutes) * 60)))
        index += length
      } else {
        index += 1
      }
    }
    let tokens = text.tokens
    for (position, token) in tokens.enumerated() where token.kind == .word && token.text == "in" {
      var next = position + 1
      var amount: Double?
      if next + 1 < tokens.count, tokens[next].text == "half", ["an", "a"].contains(tokens[next + 1].text) {
        amount = 0.5
        next += 2
      } else if next < tokens.count {
        if let number = tokens[next].number {
          amount = Double(number)
        } else if let word = EnglishDateParser.numberWords[tokens[next].text] {
          amount = Double(word)
        }
        next += 1
      }
      guard let amount, next < tokens.count else { continue }
      let minutes: Double
      switch tokens[next].text {
      case "hour", "hours", "hr", "hrs": minutes = amount * 60
      case "minute", "minutes", "min", "mins": minutes = amount
      default: continue
      }
      let range = token.range.lowerBound..<tokens[next].range.upperBound
      found.append(MomentMention(range: range, date: calendar.now.addingTimeInterval(minutes * 60)))
    }
    return found.sorted { $0.range.lowerBound < $1.range.lowerBound }
  }

  // MARK: Chinese

  private static func chineseTime(in text: OfflineText, at index: Int) -> TimeMention? {
    var position = index
    var period: Period?
    if let word = chinesePeriods.longest(in: text, at: index) {
      period = word.value
      position += word.length
    }
    // Never the tail of a longer number: `25:00` is not `5:00`, `二十五点` not `五点`.
    if period == nil, continuesNumber(text, at: position) { return nil }
    if let hour = OfflineNumber.digits(in: text, at: position), hour.length <= 2,
      text.character(at: position + hour.length) == ":",
      let minute = OfflineNumber.digits(in: text, at: position + hour.length + 1), minute.length == 2
    {
      // `3:30 pm` is left to the English reading, which knows the marker.
      if period == nil, hasEnglishMeridiem(in: text, after: position + hour.length + 3) { return nil }
      guard let time = adjusted(hour: hour.value, minute: minute.value, period: period, bare: false) else { return nil }
      return TimeMention(range: index..<(position + hour.length + 3), hour: time.hour, minute: time.minute)
    }
    guard let hour = OfflineNumber.integer(in: text, at: position), hour.value <= 24,
      let marker = text.longest(of: hourMarkers, at: position + hour.length)
    else { return nil }
    position += hour.length + marker.length
    var minute = 0
    if let fraction = fractions.longest(in: text, at: position) {
      minute = fraction.value
      position += fraction.length
    } else if let minutes = OfflineNumber.integer(in: text, at: position), minutes.value < 60,
      text.longest(of: notMinuteUnits, at: position + minutes.length) == nil
    {
      minute = minutes.value
      position += minutes.length
      if text.character(at: position) == "分" { position += 1 }
    }
    guard let time = adjusted(hour: hour.value, minute: minute, period: period, bare: true) else { return nil }
    return TimeMention(range: index..<position, hour: time.hour, minute: time.minute)
  }

  private static let numeralCharacters: Set<Character> = [
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "零", "〇", "一", "二", "两", "三", "四", "五", "六", "七", "八",
    "九", "十", "百",
  ]

  /// Whether the character before `index` is part of a number.
  private static func continuesNumber(_ text: OfflineText, at index: Int) -> Bool {
    guard let previous = text.character(at: index - 1) else { return false }
    return numeralCharacters.contains(previous)
  }

  /// Clock times that do not exist, as written: `25:00`, `9:75`, `25点`,
  /// `13pm`. They are not read as times; the model says why instead.
  static func impossibleTimes(in text: OfflineText) -> [(range: Range<Int>, text: String)] {
    var found: [(range: Range<Int>, text: String)] = []
    var index = 0
    while index < text.count {
      guard !continuesNumber(text, at: index), let hour = OfflineNumber.integer(in: text, at: index) else {
        index += 1
        continue
      }
      var end = index + hour.length
      var impossible = false
      if text.character(at: end) == ":", let minute = OfflineNumber.digits(in: text, at: end + 1), minute.length == 2 {
        end += 3
        impossible = hour.value > 24 || minute.value > 59 || (hour.value == 24 && minute.value > 0)
      } else if let marker = text.longest(of: hourMarkers, at: end) {
        end += marker.length
        impossible = hour.value > 24
      }
      var meridiem = end
      while text.character(at: meridiem) == " " { meridiem += 1 }
      if text.has("am", at: meridiem) || text.has("pm", at: meridiem), text.endsWord(at: meridiem + 2),
        hour.value > 12 || hour.value == 0
      {
        end = meridiem + 2
        impossible = true
      }
      if impossible { found.append((index..<end, text.text(index..<end))) }
      index = end
    }
    return found
  }

  private static func hasEnglishMeridiem(in text: OfflineText, after index: Int) -> Bool {
    var position = index
    while text.character(at: position) == " " { position += 1 }
    return text.has("am", at: position) || text.has("pm", at: position) || text.has("a.m", at: position)
      || text.has("p.m", at: position)
  }

  private static func chineseOffset(in text: OfflineText, at index: Int) -> (minutes: Int, length: Int)? {
    var amount: Double
    var position = index
    if let half = text.longest(of: halves, at: index) {
      amount = 0.5
      position += half.length
    } else if let number = OfflineNumber.integer(in: text, at: index) {
      amount = Double(number.value)
      position += number.length
      if let half = text.longest(of: andAHalf, at: position) {
        amount += 0.5
        position += half.length
      }
    } else {
      return nil
    }
    if let unit = text.longest(of: hoursLater, at: position) {
      return (Int(amount * 60), position + unit.length - index)
    }
    if let unit = text.longest(of: minutesLater, at: position) {
      return (Int(amount), position + unit.length - index)
    }
    return nil
  }

  // MARK: English

  private static func englishTime(_ tokens: [OfflineToken], at index: Int) -> (TimeMention, Int)? {
    let token = tokens[index]
    let start = index > 0 && tokens[index - 1].text == "at" ? index - 1 : index
    if token.kind == .word {
      switch token.text {
      case "noon", "midday":
        return (
          TimeMention(range: tokens[start].range.lowerBound..<token.range.upperBound, hour: 12, minute: 0), index + 1
        )
      case "midnight":
        return (
          TimeMention(range: tokens[start].range.lowerBound..<token.range.upperBound, hour: 0, minute: 0), index + 1
        )
      default:
        return nil
      }
    }
    guard let hour = token.number, token.text.count <= 2, hour <= 24 else { return nil }
    var next = index + 1
    var minute = 0
    var hasMinutes = false
    if next + 1 < tokens.count, tokens[next].text == ":", let minutes = tokens[next + 1].number,
      tokens[next + 1].text.count == 2, minutes < 60
    {
      minute = minutes
      hasMinutes = true
      next += 2
    }
    var period: Period?
    if next < tokens.count {
      switch tokens[next].text {
      case "am":
        period = .morning
        next += 1
      case "pm":
        period = .afternoon
        next += 1
      case "a", "p":
        if next + 2 < tokens.count, tokens[next + 1].text == ".", tokens[next + 2].text == "m" {
          period = tokens[next].text == "a" ? .morning : .afternoon
          next += 3
          if next < tokens.count, tokens[next].text == "." { next += 1 }
        }
      default:
        break
      }
    }
    var hasClock = false
    if next < tokens.count, ["o'clock", "oclock"].contains(tokens[next].text) {
      hasClock = true
      next += 1
    }
    let afterAt = start < index
    if next < tokens.count,
      ["day", "days", "hour", "hours", "minute", "minutes", "min", "mins", "week", "weeks"]
        .contains(tokens[next].text)
    {
      return nil
    }
    guard period != nil || hasMinutes || hasClock || afterAt else { return nil }
    if period == nil {
      var look = next
      while look < min(tokens.count, next + 3) {
        switch tokens[look].text {
        case "morning": period = .morning
        case "afternoon": period = .afternoon
        case "evening", "night", "tonight": period = .night
        default: break
        }
        look += 1
      }
    }
    if period == nil {
      // "tonight at 9", "tomorrow morning at 8": the part of the day may come first.
      var look = start - 1
      while period == nil, look >= max(0, start - 3) {
        switch tokens[look].text {
        case "morning": period = .morning
        case "afternoon": period = .afternoon
        case "evening", "night", "tonight": period = .night
        default: break
        }
        look -= 1
      }
    }
    let bare = period == nil && !hasMinutes
    guard let time = adjusted(hour: hour, minute: minute, period: period, bare: bare) else { return nil }
    let range = tokens[start].range.lowerBound..<tokens[next - 1].range.upperBound
    return (TimeMention(range: range, hour: time.hour, minute: time.minute), next)
  }

  // MARK: Periods

  private static func adjusted(hour: Int, minute: Int, period: Period?, bare: Bool) -> (hour: Int, minute: Int)? {
    guard (0...24).contains(hour), (0...59).contains(minute) else { return nil }
    var hour = hour == 24 ? 0 : hour
    switch period {
    case .earlyMorning?, .midnight?:
      if hour == 12 { hour = 0 }
    case .morning?:
      if hour == 12 { hour = 0 }
    case .noon?:
      if hour < 6 { hour += 12 }
    case .afternoon?, .night?:
      if hour < 12 { hour += 12 } else if hour == 12, period == .night { hour = 0 }
    case nil:
      if bare, (1...6).contains(hour) { hour += 12 }
    }
    return (hour % 24, minute)
  }
}
