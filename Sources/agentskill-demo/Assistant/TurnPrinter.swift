import AgentSkillDemoKit
import AgentSkillLLM
import Foundation

/// Prints one turn as it happens: phases, each tool call, its table or card,
/// and the answer as it streams.
///
/// On a terminal the phase is a status line rewritten in place; otherwise
/// (pipes, tests) each phase is a `· …` line. Every call gets its
/// `执行中：…` line even when the phase changed too fast to be seen.
@MainActor
final class TurnPrinter {
  private let chat: ChatAgent
  private let language: DemoLanguage
  private let firstMessage: Int
  private let output = Terminal.standardOutput
  private var lastPhase: String?
  private var lastNote: String?
  private var announcedCalls: Set<String> = []
  private var shownResults: Set<String> = []
  private var printedText: [ChatAgentMessage.ID: Int] = [:]
  private var openLine: ChatAgentMessage.ID?
  private var statusShown = false
  /// The `--timeout` seconds, named when a request timed out.
  private let timeout: Int
  /// Seconds since the question was sent, shown on the status line.
  private var waited = 0

  init(chat: ChatAgent, language: DemoLanguage, firstMessage: Int, timeout: Int = 60) {
    self.chat = chat
    self.language = language
    self.firstMessage = firstMessage
    self.timeout = timeout
  }

  /// A skill's name in the question's language.
  func skillName(_ id: String) -> String {
    chat.registry.displayName(for: id, locale: Locale(identifier: language.tag)) ?? id
  }

  /// The parameters schema of `id`'s skill, for argument labels.
  func inputSchema(_ id: String) -> JSONSchema? {
    try? chat.registry.resolve(toolName: id).inputSchema
  }

  /// Prints what changed since the last call.
  func render() {
    let messages = chat.messages
    let phase = chat.phase
    if firstMessage < messages.count {
      for message in messages[firstMessage...] {
        switch message.role {
        case .user:
          continue
        case .assistant:
          for call in message.toolCalls where [.running, .succeeded, .failed].contains(call.status) {
            announce(call)
          }
          stream(message)
        case .tool:
          if let result = message.toolResult { show(result, messageID: message.id) }
        }
      }
    }
    showPhase(phase)
  }

  /// Shows that `skillID` awaits confirmation (even if that phase was not
  /// observed yet), clears the status line and ends an open line, before
  /// the session prompts the user.
  func prepareForPrompt(confirming skillID: String) {
    if let text = PhaseText.text(.awaitingConfirmation(skillID: skillID), skillName: skillName, language: language),
      text != lastPhase
    {
      lastPhase = text
      if !output.isInteractive { note(text) }
    }
    clearStatus()
    closeLine()
  }

  /// Ends the turn's output: closes the answer's line and clears the status line.
  func finish() {
    clearStatus()
    closeLine()
    if let error = chat.lastError {
      let text = ErrorText.describe(error, language: language, timeout: timeout)
      output.writeLine(language.pick("✗ 出错了：", "✗ Error: ") + text)
    }
  }

  // MARK: Pieces

  private func announce(_ call: ChatToolCall) {
    guard announcedCalls.insert(call.id).inserted else { return }
    let text = PhaseText.text(.executing(skillID: call.skillID ?? call.name), skillName: skillName, language: language)
    if let text {
      lastPhase = text
      if lastNote != text { note(text) }
    }
  }

