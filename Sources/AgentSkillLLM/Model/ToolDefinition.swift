/// A tool offered to the model: its name, what it does and its argument schema.
///
/// ```swift
/// let weather = ToolDefinition(
///   name: "get_weather",
///   description: "Current weather and a three-day forecast for a city",
///   parameters: try JSONSchema(["type": "object", "properties": ["city": ["type": "string"]], "required": ["city"]])
/// )
/// ```
public struct ToolDefinition: Sendable, Hashable {
  /// The name the model calls, matching `^[a-zA-Z0-9_-]{1,64}$`.
  public var name: String
  /// What the tool does, for the model.
  public var description: String
  /// The schema of the arguments object.
  public var parameters: JSONSchema

  /// Creates a definition.
  ///
  /// - Parameters:
  ///   - name: The name the model calls.
  ///   - description: What the tool does.
  ///   - parameters: The schema of the arguments object.
  public init(name: String, description: String, parameters: JSONSchema) {
    self.name = name
    self.description = description
    self.parameters = parameters
  }
}

/// Whether and which tool the model must call.
public enum ToolChoice: Sendable, Hashable {
  /// The model decides.
  case auto
  /// The model must not call tools.
  case none
  /// The model must call some tool.
  case required
  /// The model must call the named tool.
  case tool(String)
}
