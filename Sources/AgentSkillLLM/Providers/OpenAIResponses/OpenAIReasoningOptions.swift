/// How much a reasoning model on OpenAI's Responses API thinks, and whether it
/// shows a summary of it: the request's `reasoning` member.
///
/// Summaries arrive as ``ChatStreamEvent/thinkingDelta(_:)`` events and in
/// ``ChatResponse/thinking``; they are never part of the answer's text.
///
/// ```swift
/// let model = OpenAIResponsesModel(
///   apiKey: "sk-…", model: "o4-mini", reasoning: OpenAIReasoningOptions(effort: "low", summary: "auto"))
/// ```
public struct OpenAIReasoningOptions: Sendable, Hashable {
  /// The `effort` (such as `minimal`, `low`, `medium`, `high`); `nil` leaves the model's default.
  public var effort: String?
  /// The `summary` (`auto`, `concise` or `detailed`); `nil` asks for none.
  public var summary: String?

  /// Creates options.
  ///
  /// - Parameters:
  ///   - effort: The reasoning effort; `nil` leaves the model's default.
  ///   - summary: The kind of reasoning summary; `nil` asks for none.
  public init(effort: String? = nil, summary: String? = nil) {
    self.effort = effort
    self.summary = summary
  }

  /// The `reasoning` member, or `nil` when nothing is set.
  var json: JSONValue? {
    var object = JSONObject()
    if let effort { object["effort"] = .string(effort) }
    if let summary { object["summary"] = .string(summary) }
    return object.isEmpty ? nil : .object(object)
  }
}
