/// Why the model stopped.
public enum FinishReason: Sendable, Hashable {
  /// It finished its answer.
  case stop
  /// It hit the token limit.
  case length
  /// It wants tools called.
  case toolCalls
  /// Its output was filtered.
  case contentFilter
  /// A vendor-specific reason.
  case other(String)
}

/// Tokens spent on a request.
public struct TokenUsage: Sendable, Hashable {
  /// Tokens in the prompt.
  public var inputTokens: Int
  /// Tokens generated.
  public var outputTokens: Int

  /// Creates a usage record.
  ///
  /// - Parameters:
  ///   - inputTokens: Tokens in the prompt.
  ///   - outputTokens: Tokens generated.
  public init(inputTokens: Int, outputTokens: Int) {
    self.inputTokens = inputTokens
    self.outputTokens = outputTokens
  }

  /// Input plus output tokens.
  public var totalTokens: Int { inputTokens + outputTokens }

  /// Adds two usage records.
  public static func + (lhs: TokenUsage, rhs: TokenUsage) -> TokenUsage {
    TokenUsage(inputTokens: lhs.inputTokens + rhs.inputTokens, outputTokens: lhs.outputTokens + rhs.outputTokens)
  }
}

/// A model's complete answer to one request.
public struct ChatResponse: Sendable, Hashable {
  /// The text, if any.
  public var text: String?
  /// The tools it wants called, in order.
  public var toolCalls: [ToolCall]
  /// Why it stopped, when the provider said.
  public var finishReason: FinishReason?
  /// Tokens spent, when the provider said.
  public var usage: TokenUsage?

  /// Creates a response.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - toolCalls: The tool calls.
  ///   - finishReason: Why it stopped.
  ///   - usage: Tokens spent.
  public init(
    text: String? = nil, toolCalls: [ToolCall] = [], finishReason: FinishReason? = nil, usage: TokenUsage? = nil
  ) {
    self.text = text
    self.toolCalls = toolCalls
    self.finishReason = finishReason
    self.usage = usage
  }
}

/// One event of a streamed answer.
public enum ChatStreamEvent: Sendable, Hashable {
  /// More text.
  case textDelta(String)
  /// A tool call began: its position, id and name.
  case toolCallStarted(index: Int, id: String, name: String)
  /// More of a tool call's argument text.
  case toolCallArgumentsDelta(index: Int, fragment: String)
  /// Token usage, when the provider reports it.
  case usage(TokenUsage)
  /// The whole answer, assembled; always the last event, exactly once.
  case completed(ChatResponse)
}
