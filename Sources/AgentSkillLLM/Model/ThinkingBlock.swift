/// One block of a model's extended thinking, kept as the provider sent it so
/// that it can be sent back unchanged.
///
/// Anthropic's Messages API returns `thinking` blocks (the thinking text with
/// a signature that proves it came from the model) and `redacted_thinking`
/// blocks (encrypted). While a model uses tools, the blocks of its last
/// answer must go back, unmodified, before its `tool_use` blocks:
/// ``ChatMessage/thinking`` carries them, and ``AnthropicModel`` sends them
/// first in the assistant turn. Other providers ignore them.
///
/// ```swift
/// let answer = try await model.respond(to: request)
/// let next = request.messages + [
///   .assistant(answer.text ?? "", toolCalls: answer.toolCalls, thinking: answer.thinkingBlocks),
///   .tool("22°C, cloudy", callID: answer.toolCalls.first?.id ?? "", name: "weather"),
/// ]
/// ```
public enum ThinkingBlock: Sendable, Hashable, Codable {
  /// Thinking the model showed (in full or summarized), with the signature the API checks when it is sent back.
  case thinking(text: String, signature: String)
  /// Thinking the provider encrypted: sent back verbatim, never shown.
  case redacted(data: String)

  /// The text people may read: the thinking, or `nil` for a redacted block.
  public var text: String? {
    switch self {
    case .thinking(let text, _): text
    case .redacted: nil
    }
  }
}
