/// Reads chat-completions responses, whole or streamed.
struct OpenAIChatDecoder: ProviderStreamDecoder {
  private var assembler: ResponseAssembler
  private let secrets: [String]
  private var finishReason: FinishReason?
  private var usage: TokenUsage?
  private(set) var isDone = false

  init(request: ChatRequest, ids: ToolCallIDGenerator, maximumArgumentBytes: Int, secrets: [String]) {
    self.assembler = ResponseAssembler(request: request, ids: ids, maximumArgumentBytes: maximumArgumentBytes)
    self.secrets = secrets
  }

  /// Decodes a whole (non-streamed) response body.
  mutating func decodeResponse(_ json: JSONValue) throws -> ChatResponse {
    guard let choice = Self.firstChoice(in: json) else {
      throw LanguageModelError.malformedResponse(
        reason: "the response has no choices",
        snippet: LanguageModelError.snippet(of: json.rendered(), secrets: secrets))
    }
    let message = choice["message"] ?? choice["delta"] ?? .null
    guard message.objectValue != nil else {
      throw LanguageModelError.malformedResponse(
        reason: "the first choice has no message",
        snippet: LanguageModelError.snippet(of: json.rendered(), secrets: secrets))
    }
    apply(message: message, choice: choice)
    readUsage(json)
    return try assembler.finish(finishReason: finishReason, usage: usage).response
  }

  mutating func consume(_ event: SSEEvent) throws -> [ChatStreamEvent] {
    let data = event.data.trimmingCharacters(in: .whitespaces)
    if data == "[DONE]" {
      isDone = true
      return []
    }
    guard !data.isEmpty else { return [] }
    let json = try event.json(secrets: secrets)
    if let error = ProviderErrorBody.error(in: json, secrets: secrets) {
      throw LanguageModelError.providerError(type: error.type, message: error.message)
    }
    readUsage(json)
    guard let choice = Self.firstChoice(in: json) else { return [] }
    return apply(message: choice["delta"] ?? choice["message"] ?? .null, choice: choice)
  }

  mutating func finish() throws -> (events: [ChatStreamEvent], response: ChatResponse) {
    try assembler.finish(finishReason: finishReason, usage: usage)
  }

  func truncationReason(cutMidEvent: Bool) -> String {
    let detail = cutMidEvent ? " (the connection closed in the middle of an event)" : ""
    return finishReason == nil
      ? "the server closed the stream before the model finished\(detail)"
      : "the server closed the stream without its final [DONE]\(detail)"
  }

  @discardableResult
  private mutating func apply(message: JSONValue, choice: JSONValue) -> [ChatStreamEvent] {
    var events: [ChatStreamEvent] = []
    if let content = Self.text(message["content"]) { events += assembler.appendText(content) }
    for delta in ToolCallDelta.deltas(inMessage: message) { events += assembler.appendToolCall(delta) }
    if let reason = choice["finish_reason"]?.stringValue, !reason.isEmpty {
      finishReason = Self.finishReason(reason)
    }
    return events
  }

  private mutating func readUsage(_ json: JSONValue) {
    guard let usage = json["usage"], usage.objectValue != nil else { return }
    let input = usage.tokenCount("prompt_tokens") ?? usage.tokenCount("input_tokens")
    let output = usage.tokenCount("completion_tokens") ?? usage.tokenCount("output_tokens")
    guard input != nil || output != nil else { return }
    // Chat completions nest the details; the Responses-style names are read too.
    let cached = (usage["prompt_tokens_details"] ?? usage["input_tokens_details"])?.tokenCount("cached_tokens")
    let reasoning = (usage["completion_tokens_details"] ?? usage["output_tokens_details"])?
      .tokenCount("reasoning_tokens")
    self.usage = TokenUsage(
      inputTokens: input ?? 0, outputTokens: output ?? 0, cacheReadInputTokens: cached ?? 0,
      reasoningTokens: reasoning ?? 0)
  }

  /// The choice with index 0 (or the first one).
  private static func firstChoice(in json: JSONValue) -> JSONValue? {
    guard let choices = json["choices"]?.arrayValue else { return nil }
    return choices.first { $0["index"]?.intValue == 0 } ?? choices.first
  }

  /// Content as a string, or the text parts of a content array.
  private static func text(_ content: JSONValue?) -> String? {
    switch content {
    case .string(let text)?: return text
    case .array(let parts)?:
      let texts = parts.compactMap { part -> String? in
        if case .string(let text) = part { return text }
        return part["type"]?.stringValue == "text" || part["type"] == nil ? part["text"]?.stringValue : nil
      }
      return texts.isEmpty ? nil : texts.joined()
    default: return nil
    }
  }

  static func finishReason(_ reason: String) -> FinishReason {
    switch reason {
    case "stop", "eos", "end_turn": .stop
    case "length", "max_tokens": .length
    case "tool_calls", "function_call", "tool_use": .toolCalls
    case "content_filter": .contentFilter
    default: .other(reason)
    }
  }
}
