import AgentSkill
import AgentSkillDemoKit
import AgentSkillLLM
import Foundation

/// The terminal assistant: bookkeeping, weather and reminders through a
/// ``ChatAgent``, on the offline model unless a provider is configured.
@MainActor
final class AssistantSession {
  private let options: AssistantOptions
  private let output = Terminal.standardOutput
  private let errors = Terminal.standardError
  private let calendar: DemoCalendar
  private var input: StandardInputLines?
  private var failedTurns = 0

  init(options: AssistantOptions) {
    self.options = options
    let fixedNow = options.now
    self.calendar = DemoCalendar(timeZone: options.timeZone, now: { fixedNow ?? Date() })
  }

  /// Runs the session; returns the exit status.
  func run() async -> Int32 {
    let directory = DemoDataDirectory.resolve(
      override: options.dataDirectory, environment: ProcessInfo.processInfo.environment)
    let registry: SkillRegistry
    do {
      let made = try DemoSkills.makeRegistry(dataDirectory: directory, calendar: calendar)
      registry = made.registry
      for notice in made.notices where notice.isWarning || Terminal.inputIsInteractive {
        errors.writeLine(notice.text(.chinese))
      }
    } catch {
      errors.writeLine("agentskill-demo: \(error)")
      return 1
    }
    let interactive = options.questions.isEmpty && Terminal.inputIsInteractive
    let model = options.model.makeModel(
      registry: registry, timeZone: calendar.timeZone, now: calendar.now, paced: output.isInteractive)
    if let type = options.jsonType {
      return await extract(type, model: model)
    }
    let chat = ChatAgent(
      model: model,
      registry: registry,
      instructions: Self.instructions(calendar: calendar),
      options: ChatAgentOptions(streamBatchWindow: .milliseconds(30)),
      feedbackLogURL: directory.appendingPathComponent("chat-feedback.jsonl"),
      name: "Assistant")

    if interactive {
      output.writeLine(output.bold("AgentSkill 助手 · assistant") + output.dim("  (\(options.model.label(true)))"))
      output.writeLine(
        output.dim("试试：上周三的记账明细按类别汇总 · 北京天气怎么样 · 明天下午三点提醒我开周会 · help · exit"))
    }

    if options.questions.isEmpty {
      let lines = StandardInputLines()
      input = lines
      while true {
        if interactive { output.write(output.bold("› ")) }
        guard let line = await lines.next() else { break }
        guard await handle(line, chat: chat, interactive: interactive) else { break }
      }
    } else {
      for question in options.questions {
        guard await handle(question, chat: chat, interactive: false) else { break }
      }
    }

    if let path = options.timelinePath {
      do {
        let data = try chat.exportTimeline().jsonData()
        try data.write(to: URL(fileURLWithPath: (path as NSString).expandingTildeInPath), options: .atomic)
        errors.writeLine(output.dim("timeline → \(path)"))
      } catch {
        errors.writeLine("agentskill-demo: cannot write the timeline to \(path): \(error)")
        return 1
      }
    }
    return failedTurns == 0 ? 0 : 1
  }

  /// `--json TYPE`: each question (from --ask or standard input) as a typed value.
  private func extract(_ type: String, model: any LanguageModel) async -> Int32 {
    var questions = options.questions
    if questions.isEmpty {
      let lines = StandardInputLines()
      while let line = await lines.next() { questions.append(line) }
    }
    var failures = 0
    for question in questions where !question.trimmingCharacters(in: .whitespaces).isEmpty {
      output.writeLine(output.bold("› ") + question)
      do {
        for line in try await TypedExtraction.run(type, question: question, model: model, timeZone: calendar.timeZone) {
          output.writeLine(line)
        }
      } catch {
        failures += 1
        errors.writeLine("\(error)")
      }
    }
    return failures == 0 ? 0 : 1
  }

  /// Handles one line; returns `false` to end the session.
  private func handle(_ raw: String, chat: ChatAgent, interactive: Bool) async -> Bool {
    let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !line.isEmpty else { return true }
    switch line.lowercased() {
    case "exit", "quit", "/exit", "/quit", "退出":
      return false
    case "help", "/help", "?", "帮助":
      output.writeLine(Self.tips)
      return true
    case "/bad", "/irrelevant":
      reportLastAnswer(chat)
      return true
    case "/clear":
      await chat.clear().finish()
      output.writeLine(output.dim("· cleared"))
      return true
    default:
      break
    }
    if !interactive { output.writeLine(output.bold("› ") + line) }
    await ask(line, chat: chat)
    if !interactive { output.writeLine() }
    return true
  }