  private func show(_ result: ChatToolResult, messageID: ChatAgentMessage.ID) {
    guard shownResults.insert(result.callID).inserted else { return }
    if result.isSuccess {
      let body = result.display.plainText
      guard !body.isEmpty else { return }
      clearStatus()
      closeLine()
      lastNote = nil
      output.writeLine()
      for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
        output.writeLine("  " + line)
      }
      output.writeLine()
    } else if !result.summary.hasPrefix("The user declined") {
      let first = result.summary.split(separator: "\n").dropFirst().first.map(String.init) ?? result.summary
      let reason = DisplayCut.cut(first.trimmingCharacters(in: CharacterSet(charactersIn: "- ")), to: 100)
      if let parse = Self.unreadableArguments(in: result.summary) {
        note(
          language.pick(
            "参数不是有效的 JSON（\(DisplayCut.cut(parse, to: 80))），工具没有运行",
            "the arguments were not valid JSON (\(DisplayCut.cut(parse, to: 80))); the tool was not run"))
        return
      }
      if result.summary.hasPrefix("The arguments for tool") {
        // The validators write for the model, in English; the user reads which arguments, in their language.
        let labels = rejectedLabels(result)
        note(
          labels.isEmpty
            ? language.pick("参数未通过校验", "arguments rejected")
            : language.pick(
              "参数未通过校验：\(labels.joined(separator: "、"))", "arguments rejected: \(labels.joined(separator: ", "))"))
        return
      }
      note(language.pick("未完成：\(reason)", "did not complete: \(reason)"))
    }
  }

  /// The labels of the arguments a rejection names (`- /city: …` lines), in the session's language.
  private func rejectedLabels(_ result: ChatToolResult) -> [String] {
    let schema = result.skillID.flatMap(inputSchema)
    var labels: [String] = []
    for line in result.summary.split(separator: "\n") where line.hasPrefix("- /") {
      let path = line.dropFirst(2).prefix { $0 != ":" }
      guard let member = ArgumentLabel.member(ofPath: String(path)) else { continue }
      let label = ArgumentLabel.label(member, in: schema, language: language)
      if !labels.contains(label) { labels.append(label) }
    }
    return labels
  }

  /// `at byte 15: expected ',' or '}'` from a result saying the arguments were not JSON.
  static func unreadableArguments(in summary: String) -> String? {
    guard let start = summary.range(of: "were not valid JSON ("),
      let end = summary.range(of: "), so the tool was not run", range: start.upperBound..<summary.endIndex)
    else { return nil }
    return String(summary[start.upperBound..<end.lowerBound])
  }

  private func stream(_ message: ChatAgentMessage) {
    let printed = printedText[message.id] ?? 0
    let characters = message.text.count
    if characters > printed {
      if openLine != message.id {
        clearStatus()
        closeLine()
      }
      let start = message.text.index(message.text.startIndex, offsetBy: printed)
      output.write(String(message.text[start...]))
      lastNote = nil
      printedText[message.id] = characters
      openLine = message.id
    }
    if !message.isStreaming, openLine == message.id {
      closeLine()
    }
  }

  /// Shows, on a terminal's status line, how long the turn has waited
  /// (called once a second by the session).
  func tick(seconds: Int) {
    waited = seconds
    guard output.isInteractive, statusShown, let text = lastPhase else { return }
    writeStatus(text)
  }

  private func writeStatus(_ text: String) {
    let suffix = waited > 0 ? language.pick(" · 已等待 \(waited) 秒", " · waited \(waited) s") : ""
    output.write("\r\u{1B}[2K" + output.dim("⋯ " + text + suffix))
    statusShown = true
  }

  private func showPhase(_ phase: ChatPhase) {
    if case .failed = phase {
      // The error is printed once, in the question's language, when the turn ends.
      clearStatus()
      return
    }
    guard let text = PhaseText.text(phase, skillName: skillName, language: language) else {
      clearStatus()
      return
    }
    guard text != lastPhase else { return }
    lastPhase = text
    if case .responding = phase, openLine != nil { return }
    if output.isInteractive {
      guard openLine == nil else { return }
      writeStatus(text)
    } else {
      note(text)
    }
  }

  private func note(_ text: String) {
    clearStatus()
    closeLine()
    lastNote = text
    output.writeLine(output.dim("· " + text))
  }

  private func clearStatus() {
    guard statusShown else { return }
    output.write("\r\u{1B}[2K")
    statusShown = false
  }

  private func closeLine() {
    guard openLine != nil else { return }
    output.writeLine()
    openLine = nil
  }
}
