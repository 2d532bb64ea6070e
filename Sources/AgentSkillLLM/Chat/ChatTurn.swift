import AgentSkill

/// Everything a chat turn needs, fixed when the agent is created.
struct ChatTurnConfiguration: Sendable {
  let model: any LanguageModel
  let registry: SkillRegistry
  let instructions: String?
  let options: ChatAgentOptions
  let gate: ConfirmationGate
}

/// One user message answered: match tools, ask the model, run its calls,
/// send the summaries back, repeat, stream the answer.
///
/// Runs inside the turn skill's run, off the main actor; it reports
/// everything through `emit`, in order, from its own task.
struct ChatTurn: Sendable {
  let configuration: ChatTurnConfiguration
  let turn: Int
  let emit: EffectSink<ChatEffect>
  /// The conversation sent to the model, growing as the turn goes.
  var conversation: [ChatMessage]
  /// The next message position in the turn (0 is the user's message).
  var nextIndex = 1
  /// The phase this turn last asked for.
  var phase: ChatPhase = .analyzing
  /// Unusable calls in a row per tool, for the repair budget.
  var failures: [String: Int] = [:]
  /// Answers given before the turn asked (a restored conversation's confirmation), by call id.
  var preapproved: [String: Bool] = [:]
  /// The request the model asked about at the end of the previous turn, if any.
  let unansweredRequest: String?
  /// The tools offered to the previous turn, kept for a follow-up such as "那上海呢？".
  let previousTools: [String]
  /// What the conversation spent before this turn.
  let spentBefore: ChatUsage
  /// What this turn spent so far.
  var spent = ChatUsage.zero
  /// The input of the latest request: the next one's is at least as large.
  var lastInputTokens: Int

  init(
    configuration: ChatTurnConfiguration, turn: Int, history: [ChatAgentMessage], previousTools: [String] = [],
    spentBefore: ChatUsage = .zero, lastInputTokens: Int = 0, emit: EffectSink<ChatEffect>
  ) {
    self.configuration = configuration
    self.turn = turn
    self.emit = emit
    self.spentBefore = spentBefore
    self.lastInputTokens = history.isEmpty ? 0 : lastInputTokens
    self.conversation = ChatHistory.conversation(instructions: configuration.instructions, messages: history)
    self.unansweredRequest = ChatHistory.unansweredRequest(in: history)
    self.previousTools = history.isEmpty ? [] : previousTools
  }

  private var options: ChatAgentOptions { configuration.options }

  // MARK: - The loop

  mutating func run(text: String, images: [ChatImage] = []) async throws {
    // Files are read now, so the conversation keeps the images even if the files go away.
    var loaded: [ChatImage] = []
    for image in images {
      do throws(ChatImageError) {
        loaded.append(try image.loaded())
      } catch {
        emit(.turnStarted(turn: turn, text: text))
        emit.logger.warning("turn \(turn): an image could not be sent: \(error.description)")
        emit(.turnFailed(.image(error)))
        return
      }
    }
    emit(.turnStarted(turn: turn, text: text, images: loaded))
    let registry = configuration.registry
    var ranked = await registry.match(
      UserRequest(text), limit: options.matchLimit, threshold: options.matchThreshold)
    if ranked.isEmpty, let request = unansweredRequest {
      // A reply to the model's question ("下午三点") completes the earlier request.
      ranked = await registry.match(
        UserRequest(request + "\n" + text), limit: options.matchLimit, threshold: options.matchThreshold)
    }
    if ranked.isEmpty {
      // "那上海呢？" names a city: the skill that accepts it, even after a ledger question.
      ranked = await namedValueTools(text)
    }
    if ranked.isEmpty, !previousTools.isEmpty, FollowUpCue.continuesPreviousRequest(text) {
      // "那上海呢？" after a weather question continues it: keep that request's tools.
      ranked = await keptTools(previousTools)
    }
    let tools = await registry.toolDefinitions(for: ranked, screen: options.screen)
    try Task.checkCancellation()
    if ranked.isEmpty {
      emit.logger.debug("turn \(turn): no skill matched; plain chat")
    } else {
      emit.logger.debug("turn \(turn): offering \(ranked.map { "\($0.id) \($0.match)" }.joined(separator: ", "))")
    }
    emit(.toolsOffered(turn: turn, tools: tools.map(\.name)))
    conversation.append(.user(text, images: loaded))
    try await loop(tools: tools, from: 1)
  }

