/// Reads Messages API responses, whole or streamed: text, `tool_use` blocks
/// with their argument deltas, and `thinking` / `redacted_thinking` blocks
/// with their `thinking_delta` and `signature_delta` events.
struct AnthropicMessagesDecoder: ProviderStreamDecoder {
  private var assembler: ResponseAssembler
  private let secrets: [String]
  private var stopReason: FinishReason?
  /// The usage counts seen so far, by the API's field name; each event updates only the fields it carries.
  private var usageCounts: [String: Int] = [:]
  /// Tool position (0, 1, …) for each content block index that is a `tool_use`.
  private var toolPositions: [Int: Int] = [:]
  /// The thinking blocks by content block index, in the order they started.
  private var thinking: [(index: Int, block: ThinkingBlock)] = []
  /// The thinking text shown so far: the blocks' texts, a blank line apart.
  private var thinkingText = ""
  /// The content block index the last thinking text belonged to.
  private var lastThinkingIndex: Int?
  private var sawMessageStart = false
  private(set) var isDone = false

  init(request: ChatRequest, ids: ToolCallIDGenerator, maximumArgumentBytes: Int, secrets: [String]) {
    self.assembler = ResponseAssembler(request: request, ids: ids, maximumArgumentBytes: maximumArgumentBytes)
    self.secrets = secrets
  }

  /// Decodes a whole (non-streamed) message.
  mutating func decodeResponse(_ json: JSONValue) throws -> ChatResponse {
    guard let content = json["content"]?.arrayValue else {
      throw LanguageModelError.malformedResponse(
        reason: "the response has no content array",
        snippet: LanguageModelError.snippet(of: json.rendered(), secrets: secrets))
    }
    var position = 0
    for (index, block) in content.enumerated() {
      switch block["type"]?.stringValue {
      case "text":
        _ = assembler.appendText(block["text"]?.stringValue ?? "")
      case "tool_use":
        _ = assembler.appendToolCall(
          ToolCallDelta(
            index: position, id: block["id"]?.stringValue, name: block["name"]?.stringValue,
            argumentsObject: block["input"] ?? .object(JSONObject())))
        position += 1
      case "thinking", "redacted_thinking":
        _ = startThinking(block, index: index)
      default:
        break
      }
    }
    readStopReason(json["stop_reason"])
    readUsage(json["usage"])
    return withThinking(try assembler.finish(finishReason: stopReason, usage: usage).response)
  }

  mutating func consume(_ event: SSEEvent) throws -> [ChatStreamEvent] {
    guard !event.data.isEmpty else { return [] }
    let json = try event.json(secrets: secrets)
    let type = json["type"]?.stringValue ?? event.type
    switch type {
    case "message_start":
      sawMessageStart = true
      readUsage(json["message"]?["usage"])
      return []
    case "content_block_start":
      guard let index = json["index"]?.intValue, let block = json["content_block"] else { return [] }
      switch block["type"]?.stringValue {
      case "text":
        return assembler.appendText(block["text"]?.stringValue ?? "")
      case "tool_use":
        let position = toolPositions.count
        toolPositions[index] = position
        var events = assembler.appendToolCall(
          ToolCallDelta(index: position, id: block["id"]?.stringValue, name: block["name"]?.stringValue))
        // A start block with non-empty input (not the usual `{}`) carries whole arguments.
        if let input = block["input"], input.objectValue?.isEmpty == false {
          events += assembler.appendToolCall(ToolCallDelta(index: position, argumentsObject: input))
        }
        return events
      case "thinking", "redacted_thinking":
        return startThinking(block, index: index)
      default:
        return []
      }
    case "content_block_delta":
      guard let delta = json["delta"] else { return [] }
      switch delta["type"]?.stringValue {
      case "text_delta":
        return assembler.appendText(delta["text"]?.stringValue ?? "")
      case "input_json_delta":
        guard let index = json["index"]?.intValue, let position = toolPositions[index] else { return [] }
        return assembler.appendToolCall(
          ToolCallDelta(index: position, argumentsFragment: delta["partial_json"]?.stringValue))
      case "thinking_delta":
        guard let index = json["index"]?.intValue else { return [] }
        return appendThinking(delta["thinking"]?.stringValue ?? "", index: index)
      case "signature_delta":
        guard let index = json["index"]?.intValue, let position = thinking.firstIndex(where: { $0.index == index }),
          case .thinking(let text, let signature) = thinking[position].block
        else { return [] }
        thinking[position].block = .thinking(text: text, signature: signature + (delta["signature"]?.stringValue ?? ""))
        return []
      default:
        return []
      }
    case "message_delta":
      readStopReason(json["delta"]?["stop_reason"])
      readUsage(json["usage"])
      return []
    case "message_stop":
      isDone = true
      return []
    case "error":
      let error = ProviderErrorBody.error(in: json, secrets: secrets)
      throw LanguageModelError.providerError(
        type: error?.type, message: error?.message ?? "the stream reported an error without a message")
    default:
      // `ping` and event types added after this was written.
      return []
    }
  }

