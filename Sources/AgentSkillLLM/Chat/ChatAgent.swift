import AgentSkill
import AgentSkillAutonomy
import Foundation
import Observation

/// A chat assistant whose model can use your skills: it offers the skills
/// that fit each message as tools, runs the calls the model asks for,
/// sends the results back, and streams the answer.
///
/// ```swift
/// @MainActor
/// func makeAssistant(apiKey: String) throws -> ChatAgent {
///   let registry = SkillRegistry()
///   try registry.register(WeatherSkill())
///   try registry.register(CreateReminderSkill())   // requiresConfirmation
///   return ChatAgent(
///     model: OpenAICompatibleModel.openAI(apiKey: apiKey, model: "gpt-4o-mini"),
///     registry: registry,
///     instructions: "You are a helpful assistant. Answer in the user's language.")
/// }
///
/// struct ChatScreen: View {
///   @State var chat: ChatAgent
///   @State private var draft = ""
///
///   var body: some View {
///     VStack {
///       // A row per question and answer; tool requests and results are
///       // messages too, without words (see ChatAgentMessage.showsTextBubble).
///       List(chat.messages.filter(\.showsTextBubble)) { message in
///         ChatBubble(message: message)   // AgentSkillChatUI; a typing indicator until words stream in
///       }
///       if case .executing(let skillID) = chat.phase {
///         Text("Executing: \(chat.registry.displayName(for: skillID) ?? skillID)")
///       }
///       if let request = chat.pendingConfirmation {
///         Text("Run \(request.displayName)?")
///         Button("Confirm") { chat.confirm() }
///         Button("Deny") { chat.deny() }
///       }
///       TextField("Message", text: $draft)
///         .onSubmit {
///           chat.send(draft)
///           draft = ""
///         }
///     }
///   }
/// }
/// ```
///
/// `ChatView` (in AgentSkillChatUI) is this screen done for you, with each
/// tool's call and result (tables, values) shown in place.
///
/// ## The loop
/// For each message: the registry's ``SkillRegistry/match(_:limit:threshold:)``
/// picks at most ``ChatAgentOptions/matchLimit`` tools above the threshold. When
/// none match, a reply to the model's question is matched together with the
/// request it completes; then a message naming a value a skill's validators
/// accept (`那上海呢？` — a city) gets that skill; then a short follow-up
/// (`what about tomorrow?`) keeps the previous request's tools; else plain
/// chat, no tools sent. The model is asked with the history and those
/// tools; each call is resolved (an unknown name is answered with the list of
/// tools, so the model can correct itself), validated against the schema and
/// validators (invalid arguments are answered with the violations, at most
/// ``ChatAgentOptions/repairsPerCall`` times per tool), and run — several at
/// once when the model asks for several, each within ``ChatAgentOptions/toolTimeout``
/// on the environment's clock. A skill that ``ToolSkill/requiresConfirmation``
/// waits in ``ChatPhase/awaitingConfirmation(skillID:)`` until ``confirm()``
/// or ``deny()``. The results' summaries (never raw data) go back to the
/// model, up to ``ChatAgentOptions/maxSteps`` requests; the answer streams
/// into the last assistant message.
///
/// ## State
/// ``phase`` follows ``ChatPhaseTransitions``; an illegal change is refused,
/// recorded in the timeline and logged. ``messages`` hold the conversation with
/// each call's status, arguments and duration, and each result's ``ToolDisplay``.
/// Streamed text is applied in batches (``ChatAgentOptions/streamBatchWindow``),
/// so observers are not notified per token.
///
/// ## Built on an agent
/// Everything runs through ``agent``, an ``/AgentSkill/Agent`` with ``ChatContext``,
/// ``ChatIntent`` and ``ChatEffect``: its timeline records every turn
/// (``exportTimeline()``), ``cancel()`` and a new ``send(_:images:)`` cancel the turn
/// in flight (model stream and running tools; a cancelled call's result never
/// appears), and the same skills and ``ChatReducer`` can be driven by an
/// `AgentTestStore` (see ``makeSkills(model:registry:instructions:options:feedbackLogURL:gate:)``).
///
/// ## Multi-agent
/// ``asTool(id:displayName:description:tags:keywords:)`` mounts a chat agent,
/// with its own tools and instructions, as one tool of another agent's registry.
@MainActor
@Observable
public final class ChatAgent {
  /// The agent underneath.
  public typealias Core = Agent<ChatContext, ChatIntent, ChatEffect>

