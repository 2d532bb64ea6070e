/// Builds chat-completions request bodies.
enum OpenAIChatEncoder {
  static func body(
    for request: ChatRequest, model: String, stream: Bool, includeUsage: Bool, maxTokensParameter: String,
    jsonObjectFallback: Bool = false
  ) throws -> JSONObject {
    var body: JSONObject = ["model": .string(model)]
    var messages = request.messages
    if case .json(let name, let schema, let strict) = request.responseFormat {
      if jsonObjectFallback {
        // Servers without json_schema: JSON mode, and the schema in the prompt.
        body["response_format"] = ["type": "json_object"]
        messages.insert(.system(schemaInstruction(schema)), at: messages.firstIndex { $0.role != .system } ?? 0)
      } else {
        body["response_format"] = [
          "type": "json_schema",
          "json_schema": [
            "name": .string(name), "schema": (strict ? schema.strictForm : schema).json, "strict": .bool(strict),
          ],
        ]
      }
    }
    body["messages"] = .array(try messages.enumerated().map { try message($1, position: $0) })
    if !request.tools.isEmpty {
      body["tools"] = .array(request.tools.map(tool))
      if let choice = request.toolChoice { body["tool_choice"] = toolChoice(choice) }
      if let parallel = request.parallelToolCalls { body["parallel_tool_calls"] = .bool(parallel) }
    } else if request.toolChoice == ToolChoice.none {
      body["tool_choice"] = "none"
    }
    if let temperature = request.temperature { body["temperature"] = .number(temperature) }
    if let maxTokens = request.maxTokens { body[maxTokensParameter] = .integer(maxTokens) }
    body["stream"] = .bool(stream)
    if stream, includeUsage { body["stream_options"] = ["include_usage": true] }
    return body
  }

  /// The system message that carries the schema when the server only has JSON mode.
  static func schemaInstruction(_ schema: JSONSchema) -> String {
    "Answer with one JSON value, and nothing else, that matches this JSON Schema:\n" + schema.json.rendered()
  }

  static func tool(_ definition: ToolDefinition) -> JSONValue {
    [
      "type": "function",
      "function": [
        "name": .string(definition.name),
        "description": .string(definition.description),
        "parameters": definition.wireParameters,
      ],
    ]
  }

  static func toolChoice(_ choice: ToolChoice) -> JSONValue {
    switch choice {
    case .auto: "auto"
    case .none: "none"
    case .required: "required"
    case .tool(let name): ["type": "function", "function": ["name": .string(name)]]
    }
  }

  static func message(_ message: ChatMessage, position: Int) throws -> JSONValue {
    switch message.role {
    case .system:
      return ["role": "system", "content": .string(message.content)]
    case .user:
      guard !message.images.isEmpty else { return ["role": "user", "content": .string(message.content)] }
      // Text, then each image as an `image_url` part with a data URL.
      var parts: [JSONValue] = []
      if !message.content.isEmpty { parts.append(["type": "text", "text": .string(message.content)]) }
      for image in message.images {
        parts.append(["type": "image_url", "image_url": ["url": .string(try image.dataURL())]])
      }
      return ["role": "user", "content": .array(parts)]
    case .assistant:
      var object: JSONObject = ["role": "assistant"]
      object["content"] = message.content.isEmpty && !message.toolCalls.isEmpty ? .null : .string(message.content)
      if !message.toolCalls.isEmpty {
        object["tool_calls"] = .array(
          message.toolCalls.map { call in
            [
              "id": .string(call.id),
              "type": "function",
              "function": ["name": .string(call.name), "arguments": .string(argumentsText(call.arguments))],
            ]
          })
      }
      return .object(object)
    case .tool:
      guard let callID = message.toolCallID, !callID.isEmpty else {
        throw LanguageModelError.invalidRequest(
          reason:
            "message \(position) is a tool result without a toolCallID; create it with ChatMessage.tool(_:callID:name:)"
        )
      }
      return ["role": "tool", "tool_call_id": .string(callID), "content": .string(message.content)]
    }
  }

  /// Arguments as the JSON text the API expects; arguments kept as raw text
  /// (because they could not be read) are sent back as the model wrote them.
  static func argumentsText(_ arguments: JSONValue) -> String {
    if case .string(let raw) = arguments { return raw }
    return arguments.rendered()
  }
}
