import AgentSkill
import AgentSkillLLM
import Foundation

/// Where a running on-device generation and the agent meet: the generation
/// reports its text and tool calls here, and each tool call waits here for
/// the result the agent's next request brings.
///
/// FoundationModels runs tools itself, inside the response: it calls
/// `Tool.call` and goes on once the call returns. The bridge's tool therefore
/// hands the call to the agent through ``call(name:arguments:)`` and waits,
/// without throwing, until the agent answers it with ``answer(_:)`` — so the
/// agent validates, confirms and runs the skill, and the session keeps the
/// call and its output in its own transcript. Calls the model makes in
/// parallel are all kept: those that arrive together are handed back
/// together, a later one with the next request.
final class FoundationToolRelay: Sendable {
  /// What the generation reports.
  enum Event: Sendable {
    /// More text of the answer.
    case text(String)
    /// The model called a tool; the call waits for its result.
    case toolCall(ToolCall)
    /// The answer is complete.
    case finished
    /// The generation failed.
    case failed(any Error)
  }

  private struct State {
    var events: [Event] = []
    var reader: CheckedContinuation<Event, any Error>?
    var waiters: [String: CheckedContinuation<String, any Error>] = [:]
    var closed = false
    var calls = 0
  }

  private let state = LockIsolated(State())
  /// Starts every call id, so ids of different sessions differ.
  let idPrefix: String

  /// Creates a relay with its own call ids.
  init() {
    idPrefix = "fm_" + UUID().uuidString.prefix(8).lowercased()
  }

  // MARK: - The generation's side

  /// Reports `event` to the reader; dropped once the relay is closed.
  func emit(_ event: Event) {
    let reader = state.withValue { state -> CheckedContinuation<Event, any Error>? in
      guard !state.closed else { return nil }
      if let reader = state.reader {
        state.reader = nil
        return reader
      }
      state.events.append(event)
      return nil
    }
    reader?.resume(returning: event)
  }

  /// Hands a tool call to the agent and waits for its result.
  ///
  /// - Parameters:
  ///   - name: The tool's name.
  ///   - arguments: The arguments the model chose.
  /// - Returns: The result the agent sent back.
  /// - Throws: `CancellationError` when the relay is closed (the chat went on without answering) or the calling
  ///   task is cancelled.
  func call(name: String, arguments: JSONValue) async throws -> String {
    let id = state.withValue { state -> String in
      state.calls += 1
      return "\(idPrefix)_\(state.calls)"
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String, any Error>) in
        let refused = state.withValue { state -> Bool in
          if state.closed || Task.isCancelled { return true }
          state.waiters[id] = continuation
          return false
        }
        if refused {
          continuation.resume(throwing: CancellationError())
        } else {
          emit(.toolCall(ToolCall(id: id, name: name, arguments: arguments)))
        }
      }
    } onCancel: {
      state.withValue { $0.waiters.removeValue(forKey: id) }?.resume(throwing: CancellationError())
    }
  }

  // MARK: - The agent's side

  /// Gives a waiting call its result; a call that no longer waits is ignored.
  ///
  /// - Parameter output: The call's id and result.
  func answer(_ output: FoundationSessionStep.Output) {
    state.withValue { $0.waiters.removeValue(forKey: output.callID) }?.resume(returning: output.text)
  }

  /// The next event, waiting for it.
  ///
  /// - Returns: The oldest event not read yet.
  /// - Throws: `CancellationError` when the relay is closed or the reading task is cancelled.
  func next() async throws -> Event {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Event, any Error>) in
        let ready = state.withValue { state -> Result<Event, any Error>? in
          if !state.events.isEmpty { return .success(state.events.removeFirst()) }
          if state.closed || Task.isCancelled { return .failure(CancellationError()) }
          state.reader = continuation
          return nil
        }
        if let ready { continuation.resume(with: ready) }
      }
    } onCancel: {
      state.withValue { state -> CheckedContinuation<Event, any Error>? in
        defer { state.reader = nil }
        return state.reader
      }?.resume(throwing: CancellationError())
    }
  }

  /// How many tool calls wait for their results.
  var waitingCalls: Int { state.value.waiters.count }

  /// The tool calls already reported and not read yet, in order, up to the first other event.
  func bufferedToolCalls() -> [ToolCall] {
    state.withValue { state in
      var calls: [ToolCall] = []
      while case .toolCall(let call) = state.events.first {
        calls.append(call)
        state.events.removeFirst()
      }
      return calls
    }
  }

  /// Reads the events of one request: the answer, or the tool calls the model
  /// made (all those already reported), passing text on as it comes.
  ///
  /// - Parameter onText: Receives each piece of text.
  /// - Returns: The answer, or the calls with ``/AgentSkillLLM/FinishReason/toolCalls``.
  /// - Throws: The generation's error, or `CancellationError`.
  func response(onText: (String) -> Void) async throws -> ChatResponse {
    var text = ""
    while true {
      switch try await next() {
      case .text(let delta):
        text += delta
        onText(delta)
      case .toolCall(let call):
        return ChatResponse(
          text: text.isEmpty ? nil : text, toolCalls: [call] + bufferedToolCalls(), finishReason: .toolCalls)
      case .finished:
        return ChatResponse(text: text, finishReason: .stop)
      case .failed(let error):
        throw error
      }
    }
  }

  /// Ends the relay: the waiting calls and reader end with `CancellationError`, later events are dropped.
  func close() {
    let (reader, waiters) = state.withValue { state in
      state.closed = true
      state.events.removeAll()
      defer {
        state.reader = nil
        state.waiters.removeAll()
      }
      return (state.reader, Array(state.waiters.values))
    }
    reader?.resume(throwing: CancellationError())
    for waiter in waiters { waiter.resume(throwing: CancellationError()) }
  }
}
