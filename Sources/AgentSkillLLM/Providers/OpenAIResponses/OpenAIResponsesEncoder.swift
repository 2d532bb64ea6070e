/// Builds Responses API (`POST /v1/responses`) request bodies.
///
/// Leading system messages become `instructions` (the API does not carry
/// them over from a previous response, so they are sent with every request);
/// the rest of the conversation becomes input items: messages, the model's
/// `function_call`s and their `function_call_output`s.
enum OpenAIResponsesEncoder {
  /// What one request sends.
  struct Settings {
    var model: String
    var stream: Bool
    var store: Bool
    var previousResponseID: String?
    var promptCacheKey: String?
    var reasoning: OpenAIReasoningOptions?
  }

  /// The body for `request`; with a previous response, `input` holds only the messages from `inputStart` on.
  static func body(for request: ChatRequest, settings: Settings, inputStart: Int = 0) throws -> JSONObject {
    var body: JSONObject = ["model": .string(settings.model)]
    let leading = request.messages.prefix { $0.role == .system }
    let instructions = leading.map(\.content).filter { !$0.isEmpty }.joined(separator: "\n\n")
    if !instructions.isEmpty { body["instructions"] = .string(instructions) }
    var input: [JSONValue] = []
    for (position, message) in request.messages.enumerated() where position >= max(inputStart, leading.count) {
      input += try items(for: message, position: position)
    }
    body["input"] = .array(input)
    if let previous = settings.previousResponseID { body["previous_response_id"] = .string(previous) }
    body["store"] = .bool(settings.store)
    if !request.tools.isEmpty {
      body["tools"] = .array(request.tools.map(tool))
      if let choice = request.toolChoice { body["tool_choice"] = toolChoice(choice) }
      if let parallel = request.parallelToolCalls { body["parallel_tool_calls"] = .bool(parallel) }
    } else if request.toolChoice == ToolChoice.none {
      body["tool_choice"] = "none"
    }
    if case .json(let name, let schema, let strict) = request.responseFormat {
      body["text"] = [
        "format": [
          "type": "json_schema", "name": .string(name), "schema": (strict ? schema.strictForm : schema).json,
          "strict": .bool(strict),
        ]
      ]
    }
    if let reasoning = settings.reasoning, let json = reasoning.json { body["reasoning"] = json }
    if let key = settings.promptCacheKey, !key.isEmpty { body["prompt_cache_key"] = .string(key) }
    if let temperature = request.temperature { body["temperature"] = .number(temperature) }
    if let maxTokens = request.maxTokens { body["max_output_tokens"] = .integer(maxTokens) }
    body["stream"] = .bool(settings.stream)
    return body
  }

  /// A function tool; `strict` is off because the schemas are sent as written, not in strict form.
  static func tool(_ definition: ToolDefinition) -> JSONValue {
    [
      "type": "function", "name": .string(definition.name), "description": .string(definition.description),
      "parameters": definition.wireParameters, "strict": false,
    ]
  }

  static func toolChoice(_ choice: ToolChoice) -> JSONValue {
    switch choice {
    case .auto: "auto"
    case .none: "none"
    case .required: "required"
    case .tool(let name): ["type": "function", "name": .string(name)]
    }
  }

  /// The input items of one message.
  static func items(for message: ChatMessage, position: Int) throws -> [JSONValue] {
    switch message.role {
    case .system:
      return [["role": "system", "content": .string(message.content)]]
    case .user:
      guard !message.images.isEmpty else { return [["role": "user", "content": .string(message.content)]] }
      // Text, then each image as an `input_image` with a data URL.
      var parts: [JSONValue] = []
      if !message.content.isEmpty { parts.append(["type": "input_text", "text": .string(message.content)]) }
      for image in message.images {
        parts.append(["type": "input_image", "image_url": .string(try image.dataURL()), "detail": "auto"])
      }
      return [["role": "user", "content": .array(parts)]]
    case .assistant:
      var items: [JSONValue] = []
      if !message.content.isEmpty || message.toolCalls.isEmpty {
        items.append(["role": "assistant", "content": .string(message.content)])
      }
      for call in message.toolCalls {
        items.append([
          "type": "function_call", "call_id": .string(call.id), "name": .string(call.name),
          "arguments": .string(OpenAIChatEncoder.argumentsText(call.arguments)),
        ])
      }
      return items
    case .tool:
      guard let callID = message.toolCallID, !callID.isEmpty else {
        throw LanguageModelError.invalidRequest(
          reason:
            "message \(position) is a tool result without a toolCallID; create it with ChatMessage.tool(_:callID:name:)"
        )
      }
      return [["type": "function_call_output", "call_id": .string(callID), "output": .string(message.content)]]
    }
  }
}
