import AgentSkillLLM
import Foundation

/// One request as the rule-based model reads it: who spoke last, what the
/// user asked, and what the tools returned.
struct OfflineConversation {
  let model: RuleBasedModel
  let request: ChatRequest
  let calendar: OfflineCalendar

  init(model: RuleBasedModel, request: ChatRequest) {
    self.model = model
    self.request = request
    self.calendar = OfflineCalendar(now: model.now(), timeZone: model.timeZone)
  }

  private var messages: [ChatMessage] { request.messages }

  private var lastUserIndex: Int? { messages.lastIndex { $0.role == .user } }

  private var userText: String { lastUserIndex.map { messages[$0].content } ?? "" }

  private var language: RuleBasedModel.Language { RuleBasedModel.Language(detecting: userText) }

  func reply() -> ChatResponse {
    guard let last = messages.last(where: { $0.role != .system }) else {
      return text(SmallTalk.reply(to: "", language: language, capabilities: model.capabilities))
    }
    switch last.role {
    case .tool: return followUp()
    case .user: return answerUser()
    case .assistant, .system:
      return text(SmallTalk.reply(to: userText, language: language, capabilities: model.capabilities))
    }
  }

  private func text(_ content: String) -> ChatResponse {
    ChatResponse(text: content, finishReason: .stop)
  }

  /// `call_<n>`, numbered across the conversation so ids never repeat.
  private func callID(offset: Int = 0) -> String {
    let earlier = messages.reduce(0) { $0 + $1.toolCalls.count }
    return "call_\(earlier + offset + 1)"
  }

  // MARK: A user message

  private func answerUser() -> ChatResponse {
    let tools = request.toolChoice == ToolChoice.none ? [] : request.tools
    guard !tools.isEmpty else {
      if clarifiedText() != nil, !SmallTalk.isSmallTalk(userText) {
        // The answer to the model's question arrived without the tools it needs.
        return text(
          language.pick(
            "抱歉，我没能把这句和刚才的问题接上。请把完整的要求在一句话里再说一遍，比如「明天下午三点提醒我开周会」。",
            "Sorry, I couldn't connect that to my question. Please say the whole request in one sentence, "
              + "for example \"remind me to call mom tomorrow at 6pm\"."))
      }
      return text(SmallTalk.reply(to: userText, language: language, capabilities: model.capabilities))
    }
    let current = OfflineText(userText)
    let earlier = clarifiedText()
    guard let tool = chooseTool(tools, for: current, earlier: earlier.map(OfflineText.init)) else {
      return text(SmallTalk.reply(to: userText, language: language, capabilities: model.capabilities))
    }
    let analysis = ArgumentExtractor.Analysis(current, calendar: calendar)
    if let impossible = analysis.impossibleTimes.first, Self.takesTime(tool) {
      return text(
        language.pick(
          "抱歉，「\(impossible.text)」不是有效的时间（小时为 0–23，分钟为 0–59）。请问是几点？",
          "Sorry, \(impossible.text) isn't a valid time (hours run from 0 to 23, minutes from 0 to 59). "
            + "What time should it be?"))
    }
    var extraction = model.extract(tool, analysis: analysis, calendar: calendar, language: language)
    if let earlier {
      let combined = OfflineText(earlier + "\n" + userText)
      let merged = model.extract(
        tool, analysis: ArgumentExtractor.Analysis(combined, calendar: calendar), calendar: calendar,
        language: language)
      if !reusesRejectedValue(merged.arguments) {
        if merged.missing.count < extraction.missing.count {
          extraction = merged
        } else if extraction.isComplete {
          // "明天天气怎么样" → "杭州": the answer completes the request, whose day still counts.
          for member in merged.arguments.members where extraction.arguments[member.key] == nil {
            extraction.arguments[member.key] = member.value
          }
        }
      }
    }
    var arguments = extraction.arguments
    if !extraction.isComplete || analysis.shift != nil || Self.isFollowUp(current),
      let continued = continuation(of: tool, arguments: arguments, analysis: analysis)
    {
      arguments = continued
    }
    let missing = extraction.missing.filter { arguments[$0] == nil }
    if !missing.isEmpty, let question = extraction.question {
      return text(question)
    }
    let call = ToolCall(id: callID(), name: tool.name, arguments: .object(arguments))
    return ChatResponse(toolCalls: [call], finishReason: .toolCalls)
  }