  /// Asks the model and runs its calls until it answers, from request number `firstStep` of the turn.
  private mutating func loop(tools: [ToolDefinition], from firstStep: Int) async throws {
    let maxSteps = max(1, options.maxSteps)
    for step in min(max(1, firstStep), maxSteps)...maxSteps {
      move(to: tools.isEmpty ? .responding : .selectingSkill)
      guard let answer = try await requestAnswer(tools: tools) else { return }
      if answer.calls.isEmpty {
        emit(.turnFinished)
        return
      }
      guard step < maxSteps else {
        for var call in answer.calls {
          call.status = .failed
          call.error = "Not run: the turn reached its limit of \(maxSteps) model requests."
          emit(.callFinished(answer.messageID, call, result: nil))
        }
        emit.logger.warning("turn \(turn): the model still called tools after \(maxSteps) steps")
        emit(.turnFailed(.stepLimitReached(maxSteps: maxSteps)))
        return
      }
      if let exhausted = try await execute(answer) {
        emit.logger.warning("turn \(turn): \(exhausted)")
        emit(.turnFailed(exhausted))
        return
      }
    }
  }

  /// Answers the confirmation of a restored conversation, whose turn no longer runs: the call runs (once) or is
  /// declined, with the other calls its message left pending, and the turn goes on from there.
  mutating func resume(callID: String, approved: Bool, history: [ChatAgentMessage]) async throws {
    guard let position = history.lastIndex(where: { $0.toolCalls.contains { $0.id == callID } }),
      history[position].toolCalls.first(where: { $0.id == callID })?.status == .pending
    else {
      emit.logger.debug("turn \(turn): call \(callID) no longer waits; nothing to resume")
      return
    }
    let message = history[position]
    nextIndex = (history.filter { $0.turn == turn }.map(\.id.index).max() ?? 0) + 1
    phase =
      message.toolCalls.first { $0.id == callID }.map { .awaitingConfirmation(skillID: $0.skillID ?? $0.name) }
      ?? phase
    // What the model was sent: the conversation before the message, the message with the calls answered or to be
    // answered now, and the results already given.
    let later = history[(position + 1)...]
    let answered = Set(later.compactMap(\.toolResult?.callID))
    let pending = message.toolCalls.filter { $0.status == .pending }
    conversation = ChatHistory.conversation(
      instructions: configuration.instructions, messages: Array(history[..<position]))
    conversation.append(
      .assistant(
        message.text,
        toolCalls: message.toolCalls.filter { answered.contains($0.id) || $0.status == .pending }.map {
          ToolCall(id: $0.id, name: $0.skillID ?? $0.name, arguments: ChatHistory.sendable($0.arguments))
        }, thinking: message.thinkingBlocks))
    for result in later.compactMap(\.toolResult) where message.toolCalls.contains(where: { $0.id == result.callID }) {
      conversation.append(.tool(result.summary, callID: result.callID, name: result.skillID ?? "tool"))
    }
    let tools = await configuration.registry.toolDefinitions(for: keptTools(previousTools), screen: options.screen)
    let resolved = await resolve(
      pending.map { ToolCall(id: $0.id, name: $0.name, arguments: $0.arguments) }, offered: tools.map(\.name))
    preapproved[callID] = approved
    let answer = Answer(
      messageID: message.id, calls: resolved.calls, skills: resolved.skills, problems: resolved.problems)
    if let exhausted = try await execute(answer) {
      emit.logger.warning("turn \(turn): \(exhausted)")
      emit(.turnFailed(exhausted))
      return
    }
    try await loop(tools: tools, from: spent.modelRequests + 1)
  }