  /// The agent underneath: its context, timeline and cancellation.
  public let agent: Core
  /// The skills this chat may offer.
  public let registry: SkillRegistry
  /// The model it asks.
  public let model: any LanguageModel
  /// The system instructions sent first in every request.
  public let instructions: String?
  /// How the loop runs.
  public let options: ChatAgentOptions
  /// Where ``reportIrrelevant(messageID:)`` appends its lines.
  public let feedbackLogURL: URL

  @ObservationIgnored private var turnCount = 0
  /// The call of a restored conversation's confirmation, which no running turn waits for.
  @ObservationIgnored private var restoredConfirmation: String?
  private let logger: SkillLogger

  /// Creates a chat agent.
  ///
  /// - Parameters:
  ///   - model: The model to ask.
  ///   - registry: The skills it may offer.
  ///   - instructions: System instructions sent first in every request. Defaults to none.
  ///   - options: How the loop runs. Defaults to 6 steps, 2 repairs per tool, 20 tools per request.
  ///   - feedbackLogURL: Where feedback lines go. Defaults to
  ///     `AgentSkill/chat-feedback.jsonl` in Application Support.
  ///   - name: The agent's name in logs and the timeline. Defaults to `ChatAgent`.
  ///   - environment: Clock (tool timeouts, durations, text batching),
  ///     dependencies handed to skills, monitor and log sink. Pass a `TestClock` in tests.
  ///   - timeline: How the timeline records. Defaults to `AgentTimelineOptions.automatic`:
  ///     1,000 entries within 256 KiB in debug builds, off in release builds.
  public init(
    model: any LanguageModel,
    registry: SkillRegistry,
    instructions: String? = nil,
    options: ChatAgentOptions = ChatAgentOptions(),
    feedbackLogURL: URL? = nil,
    name: String = "ChatAgent",
    environment: SkillEnvironment = SkillEnvironment(),
    timeline: AgentTimelineOptions = .automatic
  ) {
    let url = feedbackLogURL ?? FeedbackLog.defaultURL
    self.model = model
    self.registry = registry
    self.instructions = instructions
    self.options = options
    self.feedbackLogURL = url
    self.agent = Agent(
      context: ChatContext(),
      skills: Self.makeSkills(
        model: model, registry: registry, instructions: instructions, options: options, feedbackLogURL: url,
        gate: ConfirmationGate()),
      reduce: ChatReducer.reduce,
      name: name,
      environment: environment,
      timeline: timeline)
    self.logger = SkillLogger(name: name, id: agent.id, sink: environment.logSink)
  }

  /// The skills a chat agent mounts, for driving ``ChatReducer`` with your
  /// own `Agent` or an `AgentTestStore`.
  ///
  /// ```swift
  /// let store = AgentTestStore(
  ///   context: ChatContext(),
  ///   skills: ChatAgent.makeSkills(model: ScriptedLanguageModel([.text("吃过了。")]), registry: SkillRegistry()),
  ///   reduce: ChatReducer.reduce,
  ///   environment: SkillEnvironment(clock: TestClock()))
  /// store.exhaustivity = .off  // only the outcome; with `.on`, receive every effect in order
  /// await store.send(.send(text: "你今天吃了吗", turn: 1))
  /// await store.receive(.turnFinished)
  /// #expect(store.context.messages.map(\.text) == ["你今天吃了吗", "吃过了。"])
  /// await store.finish()
  /// ```
  ///
  /// - Parameters:
  ///   - model: The model to ask.
  ///   - registry: The skills it may offer.
  ///   - instructions: System instructions.
  ///   - options: How the loop runs.
  ///   - feedbackLogURL: Where feedback lines go; `nil` for the default.
  ///   - gate: Where confirmations are answered; share it between the skills.
  /// - Returns: The turn skill (send, cancel, clear) and the control skill
  ///   (confirm, deny, feedback, rejected transitions).
  public static func makeSkills(
    model: any LanguageModel,
    registry: SkillRegistry,
    instructions: String? = nil,
    options: ChatAgentOptions = ChatAgentOptions(),
    feedbackLogURL: URL? = nil,
    gate: ConfirmationGate = ConfirmationGate()
  ) -> [any IntentSkill<ChatContext, ChatIntent, ChatEffect>] {
    let configuration = ChatTurnConfiguration(
      model: model, registry: registry, instructions: instructions, options: options, gate: gate)
    return [
      ChatTurnSkill(configuration: configuration),
      ChatControlSkill(gate: gate, feedbackLog: FeedbackLog(url: feedbackLogURL ?? FeedbackLog.defaultURL)),
    ]
  }

