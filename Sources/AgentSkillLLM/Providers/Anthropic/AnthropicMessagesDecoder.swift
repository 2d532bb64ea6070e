/// Reads Messages API responses, whole or streamed.
struct AnthropicMessagesDecoder: ProviderStreamDecoder {
  private var assembler: ResponseAssembler
  private let secrets: [String]
  private var stopReason: FinishReason?
  /// The usage counts seen so far, by the API's field name; each event updates only the fields it carries.
  private var usageCounts: [String: Int] = [:]
  /// Tool position (0, 1, …) for each content block index that is a `tool_use`.
  private var toolPositions: [Int: Int] = [:]
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
    for block in content {
      switch block["type"]?.stringValue {
      case "text":
        _ = assembler.appendText(block["text"]?.stringValue ?? "")
      case "tool_use":
        _ = assembler.appendToolCall(
          ToolCallDelta(
            index: position, id: block["id"]?.stringValue, name: block["name"]?.stringValue,
            argumentsObject: block["input"] ?? .object(JSONObject())))
        position += 1
      default:
        break
      }
    }
    readStopReason(json["stop_reason"])
    readUsage(json["usage"])
    return try assembler.finish(finishReason: stopReason, usage: usage).response
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
    try assembler.finish(finishReason: stopReason, usage: usage)
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