  /// The available skills whose accepted values (their validators' lists) `text` names.
  private func namedValueTools(_ text: String) async -> [RankedSkill] {
    let registry = configuration.registry
    return await MainActor.run {
      let skills = registry.availableSkills
      let named = KnownValueCue.skills(named: text, in: skills.map { ($0.id, $0.knownValues) })
      return skills.filter { named.contains($0.id) }.map { skill in
        RankedSkill(skill: skill, match: IntentMatch(score: 1, reason: "names a value the skill accepts"))
      }
    }
  }

  /// The previous turn's tools, still available, ranked as they were offered.
  private func keptTools(_ names: [String]) async -> [RankedSkill] {
    let registry = configuration.registry
    return await MainActor.run {
      names.compactMap { name in
        guard let skill = try? registry.resolve(toolName: name) else { return nil }
        return RankedSkill(skill: skill, match: IntentMatch(score: 1, reason: "follow-up to the previous request"))
      }
    }
  }

  /// Asks for the phase when it differs from the current one.
  private mutating func move(to phase: ChatPhase) {
    guard phase != self.phase else { return }
    self.phase = phase
    emit(.transition(phase))
  }

  private mutating func nextMessageID() -> ChatAgentMessage.ID {
    defer { nextIndex += 1 }
    return ChatAgentMessage.ID(turn: turn, index: nextIndex)
  }

  // MARK: - One model request

  /// A model answer: its message and the calls it asked for, resolved.
  struct Answer {
    let messageID: ChatAgentMessage.ID
    var calls: [ChatToolCall]
    var skills: [AnyToolSkill?]
    var problems: [String?]
  }

  /// What one streamed request produced.
  struct Streamed {
    var text = ""
    var startedText = false
    var startedThinking = false
    /// Whether the message was added (with its first thinking or text).
    var startedMessage = false
    var usage: TokenUsage?
    var response: ChatResponse?
  }

  /// Streams one request; returns `nil` when the provider failed (the failure is already reported).
  private mutating func requestAnswer(tools: [ToolDefinition]) async throws -> Answer? {
    if let exceeded = budgetExceeded() {
      emit.logger.warning("turn \(turn): \(exceeded.description)")
      emit(.turnFailed(.budgetExceeded(exceeded)))
      return nil
    }
    let request = ChatRequest(
      messages: conversation, tools: tools, temperature: options.temperature, maxTokens: options.maxTokens)
    let messageID = nextMessageID()
    let streamed: Streamed
    do {
      streamed = try await stream(request, messageID: messageID, phaseBefore: phase)
    } catch {
      if error is CancellationError || Task.isCancelled || error as? LanguageModelError == .cancelled {
        throw CancellationError()
      }
      emit(record(usage: nil))
      fail(provider: error)
      return nil
    }
    if streamed.startedText { phase = .responding }
    guard let response = streamed.response else {
      emit(record(usage: streamed.usage))
      fail(provider: ChatStreamIncomplete())
      return nil
    }
    let text = response.text ?? streamed.text
    let resolved = await resolve(response.toolCalls, offered: tools.map(\.name))
    let thinking = response.thinking.flatMap { $0.isEmpty ? nil : $0 }
    var effects: [ChatEffect] = [record(usage: response.usage ?? streamed.usage)]
    if streamed.startedMessage {
      if streamed.startedThinking || thinking != nil || !response.thinkingBlocks.isEmpty {
        effects.append(.finishThinking(messageID, text: thinking, blocks: response.thinkingBlocks))
      }
      effects.append(.finishMessage(messageID, text: text, toolCalls: resolved.calls))
    } else {
      effects.append(
        .appendMessage(
          ChatAgentMessage(
            id: messageID, role: .assistant, text: text, toolCalls: resolved.calls, thinking: thinking,
            thinkingBlocks: response.thinkingBlocks)))
    }
    emit(contentsOf: effects)
    if !resolved.calls.isEmpty {
      conversation.append(
        .assistant(
          text,
          toolCalls: resolved.calls.map {
            ToolCall(id: $0.id, name: $0.skillID ?? $0.name, arguments: ChatHistory.sendable($0.arguments))
          },
          thinking: response.thinkingBlocks
        ))
    }
    return Answer(messageID: messageID, calls: resolved.calls, skills: resolved.skills, problems: resolved.problems)
  }