  // MARK: - State

  /// The whole state: conversation, phase, confirmation, error and metrics.
  ///
  /// Reading it observes every field; the properties below observe one field
  /// each, so a view that shows only ``phase`` is not refreshed by each batch
  /// of streamed text.
  public var context: ChatContext { agent.context }
  /// What the agent is doing.
  public var phase: ChatPhase { agent.phase }
  /// The conversation, oldest first.
  public var messages: [ChatAgentMessage] { agent.messages }
  /// The call waiting for ``confirm()`` or ``deny()``, if any.
  public var pendingConfirmation: ChatConfirmationRequest? { agent.pendingConfirmation }
  /// Why the last turn (or feedback write) failed; cleared when a turn starts.
  public var lastError: ChatAgentError? { agent.lastError }
  /// What the agent is doing, for a status line: thinking, executing a skill (by the name people see), waiting for
  /// a confirmation, or failed with the question to retry. Observes the phase, and the other fields only in the
  /// phases that show them: streamed text does not refresh a view that shows it.
  public var activity: ChatActivity {
    let registry = registry
    return ChatActivity(agent: agent, displayName: { registry.displayName(for: $0) })
  }
  /// Per-skill timings and token usage, for the debug panel.
  public var metrics: ChatAgentMetrics { agent.metrics }
  /// What the agent did, with durations: intents, skill runs, effects.
  public var timeline: AgentTimeline<ChatContext, ChatIntent, ChatEffect> { agent.timeline }

  /// The timeline as a JSON-ready document (redacted).
  ///
  /// - Returns: The document.
  public func exportTimeline() -> AgentTimelineDocument { agent.exportTimeline() }

  // MARK: - Actions

  /// Sends the user's message; a turn in flight is cancelled first.
  ///
  /// ```swift
  /// @MainActor
  /// func ask(_ chat: ChatAgent) async {
  ///   await chat.send("北京天气怎么样？").finish()
  ///   print(chat.messages.last?.text ?? "")  // "北京今天多云，22°C。"
  /// }
  /// ```
  ///
  /// With images, the user's message carries them to the model (each
  /// provider in its own format) and shows them in its bubble; files are read
  /// when the turn starts, and the conversation keeps their bytes. A missing
  /// file or one that is not a PNG or JPEG image fails the turn with
  /// ``ChatAgentError/image(_:)`` before anything is sent.
  ///
  /// ```swift
  /// @MainActor
  /// func askAboutReceipt(_ chat: ChatAgent, photo: URL) async {
  ///   await chat.send("这张收据是哪天的？", images: [.file(photo)]).finish()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - text: What the user said.
  ///   - images: PNG or JPEG images attached to the message. Defaults to none.
  /// - Returns: A handle to await the turn's end or cancel it.
  @discardableResult
  public func send(_ text: String, images: [ChatImage] = []) -> AgentTask {
    restoredConfirmation = nil
    return startTurn(text, images: images).task
  }

  /// Starts a turn, returning its number too (for sub-agent tools).
  func startTurn(_ text: String, images: [ChatImage] = []) -> (task: AgentTask, turn: Int) {
    turnCount += 1
    let turn = max(turnCount, (agent.context.turns.last?.turn ?? 0) + 1)
    turnCount = turn
    return (agent.send(.send(text: text, images: images, turn: turn)), turn)
  }

  /// Runs the call waiting for confirmation (``pendingConfirmation``).
  /// Does nothing when none waits.
  public func confirm() {
    guard let request = agent.context.pendingConfirmation else {
      logger.debug("confirm(): no call is waiting for confirmation")
      return
    }
    if answerRestoredConfirmation(request, approved: true) { return }
    agent.send(.confirm(callID: request.callID))
  }

  /// Declines the call waiting for confirmation: it is not run, and the
  /// model is told the user declined. Does nothing when none waits.
  public func deny() {
    guard let request = agent.context.pendingConfirmation else {
      logger.debug("deny(): no call is waiting for confirmation")
      return
    }
    if answerRestoredConfirmation(request, approved: false) { return }
    agent.send(.deny(callID: request.callID))
  }

