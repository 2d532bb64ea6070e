/// Structured output on Anthropic's Messages API: natively, the schema as
/// `output_config.format` (`{"type": "json_schema", "schema": …}`), the answer
/// being the text; or, for servers that answer that with HTTP 400, a tool
/// named after the response format, forced with `tool_choice: {"type":
/// "tool", "name": …}`, whose input is the answer, turned back into text here.
enum AnthropicStructuredOutput {
  /// The `output_config.format` for `format`, or `nil` for plain text.
  ///
  /// Objects that do not say whether they take other members are closed
  /// (`additionalProperties: false`), as the API's constrained decoding requires.
  static func outputFormat(for format: ResponseFormat) -> JSONValue? {
    guard case .json(_, let schema, _) = format else { return nil }
    return ["type": "json_schema", "schema": closed(schema.json)]
  }

  /// Whether `error` is a server refusing the `output_config.format` of a request.
  static func rejectsOutputFormat(_ error: LanguageModelError) -> Bool {
    guard case .httpStatus(let code, let message?) = error, code == 400 || code == 422 else { return false }
    let lowered = message.lowercased()
    return ["output_config", "output_format", "json_schema", "structured output"].contains { lowered.contains($0) }
  }

  /// The key under which a rejection of `format` by `model` is remembered.
  static func rejectionKey(model: String, format: ResponseFormat) -> String? {
    guard case .json(let name, let schema, _) = format else { return nil }
    return "\(model)\n\(name)\n\(schema.json.rendered())"
  }

  private static func closed(_ value: JSONValue) -> JSONValue {
    guard case .object(var object) = value else { return value }
    for keyword in ["items", "additionalProperties", "not"] {
      if let child = object[keyword], case .object = child { object[keyword] = closed(child) }
    }
    for keyword in ["anyOf", "oneOf", "allOf", "prefixItems"] {
      if case .array(let children) = object[keyword] { object[keyword] = .array(children.map(closed)) }
    }
    for keyword in ["properties", "$defs"] {
      if case .object(let members) = object[keyword] {
        object[keyword] = .object(JSONObject(members.members.map { ($0.key, closed($0.value)) }))
      }
    }
    let isObject = object["type"] == "object" || object["properties"] != nil
    if isObject, object["additionalProperties"] == nil { object["additionalProperties"] = false }
    return .object(object)
  }

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
