import AgentSkill
import Foundation

/// Reads Responses API answers: a whole `response` object, or its typed stream
/// events (`response.output_text.delta`, `response.function_call_arguments.delta`,
/// `response.reasoning_summary_text.delta`, …, ending with `response.completed`
/// or `response.incomplete`).
///
/// Function calls are numbered in the order their output items arrive, so
/// parallel calls keep their order; their arguments go through the same lenient
/// reading as chat completions. Reasoning summaries (and reasoning text, which
/// open-weight models send) become ``ChatStreamEvent/thinkingDelta(_:)``.
struct OpenAIResponsesDecoder: ProviderStreamDecoder {
  private var assembler: ResponseAssembler
  private let secrets: [String]
  private var finishReason: FinishReason?
  private var usage: TokenUsage?
  private var thinking = ""
  /// The reasoning part (output index, summary index) the last thinking delta belonged to.
  private var thinkingPart: (item: Int, part: Int)?
  /// Call position (0, 1, …) by output index.
  private var callPositions: [Int: Int] = [:]
  /// Positions whose arguments arrived as deltas.
  private var callsWithArguments: Set<Int> = []
  /// Output indexes whose text arrived as deltas.
  private var itemsWithText: Set<Int> = []
  /// Output indexes that had thinking deltas.
  private var itemsWithThinking: Set<Int> = []
  private var sawCreated = false
  /// Where the response's id goes when it arrives (the model chains requests with it).
  private let responseID: LockIsolated<String?>
  private(set) var isDone = false

  init(
    request: ChatRequest, ids: ToolCallIDGenerator, maximumArgumentBytes: Int, secrets: [String],
    responseID: LockIsolated<String?> = LockIsolated(nil)
  ) {
    self.assembler = ResponseAssembler(request: request, ids: ids, maximumArgumentBytes: maximumArgumentBytes)
    self.secrets = secrets
    self.responseID = responseID
  }

  /// The response's id, once known.
  var id: String? { responseID.value }

  // MARK: Whole responses

  mutating func decodeResponse(_ json: JSONValue) throws -> ChatResponse {
    guard let output = json["output"]?.arrayValue else {
      throw LanguageModelError.malformedResponse(
        reason: "the response has no output array",
        snippet: LanguageModelError.snippet(of: json.rendered(), secrets: secrets))
    }
    try readStatus(of: json)
    for (index, item) in output.enumerated() { _ = apply(wholeItem: item, outputIndex: index) }
    return try finish().response
  }

  // MARK: Streams

  mutating func consume(_ event: SSEEvent) throws -> [ChatStreamEvent] {
    let data = event.data.trimmingCharacters(in: .whitespaces)
    if data == "[DONE]" {
      isDone = true
      return []
    }
    guard !data.isEmpty else { return [] }
    let json = try event.json(secrets: secrets)
    let outputIndex = json["output_index"]?.intValue ?? 0
    switch json["type"]?.stringValue ?? event.type {
    case "response.created", "response.in_progress", "response.queued":
      sawCreated = true
      if let id = json["response"]?["id"]?.stringValue { responseID.withValue { $0 = id } }
      return []
    case "response.output_item.added":
      guard let item = json["item"], item["type"]?.stringValue == "function_call" else { return [] }
      return startCall(item, outputIndex: outputIndex)
    case "response.function_call_arguments.delta":
      guard let position = callPositions[outputIndex], let fragment = json["delta"]?.stringValue else { return [] }
      callsWithArguments.insert(position)
      return assembler.appendToolCall(ToolCallDelta(index: position, argumentsFragment: fragment))
    case "response.function_call_arguments.done":
      guard let position = callPositions[outputIndex], !callsWithArguments.contains(position),
        let arguments = json["arguments"]?.stringValue
      else { return [] }
      callsWithArguments.insert(position)
      return assembler.appendToolCall(ToolCallDelta(index: position, argumentsFragment: arguments))
    case "response.output_text.delta", "response.refusal.delta":
      itemsWithText.insert(outputIndex)
      return assembler.appendText(json["delta"]?.stringValue ?? "")
    case "response.reasoning_summary_text.delta", "response.reasoning_text.delta":
      itemsWithThinking.insert(outputIndex)
      let part = json["summary_index"]?.intValue ?? json["content_index"]?.intValue ?? 0
      return appendThinking(json["delta"]?.stringValue ?? "", item: outputIndex, part: part)
    case "response.output_item.done":
      // Items whose content came without deltas (a server that sends only whole items).
      guard let item = json["item"] else { return [] }
      return apply(wholeItem: item, outputIndex: outputIndex)
    case "response.completed", "response.incomplete":
      isDone = true
      guard let response = json["response"] else { return [] }
      if let id = response["id"]?.stringValue { responseID.withValue { $0 = id } }
      try readStatus(of: response)
      return []
    case "response.failed":
      let error = json["response"]?["error"]
      throw LanguageModelError.providerError(
        type: error?["code"]?.stringValue,
        message: error?["message"]?.stringValue ?? "the response failed without a message")
    case "error":
      throw LanguageModelError.providerError(
        type: json["code"]?.stringValue,
        message: json["message"]?.stringValue ?? "the stream reported an error without a message")
    default:
      // Content parts, annotations, hosted tools, and event types added after this was written.
      return []
    }
  }

