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
///
/// The counts are normalized across providers: ``inputTokens`` is the whole
/// prompt, cache reads and writes included (Anthropic reports them apart,
/// OpenAI within `prompt_tokens`), and ``outputTokens`` includes reasoning.
/// The cache and reasoning counts say how much of those totals they were;
/// they are 0 when the provider did not say.
public struct TokenUsage: Sendable, Hashable, Codable {
  /// Tokens in the prompt, cache reads and writes included.
  public var inputTokens: Int
  /// Tokens generated, reasoning included.
  public var outputTokens: Int
  /// Of ``inputTokens``, those read from the provider's prompt cache (billed at a fraction of the input price).
  public var cacheReadInputTokens: Int
  /// Of ``inputTokens``, those written to the provider's prompt cache (Anthropic bills them above the input price).
  public var cacheWriteInputTokens: Int
  /// Of ``outputTokens``, those the model spent reasoning before it answered.
  public var reasoningTokens: Int

  /// Creates a usage record.
  ///
  /// - Parameters:
  ///   - inputTokens: Tokens in the prompt, cache reads and writes included.
  ///   - outputTokens: Tokens generated, reasoning included.
  ///   - cacheReadInputTokens: Of the input, tokens read from the prompt cache. Defaults to 0.
  ///   - cacheWriteInputTokens: Of the input, tokens written to the prompt cache. Defaults to 0.
  ///   - reasoningTokens: Of the output, reasoning tokens. Defaults to 0.
  public init(
    inputTokens: Int, outputTokens: Int, cacheReadInputTokens: Int = 0, cacheWriteInputTokens: Int = 0,
    reasoningTokens: Int = 0
  ) {
    self.inputTokens = inputTokens
    self.outputTokens = outputTokens
    self.cacheReadInputTokens = cacheReadInputTokens
    self.cacheWriteInputTokens = cacheWriteInputTokens
    self.reasoningTokens = reasoningTokens
  }

  /// Input plus output tokens.
  public var totalTokens: Int { inputTokens + outputTokens }

  /// Adds two usage records, count by count.
  public static func + (lhs: TokenUsage, rhs: TokenUsage) -> TokenUsage {
    TokenUsage(
      inputTokens: lhs.inputTokens + rhs.inputTokens, outputTokens: lhs.outputTokens + rhs.outputTokens,
      cacheReadInputTokens: lhs.cacheReadInputTokens + rhs.cacheReadInputTokens,
      cacheWriteInputTokens: lhs.cacheWriteInputTokens + rhs.cacheWriteInputTokens,
      reasoningTokens: lhs.reasoningTokens + rhs.reasoningTokens)
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
  /// What the model showed of its thinking before it answered (OpenAI's reasoning summaries, Anthropic's
  /// extended thinking), when it showed any.
  ///
  /// It is for display only: it is not part of ``text``. What goes back to the model is ``thinkingBlocks``.
  public var thinking: String?
  /// The thinking blocks as the provider returned them (Anthropic's `thinking` blocks with their signatures, and
  /// `redacted_thinking` ones), to send back unchanged in the assistant message
  /// (``ChatMessage/assistant(_:toolCalls:thinking:)``); empty for other providers.
  public var thinkingBlocks: [ThinkingBlock]

  /// Creates a response.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - toolCalls: The tool calls.
  ///   - finishReason: Why it stopped.
  ///   - usage: Tokens spent.
  ///   - thinking: What the model showed of its thinking. Defaults to none.
  ///   - thinkingBlocks: The thinking blocks to send back. Defaults to none.
  public init(
    text: String? = nil, toolCalls: [ToolCall] = [], finishReason: FinishReason? = nil, usage: TokenUsage? = nil,
    thinking: String? = nil, thinkingBlocks: [ThinkingBlock] = []
  ) {
    self.text = text
    self.toolCalls = toolCalls
    self.finishReason = finishReason
    self.usage = usage
    self.thinking = thinking
    self.thinkingBlocks = thinkingBlocks
  }
}

/// One event of a streamed answer.
public enum ChatStreamEvent: Sendable, Hashable {
  /// More text.
  case textDelta(String)
  /// More of what the model shows of its thinking (a reasoning summary, Anthropic's extended thinking), before or
  /// between its answer's parts;
  /// never part of the answer's text. The deltas add up to ``ChatResponse/thinking``.
  case thinkingDelta(String)
  /// A tool call began: its position, id and name.
  case toolCallStarted(index: Int, id: String, name: String)
  /// More of a tool call's argument text.
  case toolCallArgumentsDelta(index: Int, fragment: String)
  /// Token usage, when the provider reports it.
  case usage(TokenUsage)
  /// The whole answer, assembled; always the last event, exactly once.
  case completed(ChatResponse)
}
