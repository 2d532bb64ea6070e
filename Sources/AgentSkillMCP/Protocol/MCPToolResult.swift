import AgentSkillLLM

/// What `tools/call` returned: content blocks, optional structured content, and whether the tool failed.
///
/// A tool that fails answers with ``isError`` set and says why in ``content``;
/// that is a result the model should read, not a protocol error.
///
/// ```swift
/// func sum(with client: MCPClient) async throws -> String {
///   let result = try await client.callTool("add", arguments: ["a": 2, "b": 3])
///   // result.structuredContent: {"result": 5}
///   return result.isError ? "add failed: \(result.text)" : result.text  // "5"
/// }
/// ```
public struct MCPToolResult: Sendable, Hashable {
  /// The content blocks, in order.
  public var content: [MCPContent]
  /// The machine-readable result, when the tool gives one.
  public var structuredContent: JSONValue?
  /// Whether the tool reports a failure.
  public var isError: Bool

  /// Creates a result.
  ///
  /// - Parameters:
  ///   - content: The content blocks.
  ///   - structuredContent: The machine-readable result.
  ///   - isError: Whether the tool failed.
  public init(content: [MCPContent], structuredContent: JSONValue? = nil, isError: Bool = false) {
    self.content = content
    self.structuredContent = structuredContent
    self.isError = isError
  }

  /// The text blocks joined by newlines; other blocks as their ``MCPContent/summary``.
  public var text: String {
    content.map(\.summary).joined(separator: "\n")
  }

  /// Reads the `result` of `tools/call`.
  init(json: JSONValue) {
    self.init(
      content: json["content"]?.arrayValue?.map(MCPContent.init(json:)) ?? [],
      structuredContent: json["structuredContent"],
      isError: json["isError"]?.boolValue ?? false
    )
  }

  /// The `result` as sent.
  var json: JSONValue {
    var object: JSONObject = ["content": .array(content.map(\.json))]
    if let structuredContent { object["structuredContent"] = structuredContent }
    object["isError"] = .bool(isError)
    return .object(object)
  }
}
