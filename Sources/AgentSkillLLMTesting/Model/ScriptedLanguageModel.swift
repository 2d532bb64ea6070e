import AgentSkill
import AgentSkillLLM
import AgentSkillTesting

/// A ``/AgentSkillLLM/LanguageModel`` that plays back scripted replies in order and records
/// the requests it receives — for testing agents without a network.
///
/// Each call to `respond(to:)` or `stream(_:)` takes the next reply. A
/// ``Reply/response(_:)`` is streamed as text and tool-call deltas, usage,
/// then `.completed`; a ``Reply/events(_:)`` script is played exactly as
/// written (and `respond(to:)` returns its `.completed` response). Streams
/// can pause on a ``/AgentSkillTesting/Checkpoint`` for cancellation tests.
///
/// ```swift
/// let model = ScriptedLanguageModel([
///   .toolCall(name: "get_weather", arguments: ["city": "北京"]),
///   .text("北京今天多云，22 度。"),
/// ])
/// let question = ChatRequest(messages: [.user("北京天气怎么样？")])
/// let first = try await model.respond(to: question)
/// // first.toolCalls == [ToolCall(id: "call_get_weather", name: "get_weather", arguments: ["city": "北京"])]
/// for try await event in model.stream(question) {
///   print(event)  // .textDelta("北京今天多云，22 度。"), …, .completed(…)
/// }
/// #expect(model.requests.count == 2)
/// ```
public final class ScriptedLanguageModel: LanguageModel, Sendable {
  /// One scripted answer.
  public enum Reply: Sendable {
    /// A complete response; streamed as deltas ending in `.completed`.
    case response(ChatResponse)
    /// Stream steps played as written.
    case events([StreamStep])
    /// Both `respond(to:)` and `stream(_:)` fail with the error.
    case failure(any Error)

    /// A text answer that finished normally.
    ///
    /// - Parameters:
    ///   - text: The answer.
    ///   - usage: Token usage to report, if any.
    /// - Returns: The reply.
    public static func text(_ text: String, usage: TokenUsage? = nil) -> Reply {
      .response(ChatResponse(text: text, finishReason: .stop, usage: usage))
    }

    /// An answer that calls one tool.
    ///
    /// - Parameters:
    ///   - name: The tool's name.
    ///   - arguments: The arguments.
    ///   - id: The call id. Defaults to `call_<name>`.
    /// - Returns: The reply.
    public static func toolCall(name: String, arguments: JSONValue = [:], id: String? = nil) -> Reply {
      toolCalls([ToolCall(id: id ?? "call_\(name)", name: name, arguments: arguments)])
    }

    /// An answer that calls several tools at once.
    ///
    /// - Parameters:
    ///   - calls: The calls.
    ///   - text: Text sent alongside, if any.
    /// - Returns: The reply.
    public static func toolCalls(_ calls: [ToolCall], text: String? = nil) -> Reply {
      .response(ChatResponse(text: text, toolCalls: calls, finishReason: .toolCalls))
    }
  }

  /// One step of a scripted stream.
  public enum StreamStep: Sendable {
    /// Emits an event.
    case event(ChatStreamEvent)
    /// Suspends until the checkpoint is released (cancellable).
    case wait(Checkpoint)
    /// Ends the stream with an error.
    case fail(any Error)
  }

  private struct State {
    var replies: [Reply]
    var requests: [ChatRequest] = []
    var cancelledStreams = 0
    var requestWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    var cancellationWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state: LockIsolated<State>

  /// Creates a model with a script.
  ///
  /// - Parameter replies: The replies, in order.
  public init(_ replies: [Reply] = []) {
    state = LockIsolated(State(replies: replies))
  }

  /// Appends replies to the script.
  ///
  /// - Parameter replies: The replies.
  public func enqueue(_ replies: Reply...) {
    state.withValue { $0.replies += replies }
  }

  /// The requests received so far, in order.
  public var requests: [ChatRequest] { state.value.requests }

  /// How many replies are left.
  public var pendingReplies: Int { state.value.replies.count }

  /// How many streams were cancelled by their consumer before they ended.
  ///
  /// A consumer's task notices cancellation at its next suspension, which
  /// may come after the agent has settled the cancelled run: wait with
  /// ``waitForCancelledStreams(_:)`` before asserting on this count.
  public var cancelledStreams: Int { state.value.cancelledStreams }

