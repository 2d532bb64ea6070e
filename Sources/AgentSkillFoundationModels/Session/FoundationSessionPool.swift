import AgentSkill
import AgentSkillLLM

/// The live on-device sessions of one model: one per chat, kept across the
/// chat's requests and rebuilt from the transcript when a request does not
/// continue one (see ``FoundationSessionStep``).
///
/// Plain Swift over any `Session`, so that the reuse, the rebuild and the
/// tool-call hand-over are tested on every platform; the FoundationModels
/// bridge supplies `LanguageModelSession` and the two closures.
final class FoundationSessionPool<Session: Sendable>: Sendable {
  /// Creates a session holding `history`, whose tools hand their calls to the relay.
  typealias Open =
    @Sendable (_ request: ChatRequest, _ history: [FoundationTranscript.Entry], _ relay: FoundationToolRelay)
    throws -> Session
  /// Runs one generation of `session` answering `prompt`, reporting to the relay until it ends.
  typealias Generate =
    @Sendable (
      _ session: Session, _ prompt: String, _ request: ChatRequest, _ relay: FoundationToolRelay
    ) async -> Void

  /// One live session.
  private struct Live: Sendable {
    let number: Int
    let session: Session
    let relay: FoundationToolRelay
    let tools: [ToolDefinition]
    /// The conversation the session holds, in the agent's terms.
    var seen: [FoundationTranscript.Entry]
    /// The calls handed to the agent, waiting for their results.
    var waiting: [String] = []
    /// A request is reading it now.
    var reading = true
    var generation: Task<Void, Never>?

    func close() {
      relay.close()
      generation?.cancel()
    }
  }

  private struct State: Sendable {
    var lives: [Live] = []
    var opened = 0
  }

  private let state = LockIsolated(State())
  private let open: Open
  private let generate: Generate
  /// The most sessions kept at once; the least recently used idle one is closed beyond it.
  let limit: Int

  /// Creates an empty pool.
  ///
  /// - Parameters:
  ///   - limit: The most sessions kept (one per chat in use).
  ///   - open: Creates a session from a transcript.
  ///   - generate: Runs one generation.
  init(limit: Int = 4, open: @escaping Open, generate: @escaping Generate) {
    self.limit = max(1, limit)
    self.open = open
    self.generate = generate
  }

  deinit {
    for live in state.value.lives { live.close() }
  }

  /// How many sessions were created so far (for tests and diagnostics).
  var sessionsOpened: Int { state.value.opened }

  /// How many sessions are live now.
  var liveSessions: Int { state.value.lives.count }

  /// Answers `request` with the chat's session — reused when the request continues it, else a new one — and
  /// returns the answer or the tool calls the model made.
  ///
  /// - Parameters:
  ///   - request: The chat's request (free text; typed answers do not use the pool).
  ///   - onText: Receives each piece of the answer's text.
  /// - Returns: The answer, or the calls for the agent to run.
  /// - Throws: What opening the session or the generation threw, or `CancellationError`.
  func respond(to request: ChatRequest, onText: (String) -> Void) async throws -> ChatResponse {
    let (number, relay) = try start(request)
    let response: ChatResponse
    do {
      response = try await relay.response(onText: onText)
    } catch {
      // A request cut short leaves the session in an unknown place: the next one starts afresh.
      discard(number)
      throw error
    }
    let seen =
      FoundationTranscript(request.messages).entries
      + FoundationTranscript.entries(of: [.assistant(response.text ?? "", toolCalls: response.toolCalls)])
    state.withValue { state in
      guard let index = state.lives.firstIndex(where: { $0.number == number }) else { return }
      var live = state.lives.remove(at: index)
      live.seen = seen
      live.waiting = response.toolCalls.map(\.id)
      live.reading = false
      state.lives.append(live)
    }
    return response
  }

  /// Finds or opens the chat's session and sets it going; returns its number and relay.
  private func start(_ request: ChatRequest) throws -> (Int, FoundationToolRelay) {
    let found = state.withValue { state -> (Live, FoundationSessionStep)? in
      for index in state.lives.indices where !state.lives[index].reading {
        let live = state.lives[index]
        let step = FoundationSessionStep.next(for: request, seen: live.seen, waiting: live.waiting, tools: live.tools)
        guard step != .rebuild else { continue }
        state.lives[index].reading = true
        state.lives[index].waiting = []
        return (live, step)
      }
      return nil
    }
    if let found {
      let (live, step) = found
      switch step {
      case .prompt(let prompt):
        run(live.session, prompt: prompt, request: request, relay: live.relay, number: live.number)
      case .toolOutputs(let outputs):
        for output in outputs { live.relay.answer(output) }
      case .rebuild:
        break
      }
      return (live.number, live.relay)
    }
    let relay = FoundationToolRelay()
    let opening = FoundationTranscript(request.messages).opening
    let session = try open(request, opening.history, relay)
    let entries = FoundationTranscript(request.messages).entries
    let (number, evicted) = state.withValue { state -> (Int, [Live]) in
      state.opened += 1
      let live = Live(
        number: state.opened, session: session, relay: relay, tools: request.tools, seen: opening.history)
      // The chat's earlier session, which this request goes on from without continuing it, is done.
      var evicted = state.lives.filter { !$0.reading && Self.supersedes(entries, $0.seen) }
      state.lives.removeAll { !$0.reading && Self.supersedes(entries, $0.seen) }
      state.lives.append(live)
      while state.lives.count > limit, let idle = state.lives.firstIndex(where: { !$0.reading }) {
        evicted.append(state.lives.remove(at: idle))
      }
      return (live.number, evicted)
    }
    for live in evicted { live.close() }
    run(session, prompt: opening.prompt, request: request, relay: relay, number: number)
    return (number, relay)
  }

  /// Whether a request with `entries` goes on from the conversation of a session that `seen` describes: the same
  /// chat, later (calls the session waits on may be left out, as the agent leaves out calls that never ran).
  static func supersedes(_ entries: [FoundationTranscript.Entry], _ seen: [FoundationTranscript.Entry]) -> Bool {
    var held = seen
    if case .toolCalls = held.last { held.removeLast() }
    guard held.count <= entries.count, held.contains(where: { if case .prompt = $0 { true } else { false } }) else {
      return false
    }
    return zip(held, entries).allSatisfy(FoundationSessionStep.same)
  }

  /// Starts a generation of session `number`.
  private func run(_ session: Session, prompt: String, request: ChatRequest, relay: FoundationToolRelay, number: Int) {
    let generate = self.generate
    let task = Task { await generate(session, prompt, request, relay) }
    state.withValue { state in
      guard let index = state.lives.firstIndex(where: { $0.number == number }) else { return }
      state.lives[index].generation = task
    }
  }

  /// Closes and forgets session `number`.
  private func discard(_ number: Int) {
    let live = state.withValue { state -> Live? in
      guard let index = state.lives.firstIndex(where: { $0.number == number }) else { return nil }
      return state.lives.remove(at: index)
    }
    live?.close()
  }
}
