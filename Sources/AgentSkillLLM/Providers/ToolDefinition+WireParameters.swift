extension ToolDefinition {
  /// The parameter schema as sent to a vendor. OpenAI's and Anthropic's
  /// request types both require an object schema, so the boolean schema
  /// `true` (any arguments) is sent as `{"type": "object"}`, which accepts the
  /// same arguments (tool arguments are always an object).
  var wireParameters: JSONValue {
    parameters.json == .bool(true) ? ["type": "object"] : parameters.json
  }
}