  /// Suspends until at least `count` streams have been cancelled by their consumer.
  ///
  /// ```swift
  /// let scripted = ScriptedLanguageModel([.events([.wait(Checkpoint())])])
  /// let consumer = Task { for try await _ in scripted.stream(ChatRequest(messages: [.user("hi")])) {} }
  /// consumer.cancel()
  /// await scripted.waitForCancelledStreams(1)
  /// // scripted.cancelledStreams == 1
  /// ```
  ///
  /// - Parameter count: The number of cancelled streams.
  public func waitForCancelledStreams(_ count: Int = 1) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withValue { state -> Bool in
        if state.cancelledStreams >= count { return true }
        state.cancellationWaiters.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// Suspends until at least `count` requests have arrived.
  ///
  /// - Parameter count: The number of requests.
  public func waitForRequests(_ count: Int = 1) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withValue { state -> Bool in
        if state.requests.count >= count { return true }
        state.requestWaiters.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// Returns the next reply's response.
  ///
  /// - Parameter request: Recorded for assertions.
  /// - Returns: The scripted response.
  /// - Throws: The scripted error, ``ScriptedLanguageModelError``, or `CancellationError`.
  public func respond(to request: ChatRequest) async throws -> ChatResponse {
    let (reply, number) = take(request)
    guard let reply else { throw ScriptedLanguageModelError.scriptExhausted(requestNumber: number) }
    try Task.checkCancellation()
    switch reply {
    case .response(let response):
      return response
    case .failure(let error):
      throw error
    case .events(let steps):
      var completed: ChatResponse?
      for step in steps {
        switch step {
        case .event(.completed(let response)): completed = response
        case .event: break
        case .wait(let checkpoint): try await checkpoint.arriveAndWait()
        case .fail(let error): throw error
        }
      }
      guard let completed else { throw ScriptedLanguageModelError.missingCompletedEvent(requestNumber: number) }
      return completed
    }
  }

  /// Plays the next reply as a stream.
  ///
  /// - Parameter request: Recorded for assertions.
  /// - Returns: The scripted events; cancelling the consumer ends a pending wait.
  public func stream(_ request: ChatRequest) -> AsyncThrowingStream<ChatStreamEvent, any Error> {
    let (reply, number) = take(request)
    let steps: [StreamStep]
    switch reply {
    case nil:
      return AsyncThrowingStream {
        $0.finish(throwing: ScriptedLanguageModelError.scriptExhausted(requestNumber: number))
      }
    case .failure(let error)?:
      return AsyncThrowingStream { $0.finish(throwing: error) }
    case .response(let response)?:
      steps = Self.events(for: response).map(StreamStep.event)
    case .events(let scripted)?:
      steps = scripted
    }
    let (stream, continuation) = AsyncThrowingStream<ChatStreamEvent, any Error>.makeStream()
    let producer = LockIsolated<Task<Void, Never>?>(nil)
    // The handler is in place before anything is yielded: a stream that
    // finishes first is never counted as cancelled when it is released.
    continuation.onTermination = { [state] termination in
      if case .cancelled = termination { Self.countCancelledStream(in: state) }
      producer.value?.cancel()
    }
    producer.setValue(
      Task {
        do {
          for step in steps {
            try Task.checkCancellation()
            switch step {
            case .event(let event): continuation.yield(event)
            case .wait(let checkpoint): try await checkpoint.arriveAndWait()
            case .fail(let error): throw error
            }
          }
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      })
    return stream
  }

  private static func countCancelledStream(in state: LockIsolated<State>) {
    let ready = state.withValue { state -> [CheckedContinuation<Void, Never>] in
      state.cancelledStreams += 1
      let count = state.cancelledStreams
      let ready = state.cancellationWaiters.filter { $0.count <= count }.map(\.continuation)
      state.cancellationWaiters.removeAll { $0.count <= count }
      return ready
    }
    for continuation in ready { continuation.resume() }
  }

  /// The events a provider would stream for `response`: its text, each tool
  /// call's start and arguments, usage, then `.completed`.
  ///
  /// - Parameter response: The response.
  /// - Returns: The events.
  public static func events(for response: ChatResponse) -> [ChatStreamEvent] {
    var events: [ChatStreamEvent] = []
    if let text = response.text, !text.isEmpty { events.append(.textDelta(text)) }
    for (index, call) in response.toolCalls.enumerated() {
      events.append(.toolCallStarted(index: index, id: call.id, name: call.name))
      events.append(.toolCallArgumentsDelta(index: index, fragment: call.arguments.rendered()))
    }
    if let usage = response.usage { events.append(.usage(usage)) }
    events.append(.completed(response))
    return events
  }

  private func take(_ request: ChatRequest) -> (Reply?, Int) {
    let (reply, number, ready) = state.withValue { state in
      state.requests.append(request)
      let reply = state.replies.isEmpty ? nil : state.replies.removeFirst()
      var ready: [CheckedContinuation<Void, Never>] = []
      var remaining: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
      for waiter in state.requestWaiters {
        if waiter.count <= state.requests.count { ready.append(waiter.continuation) } else { remaining.append(waiter) }
      }
      state.requestWaiters = remaining
      return (reply, state.requests.count, ready)
    }
    for continuation in ready { continuation.resume() }
    return (reply, number)
  }
}
