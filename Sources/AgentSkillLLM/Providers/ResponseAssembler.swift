/// Builds a ``ChatResponse`` from a provider's text and tool-call pieces —
/// the same code for whole and streamed answers, so a stream's
/// ``ChatStreamEvent/completed(_:)`` equals what `respond(to:)` returns for
/// the same payload.
///
/// It resolves decorated tool names against the offered tools, extracts
/// Hermes/Mistral/DeepSeek tool calls written into the text (holding the
/// streamed text back from the first call marker on), keeps arguments that
/// cannot be read as an object as `.string(raw)` so the agent can ask the
/// model to fix them, and reports `.toolCalls` when a model said `stop`
/// although it called tools.
struct ResponseAssembler {
  /// Markers that start tool calls written as text.
  private static let markers = ["<tool_call>", "[TOOL_CALLS]", "<｜tool▁calls▁begin｜>", "<|python_tag|>"]

  private let toolNames: [String]
  private let ids: ToolCallIDGenerator
  private var accumulator: ToolCallAccumulator
  private var text = ""
  /// How many UTF-8 bytes of ``text`` were streamed as text deltas.
  private var emittedBytes = 0
  /// Text held back because it may begin a call marker.
  private var heldBack = ""
  /// Whether a call marker was seen, so the rest of the text is held back.
  private var sawMarker = false
  private var startedCalls: [Int: (id: String, name: String)] = [:]
  private var argumentText: [Int: String] = [:]

  init(request: ChatRequest, ids: ToolCallIDGenerator, maximumArgumentBytes: Int) {
    self.toolNames = request.tools.map(\.name)
    self.ids = ids
    self.accumulator = ToolCallAccumulator(ids: ids, maximumArgumentBytes: maximumArgumentBytes)
  }

  /// Adds text and returns the text deltas safe to show now.
  mutating func appendText(_ fragment: String) -> [ChatStreamEvent] {
    guard !fragment.isEmpty else { return [] }
    text += fragment
    guard !toolNames.isEmpty else { return emit(fragment) }
    guard !sawMarker else { return [] }
    let candidate = heldBack + fragment
    if let marker = Self.earliestMarker(in: candidate) {
      sawMarker = true
      heldBack = ""
      return emit(String(candidate[..<marker]))
    }
    let keep = Self.markerPrefixLength(atEndOf: candidate)
    heldBack = String(candidate.suffix(keep))
    return emit(String(candidate.dropLast(keep)))
  }

  /// Adds a tool-call fragment and returns the events it produces, with the tool's name resolved.
  mutating func appendToolCall(_ delta: ToolCallDelta) -> [ChatStreamEvent] {
    accumulator.append(delta).map { event in
      switch event {
      case .toolCallStarted(let index, let id, let name):
        let resolved = resolve(name)
        startedCalls[index] = (id, resolved)
        return .toolCallStarted(index: index, id: id, name: resolved)
      case .toolCallArgumentsDelta(let index, let fragment):
        argumentText[index, default: ""] += fragment
        return event
      default:
        return event
      }
    }
  }

  /// The final events (held-back text, or calls found in the text) and the response.
  ///
  /// - Throws: ``LanguageModelError/malformedResponse(reason:snippet:)`` for a
  ///   call without a name or with arguments over the size limit.
  mutating func finish(finishReason: FinishReason?, usage: TokenUsage?) throws -> (
    events: [ChatStreamEvent], response: ChatResponse
  ) {
    var calls: [ToolCall] = []
    for (position, result) in accumulator.results().enumerated() {
      switch result {
      case .success(let call):
        calls.append(ToolCall(id: call.id, name: resolve(call.name), arguments: call.arguments))
      case .failure(.malformedArguments(let tool, _, _)):
        let started = startedCalls[position]
        calls.append(
          ToolCall(
            id: started?.id ?? ids.id(forPosition: position),
            name: started?.name ?? tool.map(resolve) ?? "",
            arguments: .string(argumentText[position] ?? "")
          ))
      case .failure(let error):
        throw LanguageModelError.malformedResponse(reason: "unusable tool call: \(error.description)", snippet: "")
      }
    }
    var events: [ChatStreamEvent] = []
    var finalText = text
    if calls.isEmpty, !toolNames.isEmpty, !text.isEmpty {
      let extracted = TextToolCallExtractor.extract(from: text, offeredTools: toolNames, ids: ids)
      if !extracted.calls.isEmpty {
        finalText = extracted.text
        for (index, call) in extracted.calls.enumerated() {
          let named = ToolCall(id: call.id, name: resolve(call.name), arguments: call.arguments)
          calls.append(named)
          events.append(.toolCallStarted(index: index, id: named.id, name: named.name))
          events.append(.toolCallArgumentsDelta(index: index, fragment: named.arguments.rendered()))
        }
      }
    }
    if calls.isEmpty || !sawMarker {
      // What was held back, so the deltas add up to the text when no calls were found in it.
      let rest = String(decoding: text.utf8.dropFirst(emittedBytes), as: UTF8.self)
      if !rest.isEmpty { events.insert(.textDelta(rest), at: 0) }
    }
    var reason = finishReason
    if !calls.isEmpty, reason == nil || reason == .stop { reason = .toolCalls }
    if let usage { events.append(.usage(usage)) }
    let response = ChatResponse(
      text: finalText.isEmpty ? nil : finalText, toolCalls: calls, finishReason: reason, usage: usage)
    return (events, response)
  }

  private mutating func emit(_ piece: String) -> [ChatStreamEvent] {
    guard !piece.isEmpty else { return [] }
    emittedBytes += piece.utf8.count
    return [.textDelta(piece)]
  }

  private func resolve(_ name: String) -> String {
    guard !toolNames.isEmpty, let resolved = try? ToolNameResolver.resolve(name, among: toolNames) else {
      return name
    }
    return resolved
  }

  private static func earliestMarker(in text: String) -> String.Index? {
    markers.compactMap { text.range(of: $0)?.lowerBound }.min()
  }

  /// The length of the longest end of `text` that is the start of a marker.
  private static func markerPrefixLength(atEndOf text: String) -> Int {
    var best = 0
    for marker in markers {
      var length = min(marker.count - 1, text.count)
      while length > best {
        if marker.hasPrefix(text.suffix(length)) {
          best = length
          break
        }
        length -= 1
      }
    }
    return best
  }
}