  /// The limit of the budget the next request would pass, if any.
  private func budgetExceeded() -> ChatBudgetExceeded? {
    guard let budget = options.budget else { return nil }
    var conversation = spentBefore
    conversation.tokens = conversation.tokens + spent.tokens
    conversation.modelRequests += spent.modelRequests
    if let cost = spent.cost { conversation.cost = (conversation.cost ?? 0) + cost }
    return budget.exceeded(
      turn: spent, conversation: conversation, nextInputTokens: lastInputTokens, prices: options.prices)
  }

  /// Counts one model request toward the turn's spending and returns its effect (priced when the agent has prices).
  private mutating func record(usage: TokenUsage?) -> ChatEffect {
    let cost = options.prices.map { $0.cost(of: usage ?? TokenUsage(inputTokens: 0, outputTokens: 0)) }
    spent.add(request: usage, cost: cost)
    if let usage { lastInputTokens = usage.inputTokens }
    return .modelRequest(usage: usage, cost: cost)
  }

  private func fail(provider error: any Error) {
    let message = SecretRedactor.redact(Self.describe(error))
    emit.logger.error("turn \(turn): the model request failed: \(message)")
    if let failure = error as? LanguageModelError {
      emit(.turnFailed(.model(failure.redacted())))
    } else {
      emit(.turnFailed(.provider(message: message)))
    }
  }

  /// Streams `request`, batching text into the message on the agent's clock.
  private func stream(_ request: ChatRequest, messageID: ChatAgentMessage.ID, phaseBefore: ChatPhase) async throws
    -> Streamed
  {
    let model = configuration.model
    let emit = self.emit
    let clock = emit.clock
    let window = options.streamBatchWindow
    let batcher = TextBatcher()
    let thinkingBatcher = TextBatcher()
    // The provider reports each HTTP attempt (its task inherits this value).
    let reporter = ProviderAttemptReporting.Reporter { emit(.modelAttempt($0)) }
    let events = ProviderAttemptReporting.$reporter.withValue(reporter) { model.stream(request) }
    return try await withThrowingTaskGroup(of: Void.self) { group in
      var streamed = Streamed()
      /// The message appears with the first words of its thinking or its text, whichever comes first.
      func startMessage() -> [ChatEffect] {
        guard !streamed.startedMessage else { return [] }
        streamed.startedMessage = true
        return [.appendMessage(ChatAgentMessage(id: messageID, role: .assistant, text: "", isStreaming: true))]
      }
      for try await event in events {
        switch event {
        case .textDelta(let text):
          guard !text.isEmpty else { continue }
          if !streamed.startedText {
            streamed.startedText = true
            var effects = startMessage()
            if phaseBefore != .responding { effects.append(.transition(.responding)) }
            emit(contentsOf: effects)
            group.addTask {
              await batcher.deliverBatches(every: window, on: clock) { emit(.appendText(messageID, $0)) }
            }
          }
          streamed.text += text
          batcher.append(text)
        case .thinkingDelta(let text):
          // Shown above the answer while it streams; never part of its text.
          guard !text.isEmpty else { continue }
          if !streamed.startedThinking {
            streamed.startedThinking = true
            emit(contentsOf: startMessage())
            group.addTask {
              await thinkingBatcher.deliverBatches(every: window, on: clock) { emit(.appendThinking(messageID, $0)) }
            }
          }
          thinkingBatcher.append(text)
        case .usage(let usage):
          streamed.usage = usage
        case .completed(let response):
          streamed.response = response
        case .toolCallStarted, .toolCallArgumentsDelta:
          break
        }
      }
      // Stop the batches before the whole text is applied, so none lands after it.
      batcher.finish()
      thinkingBatcher.finish()
      group.cancelAll()
      try await group.waitForAll()
      try Task.checkCancellation()
      return streamed
    }
  }

