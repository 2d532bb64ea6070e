import AgentSkillLLM

/// What a chat's live on-device session does with the chat's next request.
///
/// A session is reused only when the request's conversation is what the
/// session already holds plus, after an answer, the user's next message, or,
/// after tool calls, the results of exactly those calls. Anything else — a
/// conversation restored or edited, another chat, other tools, a typed answer
/// — starts a new session from the request's ``FoundationTranscript``.
enum FoundationSessionStep: Sendable, Hashable {
  /// Ask the same session the user's next message.
  case prompt(String)
  /// Hand the session the results of the calls it waits on, by call id, in the request's order.
  case toolOutputs([Output])
  /// Start a new session from the request's transcript.
  case rebuild

  /// One tool result for a waiting call.
  struct Output: Sendable, Hashable {
    /// The call it answers.
    let callID: String
    /// The result.
    let text: String
  }

  /// The step for `request`, given what the session holds.
  ///
  /// - Parameters:
  ///   - request: The chat's next request.
  ///   - seen: The session's conversation, as transcript entries.
  ///   - waiting: The ids of the calls the session waits on (handed to the agent).
  ///   - tools: The tools the session was created with.
  /// - Returns: How to go on.
  static func next(
    for request: ChatRequest, seen: [FoundationTranscript.Entry], waiting: [String], tools: [ToolDefinition]
  ) -> Self {
    guard case .text = request.responseFormat, request.tools == tools else { return .rebuild }
    let entries = FoundationTranscript(request.messages).entries
    guard entries.count > seen.count, zip(seen, entries).allSatisfy(Self.same) else { return .rebuild }
    let added = entries[seen.count...]
    if waiting.isEmpty {
      guard added.count == 1, case .prompt(let text) = added.first else { return .rebuild }
      return .prompt(text)
    }
    var outputs: [Output] = []
    for entry in added {
      guard case .toolOutput(let callID, _, let text) = entry else { return .rebuild }
      outputs.append(Output(callID: callID, text: text))
    }
    guard outputs.count == waiting.count, Set(outputs.map(\.callID)) == Set(waiting) else { return .rebuild }
    return .toolOutputs(outputs)
  }

  /// Whether two entries are the same turn of the conversation. Tool calls are
  /// the same when their ids are (ids are minted per session): the agent may
  /// name the call by its skill and normalize the arguments it keeps.
  static func same(_ seen: FoundationTranscript.Entry, _ sent: FoundationTranscript.Entry) -> Bool {
    if case .toolCalls(let held) = seen, case .toolCalls(let sentCalls) = sent {
      return held.map(\.id) == sentCalls.map(\.id)
    }
    return seen == sent
  }
}
