/// Structured output on Anthropic's Messages API: a tool named after the
/// response format, forced with `tool_choice: {"type": "tool", "name": …}`;
/// the call's input is the answer, turned back into text here.
enum AnthropicStructuredOutput {
  /// The member that holds a non-object answer (tool inputs must be objects).
  static let wrapperMember = "value"

  /// The forced tool for `format`, or `nil` for plain text.
  static func tool(for format: ResponseFormat) -> JSONValue? {
    guard case .json(let name, let schema, _) = format else { return nil }
    return [
      "name": .string(name),
      "description": "Answer by calling this tool: its input is the answer, matching this schema.",
      "input_schema": inputSchema(schema),
    ]
  }

  /// The schema as a tool input: objects as they are, other values wrapped in `{"value": …}`.
  static func inputSchema(_ schema: JSONSchema) -> JSONValue {
    if isObject(schema) { return schema.json }
    return ["type": "object", "properties": [wrapperMember: schema.json], "required": [.string(wrapperMember)]]
  }

  /// `response` with the forced call turned into the answer's text.
  static func answer(_ response: ChatResponse, for format: ResponseFormat) -> ChatResponse {
    guard case .json(let name, let schema, _) = format,
      let call = response.toolCalls.first(where: { $0.name == name })
    else { return response }
    var answer = response
    answer.toolCalls.removeAll { $0.name == name }
    var value = call.arguments
    if !isObject(schema), case .object(let wrapper) = value, let inner = wrapper[wrapperMember] { value = inner }
    answer.text = (response.text.map { $0.isEmpty ? "" : $0 } ?? "") + value.rendered()
    if answer.toolCalls.isEmpty, answer.finishReason == .toolCalls { answer.finishReason = .stop }
    return answer
  }

  /// The stream's events with the forced call's argument fragments as text.
  ///
  /// Non-object answers arrive wrapped; their fragments are passed on as they
  /// come (the final response carries the unwrapped text).
  static func answerEvents(
    _ events: AsyncThrowingStream<ChatStreamEvent, any Error>, for format: ResponseFormat
  ) -> AsyncThrowingStream<ChatStreamEvent, any Error> {
    guard case .json(let name, _, _) = format else { return events }
    return AsyncThrowingStream { continuation in
      let task = Task {
        var forced: Set<Int> = []
        do {
          for try await event in events {
            switch event {
            case .toolCallStarted(let index, _, let called) where called == name:
              forced.insert(index)
            case .toolCallArgumentsDelta(let index, let fragment) where forced.contains(index):
              continuation.yield(.textDelta(fragment))
            case .completed(let response):
              continuation.yield(.completed(answer(response, for: format)))
            default:
              continuation.yield(event)
            }
          }
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  private static func isObject(_ schema: JSONSchema) -> Bool {
    schema.json["type"] == "object"
  }
}
