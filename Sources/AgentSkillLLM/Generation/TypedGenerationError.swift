/// Why a typed value could not be generated.
///
/// ```swift
/// struct Reminder: Decodable, Sendable {
///   let title: String
///   let due: Date
/// }
///
/// func reminder(from model: some LanguageModel) async throws -> Reminder? {
///   do {
///     return try await model.generate(Reminder.self, prompt: "Remind me to call mum at 9")
///   } catch let error as TypedGenerationError {
///     print(error.violations)  // ["/due: is required"]
///     print(error.rawText)     // {"title": "call mum"}
///     return nil
///   }
/// }
/// ```
public struct TypedGenerationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The Swift type asked for, such as `Reminder`.
  public let typeName: String
  /// What was wrong with the last answer: the validator's messages
  /// (`/due: is required`), or why it was not JSON at all.
  public let violations: [String]
  /// The model's last answer, as it wrote it.
  public let rawText: String
  /// How many answers were asked for (the first, plus repairs).
  public let attempts: Int

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - typeName: The Swift type asked for.
  ///   - violations: What was wrong with the last answer.
  ///   - rawText: The last answer.
  ///   - attempts: How many answers were asked for.
  public init(typeName: String, violations: [String], rawText: String, attempts: Int) {
    self.typeName = typeName
    self.violations = violations
    self.rawText = rawText
    self.attempts = attempts
  }

  /// The violations, the raw answer and what to try.
  public var description: String {
    let answers = attempts == 1 ? "1 answer" : "\(attempts) answers"
    return "The model's answer is not a valid \(typeName) after \(answers):\n"
      + violations.map { "- \($0)" }.joined(separator: "\n")
      + "\nLast answer: \(ToolText.quoted(rawText, limit: 400))\n"
      + "Allow more repairs (maximumRepairs), describe the fields better (SchemaDescribing), "
      + "or use a model that supports structured output."
  }
}
