import Foundation

/// Turns a chat's messages into the conversation sent to the model.
enum ChatHistory {
  /// The instructions, then every earlier message the model should see.
  ///
  /// A call without a result (cancelled, or never run) is left out of its
  /// assistant message, since providers reject calls without answers; an
  /// assistant message left with no text and no calls is dropped. An
  /// assistant message keeps its thinking blocks, sent back unchanged.
  static func conversation(instructions: String?, messages: [ChatAgentMessage]) -> [ChatMessage] {
    var answered: Set<String> = []
    for message in messages {
      if let result = message.toolResult { answered.insert(result.callID) }
    }
    var names: [String: String] = [:]
    var result: [ChatMessage] = []
    if let instructions, !instructions.isEmpty { result.append(.system(instructions)) }
    for message in messages {
      switch message.role {
      case .user:
        result.append(.user(message.text, images: message.images))
      case .assistant:
        let calls = message.toolCalls.filter { answered.contains($0.id) }
        for call in calls { names[call.id] = call.skillID ?? call.name }
        guard !message.text.isEmpty || !calls.isEmpty else { continue }
        result.append(
          .assistant(
            message.text,
            toolCalls: calls.map {
              ToolCall(id: $0.id, name: $0.skillID ?? $0.name, arguments: sendable($0.arguments))
            }, thinking: message.thinkingBlocks))
      case .tool:
        guard let toolResult = message.toolResult else { continue }
        let name = names[toolResult.callID] ?? toolResult.skillID ?? "tool"
        result.append(.tool(toolResult.summary, callID: toolResult.callID, name: name))
      }
    }
    return result
  }

  /// Arguments as providers accept them in history: arguments kept as raw
  /// text because they were not valid JSON become `{}` (the tool result
  /// that follows says what was wrong), so the next request is not rejected
  /// and the model does not read the broken text as a call that worked.
  static func sendable(_ arguments: JSONValue) -> JSONValue {
    if case .string = arguments { return .object(JSONObject()) }
    return arguments
  }

  /// The user's previous message when the last turn ended with the model
  /// asking for something (a question, no tool calls) — so a short reply
  /// such as "下午三点" or "Shanghai" is matched together with the request
  /// it completes.
  static func unansweredRequest(in messages: [ChatAgentMessage]) -> String? {
    guard let last = messages.last, last.role == .assistant, last.toolCalls.isEmpty else { return nil }
    let answer = last.text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard answer.hasSuffix("?") || answer.hasSuffix("？") else { return nil }
    return messages.last(where: { $0.role == .user && $0.turn == last.turn })?.text
  }
}
