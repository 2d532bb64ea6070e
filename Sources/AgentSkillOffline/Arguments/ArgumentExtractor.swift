import AgentSkillLLM
import Foundation

/// Fills a tool's arguments from the user's words, guided by its schema.
///
/// Order: the reply language, values from lists (`enum` and known values),
/// dates and date ranges, moments and times, numbers, and last the free
/// text left over for a required text argument (or a required list value
/// the text names but the list does not know, so a validator can say why).
struct ArgumentExtractor {
  let calendar: OfflineCalendar
  let language: RuleBasedModel.Language

  /// What was filled and which required arguments are missing.
  struct Result {
    var arguments: JSONObject
    var missing: [ToolParameter]
    /// For a date-time argument with a day but no time: the day was understood.
    var knownDays: Set<String>
  }

  /// The recognised spans of a text.
  struct Analysis {
    let text: OfflineText
    let dates: [DateMention]
    let times: [TimeMention]
    let moments: [MomentMention]
    /// Clock times that do not exist (`25:00`), as written.
    let impossibleTimes: [(range: Range<Int>, text: String)]
    /// A period relative to the previous request's (`the week before`), when no date is named.
    let shift: PeriodShift?
    /// Days and times the text says are not meant: `三点` in `不是三点，是四点`, `后天` in `不是后天，是明天`.
    let negated: [Range<Int>]

    init(_ text: OfflineText, calendar: OfflineCalendar) {
      self.text = text
      self.impossibleTimes = TimeExpressionParser.impossibleTimes(in: text)
      let chinese = ChineseDateParser.mentions(in: text, calendar: calendar)
      let english = EnglishDateParser.mentions(in: text, calendar: calendar).filter { mention in
        !chinese.contains { $0.range.overlaps(mention.range) }
      }
      let moments = TimeExpressionParser.moments(in: text, calendar: calendar)
      self.moments = moments
      let dates = (chinese + english).filter { date in !moments.contains { $0.range.overlaps(date.range) } }
        .sorted { $0.range.lowerBound < $1.range.lowerBound }
      self.dates = dates.filter { !ArgumentExtractor.isNegated($0.range, in: text) }
      let times = TimeExpressionParser.times(in: text).filter { time in
        !moments.contains { $0.range.overlaps(time.range) }
      }
      self.times = times.filter { !ArgumentExtractor.isNegated($0.range, in: text) }
      self.negated = (dates.map(\.range) + times.map(\.range)).filter { ArgumentExtractor.isNegated($0, in: text) }
      self.shift = dates.isEmpty ? PeriodShift(text) : nil
    }

    /// Every date, time and moment span.
    var temporalRanges: [Range<Int>] {
      dates.map(\.range) + times.map(\.range) + moments.map(\.range) + impossibleTimes.map(\.range)
        + negated + (shift.map { [$0.range] } ?? [])
    }
  }

  func extract(_ parameters: [ToolParameter], from analysis: Analysis, terms: ToolTerms) -> Result {
    var arguments = JSONObject()
    var taken = analysis.temporalRanges
    var knownDays: Set<String> = []
    var pendingText: [ToolParameter] = []
    let text = analysis.text

    // Values from lists first, so their words are not read as anything else.
    for parameter in parameters where parameter.kind == .choice {
      if let (value, range) = mentionedChoice(parameter, in: text, excluding: taken) {
        arguments[parameter.name] = .string(value)
        taken.append(range)
      } else if parameter.isRequired, !parameter.choicesAreClosed {
        pendingText.append(parameter)
      }
    }

    let numbers = NumberExtractor.numbers(in: text, excluding: taken)
    var usedNumbers: Set<Int> = []
    let numericCount = parameters.filter { $0.kind == .integer || $0.kind == .number }.count

    for parameter in parameters {
      switch parameter.kind {
      case .language:
        arguments[parameter.name] = .string(language.closest(in: parameter.choices))
      case .rangeStart, .rangeEnd:
        if let value = rangeValue(parameter, parameters: parameters, analysis: analysis) {
          arguments[parameter.name] = .string(value)
        }
      case .date:
        let mentioned = analysis.dates.first?.day(future: terms.looksAhead)
        if let day = mentioned ?? analysis.moments.first.map({ calendar.day(of: $0.date) }) {
          arguments[parameter.name] = .string(parameter.wantsDateTime ? startOfDay(day) : day.description)
        }
      case .dateTime:
        if let moment = moment(analysis) {
          arguments[parameter.name] = .string(calendar.rfc3339(moment))
        } else if analysis.dates.first != nil {
          knownDays.insert(parameter.name)
        }
      case .time:
        if let time = analysis.times.first {
          arguments[parameter.name] = .string(time.text)
        } else if let moment = analysis.moments.first {
          let parts = calendar.calendar.dateComponents([.hour, .minute], from: moment.date)
          arguments[parameter.name] = .string(
            CalendarDay.pad(parts.hour ?? 0, 2) + ":" + CalendarDay.pad(parts.minute ?? 0, 2))
        }
      case .integer, .number:
        let index = numberIndex(for: parameter, numbers: numbers, used: usedNumbers, alone: numericCount == 1)
        if let index {
          let number = numbers[index]
          if parameter.kind == .integer {
            guard number.value.rounded() == number.value, abs(number.value) < 1e15 else { break }
            arguments[parameter.name] = .integer(Int(number.value))
          } else {
            arguments[parameter.name] = .number(number.value)
          }
          usedNumbers.insert(index)
          taken.append(number.range)
        }
      case .text:
        if parameter.isRequired { pendingText.append(parameter) }
      case .choice, .boolean, .unsupported:
        break
      }
    }

    // The free text goes to the first required text argument, in schema order.
    let candidates = parameters.filter { parameter in pendingText.contains { $0.name == parameter.name } }
    if let target = candidates.first,
      let rest = FreeText.remainder(of: text, excluding: taken, terms: terms, asName: target.kind == .choice)
    {
      arguments[target.name] = .string(rest)
    }

    let missing = parameters.filter { $0.isRequired && arguments[$0.name] == nil }
    // In schema order, as a model would write them.
    let ordered = JSONObject(
      parameters.compactMap { parameter in arguments[parameter.name].map { (parameter.name, $0) } })
    return Result(arguments: ordered, missing: missing, knownDays: knownDays)
  }