  /// A follow-up to the previous call of `tool` ("只看交通", "what about
  /// transport only?", "and the week before?"), or a correction of it ("不是北京，是上海",
  /// "不对，改成明天上午十点", "I meant this week"): the arguments read from the
  /// text, the previous call's for those it does not give, its dates moved
  /// by a ``PeriodShift``. When the conversation's latest call was to `tool` and only
  /// list values are missing ("明天会下雨吗" after a forecast for 杭州), they are the
  /// previous call's too. `nil` when there is no previous call, or the text
  /// adds nothing to it.
  private func continuation(
    of tool: ToolDefinition, arguments: JSONObject, analysis: ArgumentExtractor.Analysis
  ) -> JSONObject? {
    guard let userIndex = lastUserIndex,
      let previous = messages[..<userIndex].reversed().lazy.flatMap(\.toolCalls).first(where: { $0.name == tool.name }),
      case .object(let earlier) = previous.arguments
    else { return nil }
    let parameters = ToolParameter.parameters(of: tool.parameters, knownValues: model.knownValues[tool.name] ?? [:])
    let dated = parameters.filter { [.rangeStart, .rangeEnd, .date].contains($0.kind) && !$0.wantsDateTime }
    let shift = analysis.shift
    let given = parameters.filter { $0.kind != .language && arguments[$0.name] != nil }
    let missing = parameters.filter { $0.isRequired && arguments[$0.name] == nil }
    let latest = messages[..<userIndex].reversed().lazy.flatMap(\.toolCalls).first
    let sameTopic =
      latest?.name == tool.name && !missing.isEmpty && missing.allSatisfy { $0.kind == .choice }
      && !reusesRejectedValue(
        JSONObject(missing.compactMap { parameter in earlier[parameter.name].map { (parameter.name, $0) } }))
    guard shift != nil || sameTopic || (!given.isEmpty && Self.isFollowUp(analysis.text)) else { return nil }
    var merged = arguments
    for parameter in parameters where merged[parameter.name] == nil {
      if let value = earlier[parameter.name] { merged[parameter.name] = value }
    }
    // "不是三点，是四点", "make it 7pm": a time alone moves the previous moment within its day.
    if analysis.dates.isEmpty, analysis.moments.isEmpty, let time = analysis.times.first {
      for parameter in parameters where parameter.kind == .dateTime && arguments[parameter.name] != nil {
        guard let day = earlier[parameter.name]?.stringValue.flatMap(calendar.day(from:)),
          let moment = calendar.date(of: day, hour: time.hour, minute: time.minute)
        else { continue }
        merged[parameter.name] = .string(calendar.rfc3339(moment))
      }
    }
    if let shift {
      let first = dated.first { $0.kind != .rangeEnd }.flatMap { earlier[$0.name]?.stringValue }
        .flatMap(calendar.day(from:))
      let last = dated.first { $0.kind == .rangeEnd }.flatMap { earlier[$0.name]?.stringValue }
        .flatMap(calendar.day(from:))
      // A day left out (a forecast for today) is today.
      guard let first = first ?? (dated.isEmpty ? nil : calendar.today) else { return nil }
      let (start, end) = shift.apply(first: first, last: last ?? first, calendar: calendar)
      for parameter in dated {
        merged[parameter.name] = .string(parameter.kind == .rangeEnd ? end.description : start.description)
      }
    }
    // In schema order, as a model would write them.
    return JSONObject(parameters.compactMap { parameter in merged[parameter.name].map { (parameter.name, $0) } })
  }