  /// Resolves each call's tool among the offered ones (on the main actor, where the registry lives).
  private func resolve(_ toolCalls: [ToolCall], offered: [String]) async -> (
    calls: [ChatToolCall], skills: [AnyToolSkill?], problems: [String?]
  ) {
    guard !toolCalls.isEmpty else { return ([], [], []) }
    let registry = configuration.registry
    let screen = options.screen
    return await MainActor.run {
      var calls: [ChatToolCall] = []
      var skills: [AnyToolSkill?] = []
      var problems: [String?] = []
      for call in toolCalls {
        do throws(SkillRegistryError) {
          let skill = try registry.resolve(toolName: call.name, offered: offered)
          let name = registry.displayName(for: skill.id, on: screen) ?? skill.id
          calls.append(
            ChatToolCall(id: call.id, name: call.name, skillID: skill.id, displayName: name, arguments: call.arguments))
          skills.append(skill)
          problems.append(nil)
        } catch {
          calls.append(
            ChatToolCall(id: call.id, name: call.name, skillID: nil, displayName: call.name, arguments: call.arguments))
          skills.append(nil)
          problems.append(error.description)
        }
      }
      return (calls, skills, problems)
    }
  }

  // MARK: - Running the calls

  /// How one call ended.
  struct CallOutcome: Sendable {
    let output: ToolOutput?
    let error: String?
    let duration: Duration
  }

  /// What a child task of a round reports.
  enum RoundEvent: Sendable {
    case finished(Int, CallOutcome)
    case answered(Int, Bool)
  }