  // MARK: Lists

  private func mentionedChoice(
    _ parameter: ToolParameter,
    in text: OfflineText,
    excluding taken: [Range<Int>]
  ) -> (String, Range<Int>)? {
    var best: (value: String, range: Range<Int>)?
    for value in parameter.choices {
      let length = value.count
      guard length > (best?.value.count ?? 0) else { continue }
      if length < 2, !parameter.choicesAreClosed || !value.allSatisfy(\.isASCII) { continue }
      if let range = text.occurrences(of: value).first(where: { range in
        !taken.contains { $0.overlaps(range) } && !Self.isNegated(range, in: text)
      }) {
        best = (value, range)
      }
    }
    return best.map { ($0.value, $0.range) }
  }

  /// Words that, right before a value, say it is not the one meant: `不是北京，是上海`, "not Beijing".
  private static let negations = [
    "不是", "不要", "不在", "不去", "并非", "而不是", "not ", "not in ", "not at ", "instead of ",
  ]

  /// Whether the value at `range` is negated (`不是北京`, "not Beijing").
  static func isNegated(_ range: Range<Int>, in text: OfflineText) -> Bool {
    let before = text.foldedText(max(0, range.lowerBound - 12)..<range.lowerBound)
    return negations.contains { before.hasSuffix($0) }
  }

  // MARK: Dates

  private func rangeValue(_ parameter: ToolParameter, parameters: [ToolParameter], analysis: Analysis) -> String? {
    let dates = analysis.dates
    var first: CalendarDay
    var last: CalendarDay
    let hasBothEnds = parameters.contains { $0.kind == .rangeStart } && parameters.contains { $0.kind == .rangeEnd }
    if hasBothEnds, dates.count >= 2, !dates[0].isRange {
      first = dates[0].first
      last = dates[1].last
    } else if let mention = dates.first {
      first = mention.first
      last = mention.last
    } else if let moment = analysis.moments.first {
      first = calendar.day(of: moment.date)
      last = first
    } else {
      return nil
    }
    if last < first { swap(&first, &last) }
    if parameter.kind == .rangeStart {
      return parameter.wantsDateTime ? startOfDay(first) : first.description
    }
    if parameter.wantsDateTime {
      guard let end = calendar.date(of: last, hour: 23, minute: 59)?.addingTimeInterval(59) else { return nil }
      return calendar.rfc3339(end)
    }
    return last.description
  }

  private func startOfDay(_ day: CalendarDay) -> String {
    calendar.date(of: day).map(calendar.rfc3339) ?? day.description
  }

  /// A moment from a relative mention, or a day and a time; a time alone means
  /// its next occurrence (today, or tomorrow once it has passed).
  private func moment(_ analysis: Analysis) -> Date? {
    if let relative = analysis.moments.first { return relative.date }
    guard let time = analysis.times.first else { return nil }
    // A moment to come: a bare weekday (`周一`) is the next one, not this week's past one.
    let explicitDay = analysis.dates.first?.day(future: true)
    let day = explicitDay ?? calendar.today
    guard var date = calendar.date(of: day, hour: time.hour, minute: time.minute) else { return nil }
    if explicitDay == nil, date <= calendar.now,
      let next = calendar.date(of: calendar.today(plus: 1), hour: time.hour, minute: time.minute)
    {
      date = next
    }
    return date
  }

  // MARK: Numbers

  private func numberIndex(for parameter: ToolParameter, numbers: [NumberMention], used: Set<Int>, alone: Bool) -> Int?
  {
    let free = numbers.indices.filter { !used.contains($0) }.filter { index in
      let value = numbers[index].value
      if let minimum = parameter.minimum, value < minimum { return false }
      if let maximum = parameter.maximum, value > maximum { return false }
      return true
    }
    if let fitting = free.first(where: { NumberExtractor.unit(numbers[$0].unit, fits: parameter.name) }) {
      return fitting
    }
    if alone || parameter.isRequired { return free.first }
    return nil
  }
}
