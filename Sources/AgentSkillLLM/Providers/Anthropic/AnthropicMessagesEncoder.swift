/// Builds Messages API request bodies.
enum AnthropicMessagesEncoder {
  /// Sampling parameters the current Messages API no longer takes: never sent, even from `extraBody`.
  static let removedParameters = ["temperature", "top_p"]

  private struct Turn {
    var role: String
    var blocks: [JSONValue]
  }

  /// The body for `request`; a JSON response format goes out as `output_config.format` when
  /// `nativeFormat`, as a forced tool otherwise.
  static func body(
    for request: ChatRequest, model: String, stream: Bool, defaultMaxTokens: Int, nativeFormat: Bool = true
  ) throws -> JSONObject {
    var body: JSONObject = ["model": .string(model)]
    body["max_tokens"] = .integer(request.maxTokens ?? defaultMaxTokens)
    let system = request.messages.filter { $0.role == .system }.map(\.content).filter { !$0.isEmpty }
    if !system.isEmpty { body["system"] = .string(system.joined(separator: "\n\n")) }
    body["messages"] = .array(try turns(for: request.messages).map(render))
    if nativeFormat, let format = AnthropicStructuredOutput.outputFormat(for: request.responseFormat) {
      body["output_config"] = ["format": format]
    }
    if !nativeFormat, let answerTool = AnthropicStructuredOutput.tool(for: request.responseFormat),
      let name = request.responseFormat.name
    {
      // Structured output: the answer is the input of one forced tool call.
      body["tools"] = .array([answerTool])
      body["tool_choice"] = ["type": "tool", "name": .string(name)]
    } else if !request.tools.isEmpty {
      body["tools"] = .array(
        request.tools.map { tool in
          [
            "name": .string(tool.name),
            "description": .string(tool.description),
            "input_schema": tool.wireParameters,
          ]
        })
      if let choice = toolChoice(request.toolChoice, parallel: request.parallelToolCalls) {
        body["tool_choice"] = choice
      }
    }
    body["stream"] = .bool(stream)
    return body
  }

  static func toolChoice(_ choice: ToolChoice?, parallel: Bool?) -> JSONValue? {
    var object: JSONObject
    switch choice {
    case .none?: return ["type": "none"]
    case .auto?: object = ["type": "auto"]
    case .required?: object = ["type": "any"]
    case .tool(let name)?: object = ["type": "tool", "name": .string(name)]
    case nil:
      guard parallel == false else { return nil }
      object = ["type": "auto"]
    }
    if parallel == false { object["disable_parallel_tool_use"] = true }
    return .object(object)
  }

  /// Groups the non-system messages into alternating turns: tool results
  /// join the user turn, consecutive messages of one role are merged.
  private static func turns(for messages: [ChatMessage]) throws -> [Turn] {
    var turns: [Turn] = []
    for (position, message) in messages.enumerated() {
      let role: String
      var blocks: [JSONValue] = []
      switch message.role {
      case .system:
        continue
      case .user:
        role = "user"
        // Images first, as Anthropic recommends: `image` blocks with a base64 source.
        for image in message.images {
          let (data, format) = try image.contents()
          blocks.append([
            "type": "image",
            "source": [
              "type": "base64", "media_type": .string(format.mediaType), "data": .string(data.base64EncodedString()),
            ],
          ])
        }
        if !message.content.isEmpty { blocks.append(["type": "text", "text": .string(message.content)]) }
      case .assistant:
        role = "assistant"
        // Thinking first, unchanged: the API checks the signatures and wants them before the tool_use blocks.
        blocks += message.thinking.map(thinkingBlock)
        if !message.content.isEmpty { blocks.append(["type": "text", "text": .string(message.content)]) }
        for call in message.toolCalls {
          blocks.append([
            "type": "tool_use", "id": .string(call.id), "name": .string(call.name), "input": input(call.arguments),
          ])
        }
      case .tool:
        guard let callID = message.toolCallID, !callID.isEmpty else {
          throw LanguageModelError.invalidRequest(
            reason:
              "message \(position) is a tool result without a toolCallID; create it with ChatMessage.tool(_:callID:name:)"
          )
        }
        role = "user"
        blocks.append(["type": "tool_result", "tool_use_id": .string(callID), "content": .string(message.content)])
      }
      if var last = turns.last, last.role == role {
        last.blocks += blocks
        turns[turns.count - 1] = last
      } else {
        turns.append(Turn(role: role, blocks: blocks))
      }
    }
    return turns
  }

  /// A `thinking` block with its signature, or a `redacted_thinking` block with its data, as the API returned it.
  static func thinkingBlock(_ block: ThinkingBlock) -> JSONValue {
    switch block {
    case .thinking(let text, let signature):
      ["type": "thinking", "thinking": .string(text), "signature": .string(signature)]
    case .redacted(let data):
      ["type": "redacted_thinking", "data": .string(data)]
    }
  }

  /// A turn with one text block is sent as plain content, as the API allows.
  private static func render(_ turn: Turn) -> JSONValue {
    if turn.blocks.count == 1, let only = turn.blocks.first, only["type"]?.stringValue == "text",
      let text = only["text"]
    {
      return ["role": .string(turn.role), "content": text]
    }
    if turn.blocks.isEmpty { return ["role": .string(turn.role), "content": ""] }
    return ["role": .string(turn.role), "content": .array(turn.blocks)]
  }

  /// `tool_use.input` must be an object: raw text kept from a malformed call is
  /// read leniently, anything else unreadable becomes `{}`.
  private static func input(_ arguments: JSONValue) -> JSONValue {
    if case .object = arguments { return arguments }
    return (try? ToolArguments.normalize(arguments)) ?? .object(JSONObject())
  }
}