  /// Whether a short text narrows, continues or corrects the previous request: `只看交通`,
  /// `那上海呢`, `不是北京，是上海`, `我是说本周`, `what about transport only?`, `and in Shanghai?`,
  /// `no, I meant this week`.
  static func isFollowUp(_ text: OfflineText) -> Bool {
    let folded = String(text.folded).trimmingCharacters(in: .whitespacesAndNewlines)
    guard !folded.isEmpty, folded.count <= 40 else { return false }
    let openings = [
      "那", "只看", "只要", "只查", "仅看", "换成", "改成", "改为", "还有", "再看", "不对", "不是", "错了", "我是说",
      "我的意思是", "应该是", "and ", "what about", "how about", "only ", "just ", "no,", "no ", "not ", "i meant",
      "i mean", "actually", "sorry, i meant", "make it", "change it",
    ]
    let endings = ["呢", "呢?", "呢？", "only", "only?", "instead", "instead?", "too?"]
    return openings.contains { folded.hasPrefix($0) } || endings.contains { folded.hasSuffix($0) }
  }

  /// Whether `tool` has an argument for a moment or a time of day.
  private static func takesTime(_ tool: ToolDefinition) -> Bool {
    ToolParameter.parameters(of: tool.parameters, knownValues: [:]).contains {
      $0.kind == .dateTime || $0.kind == .time
    }
  }

  /// The tool to call: the one whose words and keywords the text mentions most, the
  /// longer keyword ("my reminders" over "reminder") then earlier (better ranked) tools
  /// winning ties; the first one when none is mentioned, unless the text is small talk.
  /// An answer to the model's question (`下午三点`) is read together with the request it
  /// completes. A text that only names one of a tool's values and asks for something
  /// else (`北京有什么好吃的`, `How far is Shanghai from Beijing?`) gets no tool.
  private func chooseTool(_ tools: [ToolDefinition], for text: OfflineText, earlier: OfflineText?) -> ToolDefinition? {
    if case .tool(let name) = request.toolChoice, let named = tools.first(where: { $0.name == name }) {
      return named
    }
    var best: (tool: ToolDefinition, score: ToolScore)?
    for tool in tools {
      let score = self.score(tool, text: text)
      if score.total > (best?.score.total ?? 0) { best = (tool, score) }
    }
    if best == nil, let earlier {
      for tool in tools {
        let score = self.score(tool, text: earlier)
        if score.total > (best?.score.total ?? 0) { best = (tool, score) }
      }
    }
    if let best {
      if best.score.words == 0, earlier == nil, request.toolChoice != .required,
        asksForSomethingElse(text, naming: best.tool)
      {
        return nil
      }
      return best.tool
    }
    if request.toolChoice != .required, SmallTalk.isSmallTalk(userText) { return nil }
    return tools.first
  }

  /// How well a tool fits a text: its words and keywords, and the values of its lists the text names.
  private struct ToolScore {
    var words = 0.0
    var values = 0.0
    var longestKeyword = 0

    var total: Double { words + values + Double(longestKeyword) / 100 }
  }

  private func score(_ tool: ToolDefinition, text: OfflineText) -> ToolScore {
    let terms = ToolTerms(name: tool.name, description: tool.description, keywords: model.keywords[tool.name] ?? [])
    var score = ToolScore()
    score.words = Double(terms.matches(in: text).count)
    let keywords = terms.keywordMatches(in: text)
    if keywords.count > 0 {
      score.words += 1
      score.longestKeyword = keywords.longest
    }
    let parameters = ToolParameter.parameters(of: tool.parameters, knownValues: model.knownValues[tool.name] ?? [:])
    for parameter in parameters where parameter.kind == .choice {
      if parameter.choices.contains(where: { $0.count >= 2 && !text.occurrences(of: $0).isEmpty }) {
        score.values += 1
      }
    }
    return score
  }

