import AgentSkillLLM

/// Responses API payloads in the shape of the official SDK's types
/// (`Response`, `ResponseStreamEvent` and the output items), for the provider tests.
enum OpenAIResponsesEvents {
  static func response(
    id: String = "resp_1", status: String, output: [JSONValue] = [], usage: JSONValue = nil,
    incompleteReason: String? = nil, error: JSONValue = nil
  ) -> JSONValue {
    [
      "id": .string(id), "object": "response", "created_at": 1_764_900_000, "status": .string(status),
      "background": false, "error": error,
      "incomplete_details": incompleteReason.map { ["reason": .string($0)] } ?? nil, "instructions": nil,
      "max_output_tokens": nil, "model": "gpt-test-2025-08-07", "output": .array(output),
      "parallel_tool_calls": true, "previous_response_id": nil, "reasoning": ["effort": "low", "summary": "auto"],
      "store": false, "temperature": 1.0, "text": ["format": ["type": "text"], "verbosity": "medium"],
      "tool_choice": "auto", "tools": [], "top_p": 1.0, "truncation": "disabled", "usage": usage, "user": nil,
      "metadata": [:],
    ]
  }

  static func usage(input: Int, cached: Int, output: Int, reasoning: Int) -> JSONValue {
    [
      "input_tokens": .integer(input),
      "input_tokens_details": ["cached_tokens": .integer(cached), "cache_write_tokens": 0],
      "output_tokens": .integer(output), "output_tokens_details": ["reasoning_tokens": .integer(reasoning)],
      "total_tokens": .integer(input + output),
    ]
  }

  static func reasoningItem(id: String = "rs_1", summary: [String], status: String? = nil) -> JSONValue {
    var item: JSONObject = [
      "id": .string(id), "type": "reasoning",
      "summary": .array(summary.map { ["type": "summary_text", "text": .string($0)] }),
    ]
    if let status { item["status"] = .string(status) }
    return .object(item)
  }

  static func functionCall(id: String, callID: String, name: String, arguments: String, status: String) -> JSONValue {
    [
      "id": .string(id), "type": "function_call", "status": .string(status), "call_id": .string(callID),
      "name": .string(name), "arguments": .string(arguments),
    ]
  }

  static func message(id: String = "msg_1", text: String?, status: String) -> JSONValue {
    [
      "id": .string(id), "type": "message", "status": .string(status), "role": "assistant",
      "content": text.map { [["type": "output_text", "text": .string($0), "annotations": [], "logprobs": []]] } ?? [],
    ]
  }

  // MARK: Streams

  static func created(id: String = "resp_1") -> [JSONValue] {
    [
      ["type": "response.created", "response": response(id: id, status: "in_progress")],
      ["type": "response.in_progress", "response": response(id: id, status: "in_progress")],
    ]
  }

  static func completed(id: String = "resp_1", output: [JSONValue], usage: JSONValue) -> JSONValue {
    ["type": "response.completed", "response": response(id: id, status: "completed", output: output, usage: usage)]
  }

  /// Reasoning summary parts streamed as one reasoning item at `outputIndex`.
  static func reasoning(_ parts: [[String]], outputIndex: Int = 0, id: String = "rs_1") -> [JSONValue] {
    var events: [JSONValue] = [
      [
        "type": "response.output_item.added", "output_index": .integer(outputIndex),
        "item": reasoningItem(id: id, summary: []),
      ]
    ]
    for (index, deltas) in parts.enumerated() {
      let part: JSONValue = .integer(index)
      events.append([
        "type": "response.reasoning_summary_part.added", "item_id": .string(id),
        "output_index": .integer(outputIndex), "summary_index": part, "part": ["type": "summary_text", "text": ""],
      ])
      for delta in deltas {
        events.append([
          "type": "response.reasoning_summary_text.delta", "item_id": .string(id),
          "output_index": .integer(outputIndex), "summary_index": part, "delta": .string(delta),
        ])
      }
      let text = JSONValue.string(deltas.joined())
      events.append([
        "type": "response.reasoning_summary_text.done", "item_id": .string(id),
        "output_index": .integer(outputIndex), "summary_index": part, "text": text,
      ])
      events.append([
        "type": "response.reasoning_summary_part.done", "item_id": .string(id),
        "output_index": .integer(outputIndex), "summary_index": part, "part": ["type": "summary_text", "text": text],
      ])
    }
    events.append([
      "type": "response.output_item.done", "output_index": .integer(outputIndex),
      "item": reasoningItem(id: id, summary: parts.map { $0.joined() }),
    ])
    return events
  }

  /// One function call streamed at `outputIndex`, its arguments in `fragments`.
  static func call(
    outputIndex: Int, id: String, callID: String, name: String, fragments: [String]
  ) -> [JSONValue] {
    let arguments = fragments.joined()
    var events: [JSONValue] = [
      [
        "type": "response.output_item.added", "output_index": .integer(outputIndex),
        "item": functionCall(id: id, callID: callID, name: name, arguments: "", status: "in_progress"),
      ]
    ]
    for fragment in fragments {
      events.append([
        "type": "response.function_call_arguments.delta", "item_id": .string(id),
        "output_index": .integer(outputIndex), "delta": .string(fragment),
      ])
    }
    events.append([
      "type": "response.function_call_arguments.done", "item_id": .string(id), "name": .string(name),
      "output_index": .integer(outputIndex), "arguments": .string(arguments),
    ])
    events.append([
      "type": "response.output_item.done", "output_index": .integer(outputIndex),
      "item": functionCall(id: id, callID: callID, name: name, arguments: arguments, status: "completed"),
    ])
    return events
  }

  /// One assistant message streamed at `outputIndex`, its text in `deltas`.
  static func text(_ deltas: [String], outputIndex: Int = 0, id: String = "msg_1") -> [JSONValue] {
    let part: JSONValue = ["type": "output_text", "text": "", "annotations": [], "logprobs": []]
    var events: [JSONValue] = [
      [
        "type": "response.output_item.added", "output_index": .integer(outputIndex),
        "item": message(id: id, text: nil, status: "in_progress"),
      ],
      [
        "type": "response.content_part.added", "item_id": .string(id), "output_index": .integer(outputIndex),
        "content_index": 0, "part": part,
      ],
    ]
    for delta in deltas {
      events.append([
        "type": "response.output_text.delta", "item_id": .string(id), "output_index": .integer(outputIndex),
        "content_index": 0, "delta": .string(delta), "logprobs": [],
      ])
    }
    let text = deltas.joined()
    events.append([
      "type": "response.output_text.done", "item_id": .string(id), "output_index": .integer(outputIndex),
      "content_index": 0, "text": .string(text), "logprobs": [],
    ])
    events.append([
      "type": "response.content_part.done", "item_id": .string(id), "output_index": .integer(outputIndex),
      "content_index": 0, "part": ["type": "output_text", "text": .string(text), "annotations": [], "logprobs": []],
    ])
    events.append([
      "type": "response.output_item.done", "output_index": .integer(outputIndex),
      "item": message(id: id, text: text, status: "completed"),
    ])
    return events
  }

  /// A streamed text answer, complete.
  static func textStream(_ deltas: [String], id: String = "resp_1", usage: JSONValue) -> [JSONValue] {
    created(id: id) + text(deltas)
      + [completed(id: id, output: [message(text: deltas.joined(), status: "completed")], usage: usage)]
  }
}