  /// Validates and runs the calls of one answer, in parallel, asking for
  /// confirmation one call at a time; returns the error ending the turn
  /// when a tool's repair budget ran out.
  private mutating func execute(_ answer: Answer) async throws -> ChatAgentError? {
    var calls = answer.calls
    let messageID = answer.messageID
    move(to: .executing(skillID: calls.first.map { $0.skillID ?? $0.name } ?? ""))
    var summaries: [String: String] = [:]
    var problems: [(key: String, problem: String)] = []
    var runnable: [(index: Int, call: PreparedToolCall)] = []
    var needsConfirmation: [(index: Int, call: PreparedToolCall)] = []

    for index in calls.indices {
      guard let skill = answer.skills[index] else {
        let problem = answer.problems[index] ?? "Unknown tool \"\(calls[index].name)\"."
        calls[index].status = .failed
        calls[index].error = problem
        summaries[calls[index].id] = problem
        emit(.callFinished(messageID, calls[index], result: resultMessage(for: calls[index], summary: problem)))
        problems.append((calls[index].name, problem))
        continue
      }
      if case .string(let raw) = calls[index].arguments {
        // Not JSON at all: say so, with where it broke, instead of "must be an object".
        let problem = Self.unreadableArguments(raw, tool: skill.id)
        calls[index].status = .failed
        calls[index].error = problem
        summaries[calls[index].id] = problem
        emit(.callFinished(messageID, calls[index], result: resultMessage(for: calls[index], summary: problem)))
        problems.append((skill.id, problem))
        continue
      }
      do throws(ToolSkillError) {
        let prepared = try await skill.prepare(calls[index].arguments)
        calls[index].arguments = prepared.arguments
        if prepared.requiresConfirmation {
          needsConfirmation.append((index, prepared))
        } else {
          runnable.append((index, prepared))
        }
      } catch {
        let problem = error.description
        calls[index].status = .failed
        calls[index].error = problem
        summaries[calls[index].id] = problem
        emit(.callFinished(messageID, calls[index], result: resultMessage(for: calls[index], summary: problem)))
        if error.isCorrectableByModel { problems.append((skill.id, problem)) }
      }
    }
    try Task.checkCancellation()

    let environment = emit.skillContext.environment
    let timeout = options.toolTimeout
    let gate = configuration.gate
    let preapproved = preapproved
    var confirmations = needsConfirmation[...]
    var succeeded: Set<String> = []
    try await withThrowingTaskGroup(of: RoundEvent.self) { group in
      var running: [Int] = []
      var waiting: Int?
      // Asks the user about the next call that needs consent, one at a time.
      func requestNextConfirmation() {
        guard let next = confirmations.popFirst() else { return }
        waiting = next.index
        let callID = calls[next.index].id
        if let answer = preapproved[callID] {
          // Answered already (a restored conversation's question): not asked again.
          group.addTask { .answered(next.index, answer) }
          return
        }
        emit(.requestConfirmation(confirmationRequest(for: calls[next.index], messageID: messageID)))
        group.addTask { .answered(next.index, try await gate.wait(for: callID)) }
      }
      for (index, prepared) in runnable {
        calls[index].status = .running
        emit(.updateCall(messageID, calls[index]))
        running.append(index)
        group.addTask { .finished(index, try await Self.run(prepared, environment: environment, timeout: timeout)) }
      }
      requestNextConfirmation()
      showProgress(calls: calls, running: running, waiting: waiting)
      while let event = try await group.next() {
        switch event {
        case .finished(let index, let outcome):
          running.removeAll { $0 == index }
          calls[index].duration = outcome.duration
          let summary: String
          let display: ToolDisplay
          if let output = outcome.output {
            calls[index].status = .succeeded
            summary = output.summary
            display = output.display
            succeeded.insert(calls[index].skillID ?? calls[index].name)
          } else {
            let problem = outcome.error ?? "The tool failed."
            calls[index].status = .failed
            calls[index].error = problem
            summary = problem
            display = .none
          }
          summaries[calls[index].id] = summary
          emit(
            .callFinished(
              messageID, calls[index],
              result: resultMessage(
                for: calls[index], summary: summary, display: display, success: outcome.output != nil)
            ))
        case .answered(let index, let approved):
          waiting = nil
          emit(.confirmationAnswered(callID: calls[index].id))
          if approved {
            emit.logger.info("\(calls[index].skillID ?? calls[index].name) confirmed by the user")
            calls[index].status = .running
            emit(.updateCall(messageID, calls[index]))
            running.append(index)
            if let prepared = needsConfirmation.first(where: { $0.index == index })?.call {
              group.addTask {
                .finished(index, try await Self.run(prepared, environment: environment, timeout: timeout))
              }
            }
          } else {
            let summary =
              "The user declined to run \"\(calls[index].skillID ?? calls[index].name)\", so it was not run. "
              + "Do not call it again unless the user asks; tell the user it was not done."
            calls[index].status = .denied
            summaries[calls[index].id] = summary
            emit(.callFinished(messageID, calls[index], result: resultMessage(for: calls[index], summary: summary)))
          }
          requestNextConfirmation()
        }
        showProgress(calls: calls, running: running, waiting: waiting)
      }
    }

    for call in calls {
      guard let summary = summaries[call.id] else { continue }
      conversation.append(.tool(summary, callID: call.id, name: call.skillID ?? call.name))
    }
    for key in succeeded { failures[key] = 0 }
    for (key, problem) in problems {
      let count = (failures[key] ?? 0) + 1
      failures[key] = count
      if count > options.repairsPerCall {
        return .repairsExhausted(tool: key, repairs: max(0, options.repairsPerCall), problem: problem)
      }
    }
    return nil
  }

