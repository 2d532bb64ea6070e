import Testing

@testable import AgentSkillLLM

/// Helpers that turn vendor wire payloads into deltas the way a provider does.
enum WirePayload {
  /// The tool-call deltas of an OpenAI-style SSE body (`data: {…}` lines; `[DONE]` and comments skipped).
  static func chatCompletionsDeltas(sse body: String) throws -> [ToolCallDelta] {
    var deltas: [ToolCallDelta] = []
    for line in body.split(separator: "\n") where line.hasPrefix("data:") {
      let payload = line.dropFirst("data:".count).drop(while: { $0 == " " })
      if payload == "[DONE]" { continue }
      let chunk = try JSONValue(parsing: String(payload))
      let delta = try #require(chunk["choices"]?[0]?["delta"], "chunk without choices[0].delta: \(payload)")
      deltas += ToolCallDelta.deltas(inMessage: delta)
    }
    return deltas
  }

  /// The tool-call deltas of an Ollama `/api/chat` NDJSON body.
  static func ollamaDeltas(ndjson body: String) throws -> [ToolCallDelta] {
    var deltas: [ToolCallDelta] = []
    for line in body.split(separator: "\n") where !line.allSatisfy(\.isWhitespace) {
      let chunk = try JSONValue(parsing: String(line))
      deltas += ToolCallDelta.deltas(inMessage: chunk["message"] ?? .null)
    }
    return deltas
  }

  /// Feeds `deltas` to a fresh accumulator with sequential ids; returns its events and calls.
  static func assemble(_ deltas: [ToolCallDelta]) throws -> (events: [ChatStreamEvent], calls: [ToolCall]) {
    var accumulator = ToolCallAccumulator(ids: .sequential(prefix: "gen_"))
    var events: [ChatStreamEvent] = []
    for delta in deltas { events += accumulator.append(delta) }
    return (events, try accumulator.finish())
  }
}

/// The ``ToolCallError`` `body` throws, or `nil` when it returns (or throws anything else).
func toolCallError<T>(_ body: () throws -> T) -> ToolCallError? {
  do {
    _ = try body()
    return nil
  } catch {
    return error as? ToolCallError
  }
}

/// Parses `text` and returns the outcome, for tests that accept either.
func parseOutcome(_ text: String) -> Result<JSONValue, ToolCallError> {
  do {
    return .success(try ToolArguments.parse(text))
  } catch {
    return .failure(error)
  }
}

extension ToolCallError {
  /// The reason of a ``malformedArguments(tool:reason:snippet:)`` error.
  var malformedReason: String? {
    if case .malformedArguments(_, let reason, _) = self { return reason }
    return nil
  }
}
