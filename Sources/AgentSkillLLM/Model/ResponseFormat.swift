/// What shape a model's answer must have: free text, or JSON matching a schema.
///
/// ```swift
/// struct Reminder: Decodable {
///   let title: String
///   let due: Date
/// }
///
/// func reminderRequest() throws -> ChatRequest {
///   var request = ChatRequest(messages: [.user("Remind me to call mum at 9")])
///   request.responseFormat = .json(name: "reminder", schema: try JSONSchema.derived(from: Reminder.self))
///   return request
/// }
/// ```
///
/// Providers send it in their own wire format: OpenAI-compatible servers as
/// `response_format` `json_schema` (falling back to `json_object` plus the
/// schema in the prompt where a server rejects `json_schema`), Anthropic as
/// `output_config.format` (falling back to a forced call of a tool named after
/// the format, whose input becomes the answer's text, where a server rejects
/// it). ``LanguageModel/generate(_:prompt:instructions:schema:maximumRepairs:)``
/// sets it for you.
public enum ResponseFormat: Sendable, Hashable {
  /// Free text: the default.
  case text
  /// A JSON value matching `schema`.
  ///
  /// - `name`: 1 to 64 characters from `a-z A-Z 0-9 _ -`, naming the format for the provider.
  /// - `strict`: ask providers that support it (OpenAI) to constrain decoding to the schema exactly;
  ///   the schema is then sent in strict form (every member required, optional ones nullable, no extra members).
  case json(name: String, schema: JSONSchema, strict: Bool = false)

  /// The schema of a ``json(name:schema:strict:)`` format.
  public var schema: JSONSchema? {
    if case .json(_, let schema, _) = self { return schema }
    return nil
  }

  /// The name of a ``json(name:schema:strict:)`` format.
  public var name: String? {
    if case .json(let name, _, _) = self { return name }
    return nil
  }
}