  /// Whether a text that names one of `tool`'s list values (and none of its words) asks for more than
  /// that value: words are left once the values, dates, times, fillers and the tool's keywords are
  /// taken out (`有什么好吃` in `北京有什么好吃的`, `far` in "How far is Shanghai from Beijing?"). A
  /// follow-up (`那上海呢`, `不是北京，是上海`) never does.
  private func asksForSomethingElse(_ text: OfflineText, naming tool: ToolDefinition) -> Bool {
    guard !Self.isFollowUp(text) else { return false }
    let parameters = ToolParameter.parameters(of: tool.parameters, knownValues: model.knownValues[tool.name] ?? [:])
    var taken = ArgumentExtractor.Analysis(text, calendar: calendar).temporalRanges
    for parameter in parameters where parameter.kind == .choice {
      for value in parameter.choices where value.count >= 2 { taken += text.occurrences(of: value) }
    }
    let terms = ToolTerms(name: tool.name, description: tool.description, keywords: model.keywords[tool.name] ?? [])
    return FreeText.remainder(of: text, excluding: taken, terms: terms, asName: true) != nil
  }

  /// Whether `arguments` holds a value a tool already rejected in this
  /// conversation (`纽约` after "暂不支持「纽约」"), so a bare "天气" asks for
  /// the city again instead of repeating the rejected one.
  private func reusesRejectedValue(_ arguments: JSONObject) -> Bool {
    var rejected: Set<String> = []
    for message in messages where message.role == .tool {
      guard case .invalidArguments(let violations) = ToolResultReading(message.content) else { continue }
      for violation in violations {
        if let value = violation.rejection?.rejected { rejected.insert(OfflineText.foldString(value)) }
      }
    }
    guard !rejected.isEmpty else { return false }
    return arguments.members.contains { member in
      member.value.stringValue.map { rejected.contains(OfflineText.foldString($0)) } ?? false
    }
  }

  /// The user's previous message when the model's last answer asked them
  /// something about it, so `明天下午三点` can complete `提醒我开周会`.
  ///
  /// Only a question counts (the answer ends with a question mark, as the
  /// chat agent also reads it): after an answer such as a weather summary,
  /// the next message is a new request, not a reply. A question that closed
  /// small talk ("不客气！还有什么需要帮忙的吗？") asked about no request.
  private func clarifiedText() -> String? {
    guard let userIndex = lastUserIndex, userIndex > 0 else { return nil }
    guard let askIndex = messages[..<userIndex].lastIndex(where: { $0.role != .system }),
      messages[askIndex].role == .assistant, messages[askIndex].toolCalls.isEmpty
    else { return nil }
    let asked = messages[askIndex].content.trimmingCharacters(in: .whitespacesAndNewlines)
    guard asked.hasSuffix("？") || asked.hasSuffix("?") else { return nil }
    guard let request = messages[..<askIndex].last(where: { $0.role == .user })?.content,
      !SmallTalk.isSmallTalk(request)
    else { return nil }
    return request
  }

  // MARK: Tool results

