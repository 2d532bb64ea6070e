/// Builds a ``ChatResponse`` from a provider's text and tool-call pieces —
/// the same code for whole and streamed answers, so a stream's
/// ``ChatStreamEvent/completed(_:)`` equals what `respond(to:)` returns for
/// the same payload.
///
/// It resolves decorated tool names against the offered tools, extracts
/// Hermes/Mistral/DeepSeek/bare-JSON tool calls written into the text (only
/// when tools were offered), keeps arguments that cannot be read as an object
/// (or nest too deeply) as `.string(raw)` so the agent can ask the model to
/// fix them, and reports `.toolCalls` when a model said `stop` although it
/// called tools.
///
/// The streamed text deltas always add up to the final text. When tools were
/// offered, text that may still turn out to be call markup is held back until
/// that is decided: everything from the first call marker on, the end of the
/// text when it may be the start of a marker, blank text at the end (the final
/// text is trimmed at the end when calls are taken out of it), and the whole
/// text while it may still be a bare JSON call (``BareCallPrefix``). At the
/// end, what was held back is released when it stays in the final text and
/// dropped when it was markup.
struct ResponseAssembler {
  /// Markers that start tool calls written as text.
  private static let markers = ["<tool_call>", "[TOOL_CALLS]", "<｜tool▁calls▁begin｜>", "<|python_tag|>"]
  private static let markerBytes = markers.map { Array($0.utf8) }

  private let toolNames: [String]
  private let ids: ToolCallIDGenerator
  private var accumulator: ToolCallAccumulator
  private var text = ""
  /// How many UTF-8 bytes of ``text`` were streamed as text deltas; always the start of the final text.
  private var emittedBytes = 0
  /// Whether a call marker was seen, so the rest of the text is held back until the end.
  private var sawMarker = false
  /// Whether the text may still be a bare JSON call.
  private var bareCall = BareCallPrefix()
  private var startedCalls: [Int: (id: String, name: String)] = [:]
  private var argumentText: [Int: String] = [:]

  init(request: ChatRequest, ids: ToolCallIDGenerator, maximumArgumentBytes: Int) {
    self.toolNames = request.tools.map(\.name)
    self.ids = ids
    self.accumulator = ToolCallAccumulator(ids: ids, maximumArgumentBytes: maximumArgumentBytes)
  }

  /// Adds text and returns the text deltas safe to show now: those that are
  /// sure to be the start of the final text, whatever follows.
  mutating func appendText(_ fragment: String) -> [ChatStreamEvent] {
    guard !fragment.isEmpty else { return [] }
    text += fragment
    guard !toolNames.isEmpty else { return emit(upTo: text.utf8.count) }
    guard !sawMarker else { return [] }
    if bareCall.isPossible {
      bareCall.consume(fragment)
      if bareCall.isPossible { return [] }
    }
    let utf8 = text.utf8
    let pending = text[utf8.index(utf8.startIndex, offsetBy: emittedBytes)...]
    var limit: String.Index
    if let marker = Self.earliestMarker(in: pending) {
      sawMarker = true
      limit = marker
    } else {
      limit = Self.markerPrefixStart(atEndOf: pending)
    }
    // Blank text right before the limit may end up at the end of the final text, which is trimmed.
    let visible = pending[..<limit]
    limit =
      visible.lastIndex(where: { !ToolArguments.isBlank($0) }).map { visible.index(after: $0) } ?? visible.startIndex
    return emit(upTo: utf8.distance(from: utf8.startIndex, to: limit))
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
      case .failure(.malformedArguments(let tool, _, _)), .failure(.argumentsTooDeep(let tool, _)):
        // Kept as text: the agent tells the model what is wrong with it (see `ChatTurn.unreadableArguments`).
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
      let split = TextToolCallExtractor.split(text, offeredTools: toolNames, ids: ids)
      if !split.calls.isEmpty {
        finalText = split.text
        for (index, call) in split.calls.enumerated() {
          let named = ToolCall(id: call.id, name: resolve(call.name), arguments: call.arguments)
          calls.append(named)
          events.append(.toolCallStarted(index: index, id: named.id, name: named.name))
          events.append(.toolCallArgumentsDelta(index: index, fragment: named.arguments.rendered()))
        }
      }
    }
    // What was held back and stays in the final text, so the deltas add up to it. (What was shown is the start
    // of the final text by construction; the check only keeps a broken rule from emitting nonsense.)
    if finalText.utf8.starts(with: text.utf8.prefix(emittedBytes)) {
      let rest = String(decoding: finalText.utf8.dropFirst(emittedBytes), as: UTF8.self)
      if !rest.isEmpty { events.insert(.textDelta(rest), at: 0) }
    }
    var reason = finishReason
    if !calls.isEmpty, reason == nil || reason == .stop { reason = .toolCalls }
    if let usage { events.append(.usage(usage)) }
    let response = ChatResponse(
      text: finalText.isEmpty ? nil : finalText, toolCalls: calls, finishReason: reason, usage: usage)
    return (events, response)
  }

  /// Streams the text from what was shown so far up to the UTF-8 offset `end`.
  private mutating func emit(upTo end: Int) -> [ChatStreamEvent] {
    guard end > emittedBytes else { return [] }
    let utf8 = text.utf8
    let piece = utf8[utf8.index(utf8.startIndex, offsetBy: emittedBytes)..<utf8.index(utf8.startIndex, offsetBy: end)]
    emittedBytes = end
    return [.textDelta(String(decoding: piece, as: UTF8.self))]
  }

  private func resolve(_ name: String) -> String {
    guard !toolNames.isEmpty, let resolved = try? ToolNameResolver.resolve(name, among: toolNames) else {
      return name
    }
    return resolved
  }

  /// Where the first marker in `text` starts, compared byte for byte.
  private static func earliestMarker(in text: Substring) -> String.Index? {
    markers.compactMap { text.find($0)?.lowerBound }.min()
  }

  /// Where the longest end of `text` that is the start of a marker begins (`text.endIndex` when none).
  private static func markerPrefixStart(atEndOf text: Substring) -> String.Index {
    let bytes = text.utf8
    var best = 0
    for marker in markerBytes {
      var length = min(marker.count - 1, bytes.count)
      while length > best {
        if bytes.suffix(length).elementsEqual(marker.prefix(length)) {
          best = length
          break
        }
        length -= 1
      }
    }
    return bytes.index(bytes.endIndex, offsetBy: -best)
  }
}