  mutating func finish() throws -> (events: [ChatStreamEvent], response: ChatResponse) {
    let (events, response) = try assembler.finish(finishReason: stopReason, usage: usage)
    return (events, withThinking(response))
  }

  /// Starts a `thinking` block (with whatever text and signature it already carries) or a `redacted_thinking` one.
  private mutating func startThinking(_ block: JSONValue, index: Int) -> [ChatStreamEvent] {
    guard !thinking.contains(where: { $0.index == index }) else { return [] }
    if block["type"]?.stringValue == "redacted_thinking" {
      thinking.append((index, .redacted(data: block["data"]?.stringValue ?? "")))
      return []
    }
    thinking.append((index, .thinking(text: "", signature: block["signature"]?.stringValue ?? "")))
    return appendThinking(block["thinking"]?.stringValue ?? "", index: index)
  }

  /// Adds thinking text to the block at `index`; the delta shown starts with a blank line when a new block follows
  /// earlier thinking, so the deltas add up to ``ChatResponse/thinking``.
  private mutating func appendThinking(_ fragment: String, index: Int) -> [ChatStreamEvent] {
    guard !fragment.isEmpty, let position = thinking.firstIndex(where: { $0.index == index }),
      case .thinking(let text, let signature) = thinking[position].block
    else { return [] }
    thinking[position].block = .thinking(text: text + fragment, signature: signature)
    var delta = fragment
    if let last = lastThinkingIndex, last != index, !thinkingText.isEmpty { delta = "\n\n" + delta }
    lastThinkingIndex = index
    thinkingText += delta
    return [.thinkingDelta(delta)]
  }

  /// `response` with the thinking text and blocks.
  private func withThinking(_ response: ChatResponse) -> ChatResponse {
    var response = response
    response.thinking = thinkingText.isEmpty ? nil : thinkingText
    response.thinkingBlocks = thinking.map(\.block)
    return response
  }

  func truncationReason(cutMidEvent: Bool) -> String {
    let detail = cutMidEvent ? " (the connection closed in the middle of an event)" : ""
    if !sawMessageStart { return "the server sent no message_start\(detail)" }
    return stopReason == nil
      ? "the server closed the stream before the model finished\(detail)"
      : "the server closed the stream without message_stop\(detail)"
  }

  private static let inputFields = ["input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens"]

  /// Input counts include cache writes and reads.
  private var usage: TokenUsage? {
    guard !usageCounts.isEmpty else { return nil }
    let input = Self.inputFields.compactMap { usageCounts[$0] }.reduce(0, +)
    return TokenUsage(
      inputTokens: input, outputTokens: usageCounts["output_tokens"] ?? 0,
      cacheReadInputTokens: usageCounts["cache_read_input_tokens"] ?? 0,
      cacheWriteInputTokens: usageCounts["cache_creation_input_tokens"] ?? 0)
  }

  private mutating func readStopReason(_ value: JSONValue?) {
    guard let reason = value?.stringValue, !reason.isEmpty else { return }
    stopReason = Self.finishReason(reason)
  }

  /// A later event (`message_delta`) updates only the counts it carries: one that repeats `input_tokens` but
  /// omits or nulls the cache counts keeps those from `message_start`, as Anthropic's SDK does.
  private mutating func readUsage(_ value: JSONValue?) {
    guard let usage = value, usage.objectValue != nil else { return }
    for field in Self.inputFields + ["output_tokens"] {
      if let count = usage.tokenCount(field) { usageCounts[field] = count }
    }
  }

  static func finishReason(_ reason: String) -> FinishReason {
    switch reason {
    case "end_turn", "stop_sequence": .stop
    case "max_tokens": .length
    case "tool_use": .toolCalls
    case "refusal": .contentFilter
    default: .other(reason)
    }
  }
}