  private func followUp() -> ChatResponse {
    let start = (lastUserIndex ?? -1) + 1
    let turn = Array(messages[start...])
    guard let latestCallIndex = turn.lastIndex(where: { $0.role == .assistant && !$0.toolCalls.isEmpty }) else {
      let summaries = turn.filter { $0.role == .tool }.map(\.content)
      return text(
        summaries.isEmpty
          ? SmallTalk.reply(to: userText, language: language, capabilities: model.capabilities)
          : summaries.joined(separator: "\n"))
    }
    let attempts = turn.filter { $0.role == .assistant && !$0.toolCalls.isEmpty }.count
    let calls = turn[latestCallIndex].toolCalls
    let latest = turn[(latestCallIndex + 1)...].filter { $0.role == .tool }

    var corrected: [ToolCall] = []
    var problems: [String] = []
    var outcomes: [String] = []
    for message in latest {
      let reading = ToolResultReading(message.content)
      let call = calls.first { $0.id == message.toolCallID } ?? calls.first { $0.name == message.toolName }
      switch reading {
      case .success:
        break
      case .invalidArguments(let violations):
        if attempts <= RuleBasedModel.maximumCorrections, let call,
          let fixed = correction(of: call, violations: violations, offset: corrected.count)
        {
          corrected.append(fixed)
        } else {
          problems.append(question(for: violations, call: call))
        }
      case .failed(let reason):
        problems.append(language.pick("抱歉，没能完成：\(reason)。", "Sorry, that didn't work: \(reason)."))
      case .declined:
        outcomes.append(language.pick("好的，已取消，没有执行。", "OK, I've cancelled it — nothing was done."))
      case .unavailable(let message):
        let reason = Self.firstSentence(message)
        problems.append(language.pick("抱歉，这个功能现在用不了（\(reason)）。", "Sorry, I can't do that right now (\(reason))."))
      }
    }
    if !corrected.isEmpty, problems.isEmpty {
      return ChatResponse(toolCalls: corrected, finishReason: .toolCalls)
    }
    // Summaries from every round of this turn, so earlier successes are not lost.
    let summaries = turn.filter { $0.role == .tool }.compactMap { message -> String? in
      if case .success(let summary) = ToolResultReading(message.content) { return summary }
      return nil
    }
    let parts = summaries + outcomes + problems
    return text(parts.isEmpty ? language.pick("好的。", "Done.") : parts.joined(separator: "\n"))
  }

  /// The call with each rejected value replaced by the supported value it
  /// evidently meant; `nil` when any violation has no such value.
  private func correction(of call: ToolCall, violations: [ToolResultReading.Violation], offset: Int) -> ToolCall? {
    guard case .object(var arguments) = call.arguments, !violations.isEmpty else { return nil }
    let said = OfflineText(userText)
    for violation in violations {
      guard let member = violation.memberName, let rejection = violation.rejection else { return nil }
      guard let rejected = rejection.rejected ?? arguments[member]?.stringValue else { return nil }
      let folded = OfflineText.foldString(rejected)
      let candidate =
        rejection.supported.first { OfflineText.foldString($0) == folded }
        ?? rejection.supported.first { value in
          let option = OfflineText.foldString(value)
          return option.count >= 2 && (folded.contains(option) || (folded.count >= 2 && option.contains(folded)))
        }
        ?? rejection.supported.first { $0.count >= 2 && !said.occurrences(of: $0).isEmpty }
      guard let candidate, candidate != rejected else { return nil }
      arguments[member] = .string(candidate)
    }
    return ToolCall(id: callID(offset: offset), name: call.name, arguments: .object(arguments))
  }

  /// `抱歉，暂不支持「纽约」。目前支持：北京、上海等。请问换成哪一个？`
  private func question(for violations: [ToolResultReading.Violation], call: ToolCall?) -> String {
    if let violation = violations.first(where: { $0.rejection != nil }), let rejection = violation.rejection {
      let rejected = rejection.rejected ?? violation.memberName.flatMap { call?.arguments[$0]?.stringValue } ?? ""
      let listing = ArgumentQuestion.listing(rejection.supported, language: language) ?? ""
      switch language {
      case .chinese:
        return "抱歉，暂不支持「\(rejected)」。目前支持：\(listing)。请问换成哪一个？"
      case .english:
        let end = listing.hasSuffix("…") ? "" : "."
        return "Sorry, \"\(rejected)\" isn't supported. Supported: \(listing)\(end) Which one would you like instead?"
      }
    }
    let tool = call.flatMap { call in request.tools.first { $0.name == call.name } }
    let explanations = violations.prefix(3).map { ViolationWording.explain($0, tool: tool, language: language) }
    return explanations.joined(separator: language.pick("", " "))
      + language.pick("能换一个再试试吗？", " Could you try something else?")
  }

  /// The text up to its first sentence end, for short error notes.
  static func firstSentence(_ text: String) -> String {
    var sentence = ""
    for character in text {
      if character == "." || character == "。" || character == "\n" { break }
      sentence.append(character)
    }
    return String(sentence.prefix(160))
  }
}