  mutating func finish() throws -> (events: [ChatStreamEvent], response: ChatResponse) {
    var (events, response) = try assembler.finish(finishReason: finishReason, usage: usage)
    response.thinking = thinking.isEmpty ? nil : thinking
    return (events, response)
  }

  func truncationReason(cutMidEvent: Bool) -> String {
    let detail = cutMidEvent ? " (the connection closed in the middle of an event)" : ""
    return sawCreated
      ? "the server closed the stream before response.completed\(detail)"
      : "the server sent no response.created\(detail)"
  }

  // MARK: Items

  private mutating func startCall(_ item: JSONValue, outputIndex: Int) -> [ChatStreamEvent] {
    let position = callPositions.count
    callPositions[outputIndex] = position
    var events = assembler.appendToolCall(
      ToolCallDelta(index: position, id: Self.nonEmpty(item["call_id"]), name: Self.nonEmpty(item["name"])))
    if let arguments = Self.arguments(of: item) {
      callsWithArguments.insert(position)
      events += assembler.appendToolCall(arguments(position))
    }
    return events
  }

  /// Applies an item that arrived whole, skipping what its deltas already delivered.
  private mutating func apply(wholeItem item: JSONValue, outputIndex: Int) -> [ChatStreamEvent] {
    switch item["type"]?.stringValue {
    case "function_call":
      guard let position = callPositions[outputIndex] else { return startCall(item, outputIndex: outputIndex) }
      guard !callsWithArguments.contains(position), let arguments = Self.arguments(of: item) else { return [] }
      callsWithArguments.insert(position)
      return assembler.appendToolCall(arguments(position))
    case "message":
      guard !itemsWithText.contains(outputIndex) else { return [] }
      itemsWithText.insert(outputIndex)
      let parts = item["content"]?.arrayValue ?? []
      let text = parts.compactMap { $0["text"]?.stringValue ?? $0["refusal"]?.stringValue }.joined()
      return assembler.appendText(text)
    case "reasoning":
      guard !itemsWithThinking.contains(outputIndex) else { return [] }
      itemsWithThinking.insert(outputIndex)
      let summary = (item["summary"]?.arrayValue ?? []).compactMap { $0["text"]?.stringValue }
      let parts = summary.isEmpty ? (item["content"]?.arrayValue ?? []).compactMap { $0["text"]?.stringValue } : summary
      var events: [ChatStreamEvent] = []
      for (index, part) in parts.enumerated() { events += appendThinking(part, item: outputIndex, part: index) }
      return events
    default:
      return []
    }
  }

  /// Thinking text, with a blank line between parts.
  private mutating func appendThinking(_ text: String, item: Int, part: Int) -> [ChatStreamEvent] {
    guard !text.isEmpty else { return [] }
    var delta = text
    if let last = thinkingPart, last != (item, part), !thinking.isEmpty { delta = "\n\n" + delta }
    thinkingPart = (item, part)
    thinking += delta
    return [.thinkingDelta(delta)]
  }

  /// The arguments a whole `function_call` item carries: text (as the API sends it), or an object (leniently).
  private static func arguments(of item: JSONValue) -> ((Int) -> ToolCallDelta)? {
    switch item["arguments"] {
    case .string(let text)? where !text.isEmpty:
      return { ToolCallDelta(index: $0, argumentsFragment: text) }
    case .object(let object)?:
      return { ToolCallDelta(index: $0, argumentsObject: .object(object)) }
    default:
      return nil
    }
  }

  private static func nonEmpty(_ value: JSONValue?) -> String? {
    guard let text = value?.stringValue, !text.isEmpty else { return nil }
    return text
  }

  // MARK: Status and usage

  /// Reads the id, usage and status of a `response` object; a failed one throws.
  private mutating func readStatus(of response: JSONValue) throws {
    if let id = response["id"]?.stringValue { responseID.withValue { $0 = id } }
    readUsage(response["usage"])
    switch response["status"]?.stringValue {
    case "failed":
      let error = response["error"]
      throw LanguageModelError.providerError(
        type: error?["code"]?.stringValue,
        message: error?["message"]?.stringValue ?? "the response failed without a message")
    case "incomplete":
      switch response["incomplete_details"]?["reason"]?.stringValue {
      case "max_output_tokens": finishReason = .length
      case "content_filter": finishReason = .contentFilter
      case let reason?: finishReason = .other(reason)
      case nil: finishReason = .other("incomplete")
      }
    case "completed":
      finishReason = .stop
    default:
      break
    }
  }

  private mutating func readUsage(_ value: JSONValue?) {
    guard let usage = value, usage.objectValue != nil else { return }
    let input = usage.tokenCount("input_tokens")
    let output = usage.tokenCount("output_tokens")
    guard input != nil || output != nil else { return }
    let details = usage["input_tokens_details"]
    self.usage = TokenUsage(
      inputTokens: input ?? 0, outputTokens: output ?? 0,
      cacheReadInputTokens: details?.tokenCount("cached_tokens") ?? 0,
      cacheWriteInputTokens: details?.tokenCount("cache_write_tokens") ?? 0,
      reasoningTokens: usage["output_tokens_details"]?.tokenCount("reasoning_tokens") ?? 0)
  }
}
