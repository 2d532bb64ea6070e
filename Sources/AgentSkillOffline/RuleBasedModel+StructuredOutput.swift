import AgentSkillLLM
import Foundation

extension RuleBasedModel {
  /// The answer to a request for JSON (``ChatRequest/responseFormat``): the
  /// schema's members filled from the user's first message by the same
  /// extractors that fill tool arguments (dates and times, list values,
  /// amounts and numbers, the leftover text for a required text member).
  ///
  /// ```swift
  /// struct Reminder: Decodable, Sendable {
  ///   let title: String
  ///   let due: Date
  /// }
  ///
  /// func callMum() async throws -> Reminder {
  ///   try await RuleBasedModel().generate(Reminder.self, prompt: "明天上午九点给妈妈打电话")
  ///   // Reminder(title: "给妈妈打电话", due: tomorrow at 09:00)
  /// }
  /// ```
  ///
  /// - Parameter request: A request whose response format is JSON.
  /// - Returns: The JSON object as the answer's text.
  /// - Throws: ``OfflineStructuredOutputError`` when the schema is not an
  ///   object or a required member cannot be read from the text.
  func structuredReply(to request: ChatRequest) throws(OfflineStructuredOutputError) -> ChatResponse {
    guard case .json(let name, let schema, _) = request.responseFormat else { return reply(to: request) }
    guard schema.json["type"] == "object" else {
      throw OfflineStructuredOutputError(format: name, missing: [], question: nil, notAnObject: true)
    }
    let prompt = request.messages.first { $0.role == .user }?.content ?? ""
    let extraction = extractArguments(
      for: ToolDefinition(name: name, description: "", parameters: schema), from: prompt)
    guard extraction.isComplete else {
      throw OfflineStructuredOutputError(
        format: name, missing: extraction.missing, question: extraction.question, notAnObject: false)
    }
    return ChatResponse(text: JSONValue.object(extraction.arguments).rendered(), finishReason: .stop)
  }
}

/// Why the offline model cannot answer a request for JSON.
///
/// The rule-based model fills a schema's members from the text with its
/// extractors; it cannot invent what the text does not say.
public struct OfflineStructuredOutputError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The response format's name.
  public let format: String
  /// The required members the text does not mention, in schema order.
  public let missing: [String]
  /// What to ask the user for them, in the text's language.
  public let question: String?
  /// Whether the schema is not an object (the offline model fills objects only).
  public let notAnObject: Bool

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - format: The response format's name.
  ///   - missing: The required members not found.
  ///   - question: What to ask the user.
  ///   - notAnObject: Whether the schema is not an object.
  public init(format: String, missing: [String], question: String?, notAnObject: Bool) {
    self.format = format
    self.missing = missing
    self.question = question
    self.notAnObject = notAnObject
  }

  /// What is missing and what to do.
  public var description: String {
    if notAnObject {
      return "The offline model cannot produce \(format): it fills JSON objects only. "
        + "Wrap the value in a struct, or use a language model."
    }
    return "The offline model cannot produce \(format): the text does not say "
      + missing.joined(separator: ", ") + ". Ask the user"
      + (question.map { " (\($0))" } ?? "") + " and include it in the prompt, or make those members optional."
  }
}
