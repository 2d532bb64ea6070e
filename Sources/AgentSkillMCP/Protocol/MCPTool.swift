import AgentSkillLLM

/// A tool a server offers, as listed by `tools/list`.
///
/// ```swift
/// func printTools(of client: MCPClient) async throws {
///   for tool in try await client.listTools() { print(tool.name, tool.description ?? "") }
/// }
/// ```
public struct MCPTool: Sendable, Hashable {
  /// The name to call it by.
  public var name: String
  /// A name for people.
  public var title: String?
  /// What it does, for the model.
  public var description: String?
  /// The JSON Schema of its arguments object.
  public var inputSchema: JSONValue
  /// The JSON Schema of its `structuredContent`, when it declares one.
  public var outputSchema: JSONValue?
  /// Hints such as `readOnlyHint` and `destructiveHint`, as sent.
  public var annotations: JSONValue?

  /// Creates a tool description.
  ///
  /// - Parameters:
  ///   - name: The name to call it by.
  ///   - title: A name for people.
  ///   - description: What it does.
  ///   - inputSchema: The JSON Schema of its arguments. Defaults to an object with no properties.
  ///   - outputSchema: The JSON Schema of its structured output.
  ///   - annotations: Behaviour hints.
  public init(
    name: String,
    title: String? = nil,
    description: String? = nil,
    inputSchema: JSONValue = ["type": "object", "properties": [:]],
    outputSchema: JSONValue? = nil,
    annotations: JSONValue? = nil
  ) {
    self.name = name
    self.title = title
    self.description = description
    self.inputSchema = inputSchema
    self.outputSchema = outputSchema
    self.annotations = annotations
  }

  /// Reads one element of `tools`.
  init?(json: JSONValue) {
    guard let name = json["name"]?.stringValue else { return nil }
    self.init(
      name: name,
      title: json["title"]?.stringValue ?? json["annotations"]?["title"]?.stringValue,
      description: json["description"]?.stringValue,
      inputSchema: json["inputSchema"] ?? ["type": "object"],
      outputSchema: json["outputSchema"],
      annotations: json["annotations"]
    )
  }

  /// The object as sent.
  var json: JSONValue {
    var object: JSONObject = ["name": .string(name)]
    if let title { object["title"] = .string(title) }
    if let description { object["description"] = .string(description) }
    object["inputSchema"] = inputSchema
    if let outputSchema { object["outputSchema"] = outputSchema }
    if let annotations { object["annotations"] = annotations }
    return .object(object)
  }
}
