/// A model's request to call one tool.
public struct ToolCall: Sendable, Hashable, Codable {
  /// The call's identifier, echoed in the tool result (generated when the model sent none).
  public var id: String
  /// The tool's name.
  public var name: String
  /// The arguments, already parsed (an object for well-formed calls).
  public var arguments: JSONValue

  /// Creates a call.
  ///
  /// - Parameters:
  ///   - id: The call's identifier.
  ///   - name: The tool's name.
  ///   - arguments: The arguments.
  public init(id: String, name: String, arguments: JSONValue = .object(JSONObject())) {
    self.id = id
    self.name = name
    self.arguments = arguments
  }
}