  /// Answers a restored conversation's confirmation by resuming its turn; `false` when `request` is a live one.
  private func answerRestoredConfirmation(_ request: ChatConfirmationRequest, approved: Bool) -> Bool {
    guard request.callID == restoredConfirmation else { return false }
    // Cleared now, so a second tap finds nothing to answer: the call runs once.
    restoredConfirmation = nil
    agent.apply(.confirmationAnswered(callID: request.callID))
    agent.send(.resume(callID: request.callID, approved: approved))
    return true
  }

  /// Stops the turn in flight: the model stream and running tools are
  /// cancelled at once, running calls become cancelled (with no result),
  /// and the phase returns to idle.
  ///
  /// - Returns: A handle to await the cancellation's effects.
  @discardableResult
  public func cancel() -> AgentTask {
    agent.send(.cancel)
  }

  /// Cancels everything in flight — the turn, its tools, a feedback
  /// write — as when the screen that owns the chat is closed
  /// (``/AgentSkill/AgentChildren`` calls it when it releases the chat).
  public func cancelAll() {
    agent.cancelAll()
  }

  /// Forgets the conversation (cancelling the turn in flight); metrics are kept.
  ///
  /// - Returns: A handle to await the change.
  @discardableResult
  public func clear() -> AgentTask {
    restoredConfirmation = nil
    return agent.send(.clear)
  }

  // MARK: - Saving and restoring

  /// The conversation as a value to save: messages, turns, a waiting confirmation and what it spent.
  public var conversation: ChatConversation { ChatConversation(agent.context) }

  /// Replaces the conversation with a saved one, cancelling the turn in flight.
  ///
  /// Text that was streaming stops and calls that were running are cancelled,
  /// never run again. A confirmation that was waiting is asked again:
  /// ``confirm()`` runs its call once and the model answers, as if the app had
  /// never closed; ``deny()`` tells the model it was declined.
  ///
  /// ```swift
  /// @MainActor
  /// func reopen(_ chat: ChatAgent, saved: ChatConversation) {
  ///   chat.restore(saved)
  ///   if let question = chat.pendingConfirmation {
  ///     print("Run \(question.displayName)?")  // the same question as before
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter conversation: A conversation from ``conversation``.
  public func restore(_ conversation: ChatConversation) {
    agent.cancelAll()
    let settled = conversation.settled
    agent.apply(.restored(settled))
    restoredConfirmation = settled.pendingConfirmation?.callID
    turnCount = max(turnCount, settled.turns.last?.turn ?? 0)
  }

  /// Saves ``conversation`` in `store` under `id`.
  ///
  /// - Parameters:
  ///   - store: Where conversations are kept, such as a `FileDraftStore<ChatConversation>`.
  ///   - id: The conversation's key.
  /// - Throws: `DraftStoreError` when it could not be written; the previous save is then unchanged.
  public func save(to store: some DraftStore<ChatConversation>, id: String) async throws(DraftStoreError) {
    try await store.save(conversation, id: id)
  }

  /// Restores the conversation saved in `store` under `id`, if there is one.
  ///
  /// - Parameters:
  ///   - store: Where conversations are kept.
  ///   - id: The conversation's key.
  /// - Returns: Whether a saved conversation was found and restored.
  /// - Throws: `DraftStoreError` when it could not be read.
  @discardableResult
  public func restore(from store: some DraftStore<ChatConversation>, id: String) async throws(DraftStoreError) -> Bool {
    guard let saved = try await store.load(id: id) else { return false }
    restore(saved)
    return true
  }

  /// Records that a message's answer was irrelevant: appends one JSON line
  /// (question, tools offered, calls with arguments, results, answer, time)
  /// to ``feedbackLogURL``. A write error lands in ``lastError`` and the log;
  /// nothing throws.
  ///
  /// - Parameter messageID: Any message of the turn (usually the answer).
  /// - Returns: A handle to await the write; `nil` when no message has that id.
  @discardableResult
  public func reportIrrelevant(messageID: ChatAgentMessage.ID) -> AgentTask? {
    guard let record = ChatFeedbackRecord(context: agent.context, messageID: messageID, agent: agent.name) else {
      logger.warning("reportIrrelevant(messageID:): no message \(messageID) in the conversation")
      return nil
    }
    return agent.send(.reportIrrelevant(record))
  }
}

extension ChatAgent: ChildAgent {}
