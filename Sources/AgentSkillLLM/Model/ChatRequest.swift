/// Everything sent to a model in one request.
///
/// ```swift
/// let request = ChatRequest(messages: [.user("北京天气怎么样？")], tools: [WeatherSkill().toolDefinition])
/// let response = try await model.respond(to: request)
/// ```
public struct ChatRequest: Sendable, Hashable {
  /// The conversation so far.
  public var messages: [ChatMessage]
  /// The tools the model may call.
  public var tools: [ToolDefinition]
  /// Whether and which tool the model must call; `nil` leaves the provider's default.
  public var toolChoice: ToolChoice?
  /// Whether the model may call several tools at once; `nil` leaves the provider's default.
  public var parallelToolCalls: Bool?
  /// Sampling temperature; `nil` leaves the provider's default.
  public var temperature: Double?
  /// The most tokens to generate; `nil` leaves the provider's default.
  public var maxTokens: Int?
  /// Free text (the default), or JSON matching a schema.
  public var responseFormat: ResponseFormat

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - messages: The conversation so far.
  ///   - tools: The tools the model may call.
  ///   - toolChoice: Whether and which tool the model must call.
  ///   - parallelToolCalls: Whether several calls at once are allowed.
  ///   - temperature: Sampling temperature.
  ///   - maxTokens: The most tokens to generate.
  ///   - responseFormat: Free text, or JSON matching a schema.
  public init(
    messages: [ChatMessage], tools: [ToolDefinition] = [], toolChoice: ToolChoice? = nil,
    parallelToolCalls: Bool? = nil, temperature: Double? = nil, maxTokens: Int? = nil,
    responseFormat: ResponseFormat = .text
  ) {
    self.responseFormat = responseFormat
    self.messages = messages
    self.tools = tools
    self.toolChoice = toolChoice
    self.parallelToolCalls = parallelToolCalls
    self.temperature = temperature
    self.maxTokens = maxTokens
  }
}