  /// Shows the call awaiting confirmation, else the first one running.
  private mutating func showProgress(calls: [ChatToolCall], running: [Int], waiting: Int?) {
    if let waiting, calls.indices.contains(waiting) {
      move(to: .awaitingConfirmation(skillID: calls[waiting].skillID ?? calls[waiting].name))
    } else if let first = running.first, calls.indices.contains(first) {
      move(to: .executing(skillID: calls[first].skillID ?? calls[first].name))
    }
  }

  private mutating func resultMessage(
    for call: ChatToolCall, summary: String, display: ToolDisplay = .none, success: Bool = false
  ) -> ChatAgentMessage {
    let result = ChatToolResult(
      callID: call.id, skillID: call.skillID, displayName: call.displayName, summary: summary, display: display,
      isSuccess: success)
    return ChatAgentMessage(id: nextMessageID(), role: .tool, text: summary, toolResult: result)
  }

  private func confirmationRequest(for call: ChatToolCall, messageID: ChatAgentMessage.ID) -> ChatConfirmationRequest {
    ChatConfirmationRequest(
      callID: call.id, skillID: call.skillID ?? call.name, displayName: call.displayName, arguments: call.arguments,
      messageID: messageID)
  }

  /// Runs a prepared call within the time limit, measuring it on the agent's clock.
  static func run(_ prepared: PreparedToolCall, environment: SkillEnvironment, timeout: Duration?) async throws
    -> CallOutcome
  {
    let elapsed = stopwatch(on: environment.clock)
    do {
      let output: ToolOutput
      if let timeout {
        let skill = ClosureSkill<Void, ToolOutput>(prepared.skillName) { _, context in
          try await prepared.run(context: context)
        }
        output = try await skill.timeout(timeout).run((), environment: environment)
      } else {
        output = try await prepared.run(environment: environment)
      }
      return CallOutcome(output: output, error: nil, duration: elapsed())
    } catch {
      if error is CancellationError || Task.isCancelled { throw CancellationError() }
      let message: String
      if let timedOut = error as? SkillTimeoutError {
        message =
          "The tool \"\(prepared.skillID)\" did not finish within \(timedOut.limit) and was stopped. "
          + "Tell the user it timed out; they can try again later."
      } else if let toolError = error as? ToolSkillError {
        message = toolError.description
      } else {
        message = ToolSkillError.executionFailed(skillID: prepared.skillID, underlying: error).description
      }
      return CallOutcome(output: nil, error: message, duration: elapsed())
    }
  }

  /// The tool result for arguments that could not be read: what the parser
  /// found and where (or that they nest too deeply), so the model can send
  /// them again as JSON.
  static func unreadableArguments(_ raw: String, tool: String) -> String {
    do throws(ToolCallError) {
      _ = try ToolArguments.parse(raw, tool: tool)
    } catch {
      if case .argumentsTooDeep = error { return error.description }
    }
    let detail: String
    do throws(JSONParseError) {
      let value = try JSONParser.parse(Array(raw.utf8))
      detail = "a JSON \(value.typeName) where an object was expected"
    } catch {
      detail = "at byte \(error.offset): \(error.reason)"
    }
    return "The arguments for tool \"\(tool)\" were not valid JSON (\(detail)), so the tool was not run. "
      + "Call \"\(tool)\" again with the arguments as one JSON object matching its parameters. Received: "
      + ToolCallError.snippet(of: raw)
  }

  static func describe(_ error: any Error) -> String {
    String(describing: error)
  }
}

/// The model's stream ended without its final event.
struct ChatStreamIncomplete: Error, CustomStringConvertible {
  var description: String {
    "the answer stream ended without its final event (the provider closed it early)."
  }
}
