import AgentSkillLLM

/// A ``/AgentSkillLLM/ChatRequest``'s messages as the entries of a
/// FoundationModels `Transcript`, in plain Swift (the Apple-only bridge maps
/// each entry to `Transcript.Entry`).
///
/// Only the developer's system messages become instructions. Everything else
/// keeps its own entry: the user's messages are prompts, the model's text is a
/// response, its calls are tool calls and the tools' results (which may come
/// from an MCP server, so untrusted) are tool outputs. A hostile earlier
/// message or tool result therefore never reaches the instructions, which the
/// on-device model follows above everything else.
struct FoundationTranscript: Sendable, Hashable {
  /// One entry of the transcript.
  enum Entry: Sendable, Hashable {
    /// The developer's instructions: the system messages, in order.
    case instructions(String)
    /// What the user said.
    case prompt(String)
    /// What the model said.
    case response(String)
    /// The tools the model called, at once.
    case toolCalls([ToolCall])
    /// One tool's result.
    case toolOutput(callID: String, toolName: String, text: String)
  }

  /// The entries, oldest first; at most one ``Entry/instructions(_:)``, first.
  let entries: [Entry]

  /// The transcript of `messages`.
  ///
  /// - Parameter messages: The conversation, system messages included.
  init(_ messages: [ChatMessage]) {
    let system = messages.filter { $0.role == .system }.map(\.content).filter { !$0.isEmpty }
    var entries: [Entry] = system.isEmpty ? [] : [.instructions(system.joined(separator: "\n\n"))]
    entries.append(contentsOf: Self.entries(of: messages))
    self.entries = entries
  }

  /// The entries of `messages` without instructions: what a conversation adds after them.
  ///
  /// - Parameter messages: Messages; system messages among them are skipped.
  /// - Returns: Their entries, in order.
  static func entries(of messages: [ChatMessage]) -> [Entry] {
    var entries: [Entry] = []
    for message in messages {
      switch message.role {
      case .system:
        continue
      case .user:
        entries.append(.prompt(message.content))
      case .assistant:
        if !message.content.isEmpty { entries.append(.response(message.content)) }
        if !message.toolCalls.isEmpty { entries.append(.toolCalls(message.toolCalls)) }
      case .tool:
        entries.append(
          .toolOutput(
            callID: message.toolCallID ?? "", toolName: message.toolName ?? "tool", text: message.content))
      }
    }
    return entries
  }

  /// The developer's instructions, or `nil` when there are none.
  var instructions: String? {
    guard case .instructions(let text) = entries.first else { return nil }
    return text
  }

  /// The transcript a new session starts from, and the prompt it answers next.
  ///
  /// When the conversation ends with the user's message, that message is the
  /// prompt. Otherwise (a conversation restored after tool results, say) the
  /// whole conversation is the transcript and the prompt is ``continuation``,
  /// written here, since FoundationModels answers only a prompt.
  var opening: (history: [Entry], prompt: String) {
    if case .prompt(let text) = entries.last { return (Array(entries.dropLast()), text) }
    return (entries, Self.continuation)
  }

  /// The prompt that asks a new session to go on from tool results it did not request.
  static let continuation =
    "Continue the conversation above: answer the user's last message, using the tool results above."
}
