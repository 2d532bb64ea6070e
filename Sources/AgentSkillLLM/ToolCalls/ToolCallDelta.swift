/// One streamed fragment of a tool call, as vendors send it.
///
/// Every field is optional because vendors differ in what they repeat: OpenAI
/// sends `id` and `name` once and then only argument text; DashScope repeats
/// `"id": ""`; some servers repeat the name in every chunk; Ollama sends whole
/// calls with object arguments and no id. ``ToolCallAccumulator`` sorts it out.
///
/// ```swift
/// // data: {"choices":[{"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"ci"}}]}}]}
/// let delta = ToolCallDelta(index: 0, argumentsFragment: #"{"ci"#)
/// ```
public struct ToolCallDelta: Sendable, Hashable {
  /// The vendor's index for the call (`tool_calls[].index`, Anthropic's content block index).
  public var index: Int?
  /// The call's id, when this fragment carries it.
  public var id: String?
  /// The tool's name, when this fragment carries it.
  public var name: String?
  /// Argument text to append.
  public var argumentsFragment: String?
  /// Whole arguments already decoded, as some servers (Ollama) send them.
  public var argumentsObject: JSONValue?

  /// Creates a fragment.
  ///
  /// - Parameters:
  ///   - index: The vendor's index for the call.
  ///   - id: The call's id.
  ///   - name: The tool's name.
  ///   - argumentsFragment: Argument text to append.
  ///   - argumentsObject: Whole decoded arguments.
  public init(
    index: Int? = nil, id: String? = nil, name: String? = nil, argumentsFragment: String? = nil,
    argumentsObject: JSONValue? = nil
  ) {
    self.index = index
    self.id = id
    self.name = name
    self.argumentsFragment = argumentsFragment
    self.argumentsObject = argumentsObject
  }
}

extension ToolCallDelta {
  /// Reads one element of a chat-completions `tool_calls` array, leniently.
  ///
  /// Fits OpenAI, Azure, vLLM, llama.cpp, LM Studio, DeepSeek, Mistral, Qwen
  /// (DashScope compatible mode), Ollama `/v1` and Ollama's native `/api/chat`,
  /// streamed or not, elements such as these (the second as Ollama sends it):
  ///
  /// ```json
  /// {"index": 0, "id": "call_a", "type": "function", "function": {"name": "get_weather", "arguments": ""}}
  /// {"function": {"name": "get_weather", "arguments": {"city": "北京"}}}
  /// ```
  ///
  /// `index` comes from `index` (a number or numeric string), else
  /// `function.index` (Ollama), else `position`. An empty or `null` `id` or
  /// `name` counts as absent. String `arguments` become
  /// ``argumentsFragment``; any other non-null `arguments` become
  /// ``argumentsObject``. Flat elements (`{"name": …, "arguments": …}`) and
  /// `parameters` instead of `arguments` are read too.
  ///
  /// - Parameters:
  ///   - value: One element of `tool_calls`.
  ///   - position: The element's position in its array, used when it has no index.
  init(chatCompletionsToolCall value: JSONValue, position: Int? = nil) {
    let function = value["function"].flatMap { $0.objectValue == nil ? nil : $0 } ?? value
    self.init(
      index: Self.integer(value["index"]) ?? Self.integer(function["index"]) ?? position,
      id: Self.text(value["id"]),
      name: Self.text(function["name"]))
    let arguments = function["arguments"] ?? function["parameters"] ?? .null
    switch arguments {
    case .null: break
    case .string(let text): argumentsFragment = text.isEmpty ? nil : text
    default: argumentsObject = arguments
    }
  }

  /// All tool-call fragments in a chat-completions `message` or streamed
  /// `delta` object: its `tool_calls` (an array, or a lone object as a few
  /// servers send), or else the legacy `function_call`:
  ///
  /// ```json
  /// {"tool_calls": [{"index": 0, "id": "call_a", "function": {"name": "get_weather", "arguments": "{\"ci"}}]}
  /// {"function_call": {"name": "get_weather", "arguments": "{\"city\": \"北京\"}"}}
  /// ```
  ///
  /// - Parameter message: The `message` or `delta` object.
  /// - Returns: The fragments in order; empty when there are none.
  static func deltas(inMessage message: JSONValue) -> [ToolCallDelta] {
    switch message["tool_calls"] {
    case .array(let elements)?:
      return elements.enumerated().map { ToolCallDelta(chatCompletionsToolCall: $1, position: $0) }
    case .object?:
      return message["tool_calls"].map { [ToolCallDelta(chatCompletionsToolCall: $0, position: 0)] } ?? []
    default:
      break
    }
    if let legacy = message["function_call"], legacy.objectValue != nil {
      return [ToolCallDelta(chatCompletionsToolCall: legacy, position: 0)]
    }
    return []
  }

  private static func integer(_ value: JSONValue?) -> Int? {
    switch value {
    case .integer(let number)?: number
    case .number(let number)?: Int(exactly: number)
    case .string(let text)?: Int(ToolArguments.trim(Substring(text)))
    default: nil
    }
  }

  private static func text(_ value: JSONValue?) -> String? {
    switch value {
    case .string(let text)?: text.isEmpty ? nil : text
    case .integer(let number)?: String(number)
    case .bigInteger(let number)?: number.description
    default: nil
    }
  }
}
