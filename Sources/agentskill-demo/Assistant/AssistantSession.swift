import AgentSkill
import AgentSkillDemoKit
import AgentSkillLLM
import AgentSkillMCP
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
  /// Whether a question is being answered (Ctrl-C then cancels it).
  private var turnRunning = false
  /// Whether a confirmation prompt is waiting for the user's answer.
  private var awaitingAnswer = false
  /// Whether the user cancelled the current answer with Ctrl-C.
  private var cancelledByUser = false
  /// Whether the user asked to leave (Ctrl-C at the prompt, or twice within a second).
  private var quitRequested = false
  /// When Ctrl-C was last pressed.
  private var lastInterrupt: ContinuousClock.Instant?
  /// Answers already reported with `/bad`, so each is written (and announced) once.
  private var reportedAnswers: Set<ChatAgentMessage.ID> = []
  /// A question typed at a confirmation prompt, answered once the turn it interrupted ends.
  private var queuedQuestion: String?
  /// The language of the last question: notices and errors are written in it.
  private var language: DemoLanguage = .chinese

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
      // Written before the first question, so before the session has a language: in both.
      for notice in made.notices where notice.isWarning || Terminal.inputIsInteractive {
        errors.writeLine(notice.text(.chinese))
        errors.writeLine(notice.text(.english))
      }
    } catch {
      errors.writeLine("agentskill-demo: \(error)")
      return 1
    }
    let mcp = MCPServerTools()
    do {
      try await mcp.connect(options.mcpServers, into: registry)
      try await mcp.connect(urls: options.mcpURLs, into: registry)
    } catch {
      errors.writeLine("agentskill-demo: \(error)")
      return 1
    }
    for server in mcp.servers {
      let info = server.client.serverInfo
      errors.writeLine(
        errors.dim(
          "mcp: \(info.name) \(info.version) (\(server.source)): \(server.toolIDs.joined(separator: ", "))"))
    }
    let status = await converse(registry: registry, directory: directory)
    await mcp.close()
    return status
  }

  /// Answers the questions with the skills of `registry`; returns the exit status.
  private func converse(registry: SkillRegistry, directory: URL) async -> Int32 {
    let interactive = options.questions.isEmpty && Terminal.inputIsInteractive
    let model = options.model.makeModel(
      registry: registry, timeZone: calendar.timeZone, now: calendar.now, paced: output.isInteractive,
      timeout: .seconds(options.timeoutSeconds))
    if let type = options.jsonType {
      return await extract(type, model: model)
    }
    let chat = ChatAgent(
      model: model,
      registry: registry,
      instructions: Self.instructions(calendar: calendar),
      options: ChatAgentOptions(streamBatchWindow: .milliseconds(30)),
      feedbackLogURL: directory.appendingPathComponent("chat-feedback.jsonl"),
      name: "Assistant",
      // Release builds record no timeline unless asked: `--timeline FILE` asks.
      timeline: options.timelinePath == nil ? .automatic : AgentTimelineOptions())

    if interactive {
      output.writeLine(output.bold("AgentSkill 助手 · assistant") + output.dim("  (\(options.model.label(true)))"))
      output.writeLine(
        output.dim("试试：上周三的记账明细按类别汇总 · 北京天气怎么样 · 明天下午三点提醒我开周会 · 帮助 · 退出"))
      output.writeLine(
        output.dim(
          "Try: how much did I spend last week? · weather in Beijing tomorrow · remind me to call mom at 6pm · "
            + "help · exit"))
    }

    let interrupts = InterruptSignal { [weak self] in self?.interrupted(chat: chat) }
    if options.questions.isEmpty {
      let lines = StandardInputLines()
      input = lines
      reading: while !quitRequested {
        if interactive { output.write(output.bold("› ")) }
        switch await lines.next() {
        case nil, .interrupt?:
          if interactive { output.writeLine() }
          break reading
        case .tooLong(let characters, let language)?:
          output.writeLine(
            output.dim(
              language.pick(
                "· 输入太长（\(characters) 个字符，上限 \(StandardInputLines.maximumCharacters)），没有发送。请缩短后再问。",
                "· That input is too long (\(characters) characters, the limit is "
                  + "\(StandardInputLines.maximumCharacters)), so it was not sent. Please shorten it.")))
        case .line(let line)?:
          guard await handle(line, chat: chat, interactive: interactive) else { break reading }
        }
      }
    } else {
      for question in options.questions {
        guard await handle(question, chat: chat, interactive: false) else { break }
      }
    }
    interrupts.cancel()
    input?.restoreTerminal()

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
      reading: while let event = await lines.next() {
        switch event {
        case .line(let line): questions.append(line)
        case .tooLong(let characters, _):
          errors.writeLine(
            "agentskill-demo: a line of \(characters) characters is over the limit of "
              + "\(StandardInputLines.maximumCharacters); it was not sent.")
        case .interrupt: break reading
        }
      }
      lines.restoreTerminal()
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
      await reportLastAnswer(chat)
      return true
    case "/clear", "clear", "清空":
      await chat.clear().finish()
      output.writeLine(output.dim(language.pick("· 已清空对话", "· conversation cleared")))
      return true
    default:
      break
    }
    if !interactive { output.writeLine(output.bold("› ") + line) }
    await ask(line, chat: chat)
    while !quitRequested, let next = queuedQuestion {
      queuedQuestion = nil
      output.writeLine(output.bold("› ") + next)
      await ask(next, chat: chat)
    }
    if !interactive { output.writeLine() }
    return !quitRequested
  }

  /// Sends one question and prints the turn until it ends.
  private func ask(_ question: String, chat: ChatAgent) async {
    let language = DemoLanguage(detecting: question)
    self.language = language
    let turnsBefore = chat.context.turns.count
    let printer = TurnPrinter(
      chat: chat, language: language, firstMessage: chat.messages.count, timeout: options.timeoutSeconds)
    let signal = ChangeSignal()
    let handle = chat.send(question)
    var finished = false
    Task {
      await handle.finish()
      finished = true
      signal.wake()
    }
    turnRunning = true
    cancelledByUser = false
    // On a terminal, the status line counts the seconds waited, at most once a second.
    let ticker: Task<Void, Never>? =
      output.isInteractive
      ? Task { @MainActor in
        var seconds = 0
        while !Task.isCancelled {
          try? await Task.sleep(for: .seconds(1))
          guard !Task.isCancelled else { break }
          seconds += 1
          printer.tick(seconds: seconds)
        }
      } : nil
    var answered: Set<String> = []
    while true {
      signal.track { printer.render() }
      if let request = chat.pendingConfirmation, answered.insert(request.callID).inserted {
        let approved = await confirm(request, printer: printer, language: language)
        if cancelledByUser || quitRequested {
          _ = chat.cancel()
        } else if approved {
          chat.confirm()
        } else {
          chat.deny()
        }
        continue
      }
      if finished { break }
      await signal.wait()
    }
    ticker?.cancel()
    turnRunning = false
    printer.render()
    printer.finish()
    if cancelledByUser || quitRequested {
      output.writeLine(output.dim(language.pick("· 已取消这次回答", "· answer cancelled")))
    }
    if chat.context.turns.count > turnsBefore, chat.context.turns.last?.state == .failed { failedTurns += 1 }
  }

  /// Ctrl-C: cancels the answer being written; on a half-typed line at the
  /// prompt, discards the line and shows a fresh prompt, as shells do; at an
  /// empty prompt, or a second time within a second (or while the cancelled
  /// answer is still stopping), ends the session (the timeline is still written).
  private func interrupted(chat: ChatAgent) {
    if !turnRunning, input?.discardTypedLine() == true {
      output.writeLine("^C")
      output.write(output.bold("› "))
      return
    }
    let now = ContinuousClock.now
    let again = lastInterrupt.map { now - $0 < .seconds(1) } ?? false
    lastInterrupt = now
    if turnRunning, !again, !quitRequested, !cancelledByUser {
      cancelledByUser = true
      if awaitingAnswer { input?.interrupt() } else { _ = chat.cancel() }
      return
    }
    quitRequested = true
    if turnRunning { _ = chat.cancel() }
    input?.interrupt()
  }

  /// Asks the user to confirm a call (or confirms it with `--yes`).
  private func confirm(_ request: ChatConfirmationRequest, printer: TurnPrinter, language: DemoLanguage) async -> Bool {
    printer.prepareForPrompt(confirming: request.skillID)
    let name = printer.skillName(request.skillID)
    let schema = printer.inputSchema(request.skillID)
    let details = describe(request.arguments, schema: schema, language: language)
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
    awaitingAnswer = true
    defer { awaitingAnswer = false }
    while true {
      let event = await lines.next()
      guard case .line(let line)? = event else {
        // Ctrl-C or the end of input at the prompt: nothing is run.
        output.writeLine()
        return false
      }
      switch ConfirmationReply(line) {
      case .yes:
        return true
      case .no:
        return false
      case .newQuestion(let text):
        queuedQuestion = text
        output.writeLine(
          output.dim(
            language.pick(
              "· 已取消「\(name)」，没有执行；接着回答你的新问题。",
              "· Cancelled \(name) (nothing was done); answering your new question next.")))
        return false
      case .unclear:
        output.write(language.pick("请回答 是 或 否（y/n）：", "Please answer yes or no (y/n): "))
      }
    }
  }

  /// Records the last answer as irrelevant, once, and says so only after it was written.
  private func reportLastAnswer(_ chat: ChatAgent) async {
    guard let answer = chat.messages.last(where: { $0.role == .assistant && !$0.text.isEmpty }) else {
      output.writeLine(output.dim(language.pick("· 还没有可以反馈的回答", "· nothing to report yet")))
      return
    }
    guard reportedAnswers.insert(answer.id).inserted else {
      output.writeLine(output.dim(language.pick("· 这条回答已经反馈过了", "· this answer was already reported")))
      return
    }
    let before = chat.context.feedbackReports
    await chat.reportIrrelevant(messageID: answer.id)?.finish()
    if chat.context.feedbackReports > before {
      output.writeLine(
        output.dim(
          language.pick("· 反馈已记录：\(chat.feedbackLogURL.path)", "· feedback recorded in \(chat.feedbackLogURL.path)")))
    } else if let error = chat.lastError {
      output.writeLine("✗ " + ErrorText.describe(error, language: language, timeout: options.timeoutSeconds))
    }
  }

  /// `提醒内容：开周会，提醒时间：3月7日（周六） 15:00` / `reminder text: call mom, reminder time: Sat, Mar 7 15:00`:
  /// the arguments under the skill's labels, the language argument left out, times made readable.
  private func describe(_ arguments: JSONValue, schema: JSONSchema?, language: DemoLanguage) -> String {
    guard let object = arguments.objectValue else { return arguments.rendered() }
    let colon = language.pick("：", ": ")
    return object.members.filter { $0.key != "language" }.map { key, value in
      let label = ArgumentLabel.label(key, in: schema, language: language)
      guard let text = value.stringValue else { return label + colon + value.rendered() }
      if text.contains("T"), let date = calendar.moment(from: text) {
        return label + colon + "\(calendar.dayLabel(date, language)) \(calendar.timeString(date))"
      }
      return label + colon + text
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
    Commands: /bad (the last answer was irrelevant) · /clear (or clear, 清空) · exit
    """
}