  /// Sends one question and prints the turn until it ends.
  private func ask(_ question: String, chat: ChatAgent) async {
    let language = DemoLanguage(detecting: question)
    let turnsBefore = chat.context.turns.count
    let printer = TurnPrinter(chat: chat, language: language, firstMessage: chat.messages.count)
    let signal = ChangeSignal()
    let handle = chat.send(question)
    var finished = false
    Task {
      await handle.finish()
      finished = true
      signal.wake()
    }
    var answered: Set<String> = []
    while true {
      signal.track { printer.render() }
      if let request = chat.pendingConfirmation, answered.insert(request.callID).inserted {
        if await confirm(request, printer: printer, language: language) { chat.confirm() } else { chat.deny() }
        continue
      }
      if finished { break }
      await signal.wait()
    }
    printer.render()
    printer.finish()
    if chat.context.turns.count > turnsBefore, chat.context.turns.last?.state == .failed { failedTurns += 1 }
  }

  /// Asks the user to confirm a call (or confirms it with `--yes`).
  private func confirm(_ request: ChatConfirmationRequest, printer: TurnPrinter, language: DemoLanguage) async -> Bool {
    printer.prepareForPrompt(confirming: request.skillID)
    let name = printer.skillName(request.skillID)
    let details = describe(request.arguments, language: language)
    let question = language.pick("需要确认：\(name)（\(details)）", "Confirm \(name) (\(details))")
    if options.autoConfirm {
      output.writeLine("? " + question + language.pick(" → 已确认（--yes）", " → yes (--yes)"))
      return true
    }
    guard Terminal.inputIsInteractive else {
      output.writeLine(
        "? " + question
          + language.pick(" → 未确认：非交互运行时请加 --yes", " → not confirmed: pass --yes when not running interactively"))
      return false
    }
    let lines = input ?? StandardInputLines()
    input = lines
    output.write("? " + question + language.pick(" 确认吗？[y/N] ", " Go ahead? [y/N] "))
    guard let answer = await lines.next()?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
    return ["y", "yes", "是", "好", "确认", "ok"].contains(answer)
  }

  private func reportLastAnswer(_ chat: ChatAgent) {
    guard let answer = chat.messages.last(where: { $0.role == .assistant && !$0.text.isEmpty }) else {
      output.writeLine(output.dim("· nothing to report yet"))
      return
    }
    chat.reportIrrelevant(messageID: answer.id)
    output.writeLine(output.dim("· feedback recorded in \(chat.feedbackLogURL.path)"))
  }

  /// `title: 开周会, at: 3月7日（周六） 15:00` (the language argument left out, times made readable).
  private func describe(_ arguments: JSONValue, language: DemoLanguage) -> String {
    guard let object = arguments.objectValue else { return arguments.rendered() }
    return object.members.filter { $0.key != "language" }.map { key, value in
      guard let text = value.stringValue else { return "\(key): \(value.rendered())" }
      if text.contains("T"), let date = calendar.moment(from: text) {
        return "\(key): \(calendar.dayLabel(date, language)) \(calendar.timeString(date))"
      }
      return "\(key): \(text)"
    }.joined(separator: language.pick("，", ", "))
  }

  static func instructions(calendar: DemoCalendar) -> String {
    let now = calendar.now()
    return """
      You are the AgentSkill demo assistant. Use the tools for the user's ledger (expenses by category), \
      the weather in supported cities, and reminders. Fill the `language` argument with the user's language \
      (zh or en) and answer briefly in that language, from the tools' summaries. \
      Now is \(calendar.timestamp(now)) (\(calendar.weekdayName(now, .english))); weeks start on Monday.
      """
  }

  static let tips = """
    问我：上周三的记账明细按类别汇总 · 本月的开销 · 北京天气怎么样 · 明天上海会下雨吗 · 明天下午三点提醒我开周会 · 我的提醒
    Ask: last Wednesday's expenses by category · weather in Shenzhen tomorrow · remind me to call mom at 6pm
    Commands: /bad (the last answer was irrelevant) · /clear · exit
    """
}
