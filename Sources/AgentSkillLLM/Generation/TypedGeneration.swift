/// The conversation of one typed generation: the request, the checks of
/// each answer and the repair messages.
struct TypedGeneration<T: Decodable & Sendable>: Sendable {
  /// What to do with an answer.
  enum Verdict: Sendable {
    case value(T, JSONValue)
    case repair
    case failed(TypedGenerationError)
  }

  private(set) var request: ChatRequest
  let schema: JSONSchema
  let maximumRepairs: Int
  private(set) var attempts = 0

  init(prompt: String, instructions: String?, schema: JSONSchema?, maximumRepairs: Int) throws {
    let resolved = try schema ?? JSONSchema.derived(from: T.self)
    try resolved.verify()
    self.schema = resolved
    self.maximumRepairs = max(0, maximumRepairs)
    var messages: [ChatMessage] = []
    if let instructions, !instructions.isEmpty { messages.append(.system(instructions)) }
    messages.append(.user(prompt))
    request = ChatRequest(messages: messages, responseFormat: .json(name: Self.formatName, schema: resolved))
  }

  /// The type's name as a response format name: `a-z A-Z 0-9 _ -`, at most 64 characters.
  static var formatName: String {
    let name = String(describing: T.self).unicodeScalars.map { scalar -> Character in
      scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-")
        ? Character(scalar) : "_"
    }
    let trimmed = String(name.prefix(64))
    return trimmed.isEmpty ? "answer" : trimmed
  }

  /// Checks an answer: the decoded value, a repair to ask for, or the final error.
  mutating func check(_ text: String) -> Verdict {
    attempts += 1
    let problems: [String]
    switch TypedAnswer.parse(text) {
    case .failure(let reason):
      problems = ["the answer is not JSON: \(reason)"]
    case .success(let value):
      let violations = schema.validate(value)
      if violations.isEmpty {
        do {
          return .value(try value.decode(T.self), value)
        } catch {
          problems = ["the value does not decode as \(String(describing: T.self)): \(error)"]
        }
      } else {
        problems = violations.map(\.description)
      }
    }
    guard attempts <= maximumRepairs else {
      return .failed(
        TypedGenerationError(
          typeName: String(describing: T.self), violations: problems, rawText: text, attempts: attempts))
    }
    request.messages.append(.assistant(text))
    request.messages.append(
      .user(
        "Your answer does not match the required JSON Schema:\n" + problems.map { "- \($0)" }.joined(separator: "\n")
          + "\nAnswer again with only the corrected JSON value."))
    return .repair
  }
}
