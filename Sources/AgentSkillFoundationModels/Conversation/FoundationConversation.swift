import AgentSkillLLM

/// A ``ChatRequest``'s messages as a fresh on-device session sees them:
/// instructions (the system messages, then the conversation so far) and
/// one prompt.
///
/// Each request starts a new session, so the agent keeps the conversation:
/// tool calls and their results are written into the instructions as text,
/// and the prompt is the latest user message — or, after tool results, a
/// request to answer it from them.
struct FoundationConversation: Sendable, Hashable {
  let instructions: String
  let prompt: String

  init(_ messages: [ChatMessage]) {
    let system = messages.filter { $0.role == .system }.map(\.content).filter { !$0.isEmpty }
    let conversation = messages.filter { $0.role != .system }
    let lastUser = conversation.lastIndex { $0.role == .user }
    var history: [String] = []
    var results: [String] = []
    for (index, message) in conversation.enumerated() {
      let line: String
      switch message.role {
      case .user: line = "User: \(message.content)"
      case .assistant:
        let calls = message.toolCalls.map { "Assistant called \($0.name) with \($0.arguments.rendered())" }
        line = ([message.content.isEmpty ? nil : "Assistant: \(message.content)"].compactMap { $0 } + calls)
          .joined(separator: "\n")
      case .tool: line = "Result of \(message.toolName ?? "the tool"): \(message.content)"
      case .system: continue
      }
      if let lastUser, index == lastUser { continue }
      if let lastUser, index > lastUser, message.role == .tool { results.append(line) }
      history.append(line)
    }
    var parts = system
    if !history.isEmpty { parts.append("The conversation so far:\n" + history.joined(separator: "\n")) }
    instructions = parts.joined(separator: "\n\n")
    let question = lastUser.map { conversation[$0].content } ?? ""
    if results.isEmpty {
      prompt = question
    } else {
      prompt =
        "Answer the user's request from the tool results above, without calling the same tools again: "
        + question
    }
  }
}
