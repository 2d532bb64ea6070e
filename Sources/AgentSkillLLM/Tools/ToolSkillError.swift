import AgentSkill
import Foundation

/// Why a tool skill could not turn a model's arguments into a result.
///
/// Each message is written for the model, so a chat agent can send it back
/// as the tool result and let the model correct itself:
///
/// ```swift
/// do {
///   let output = try await skill.run(call.arguments, context: context)
/// } catch let error as ToolSkillError {
///   messages.append(.tool(error.description, callID: call.id, name: call.name))
///   // The arguments for tool "weather" are invalid:
///   // - /city: "纽约" is not supported; supported: 北京, 上海, 广州, 深圳
///   // Fix these arguments and call "weather" again.
/// }
/// ```
///
/// ``invalidArguments(skillID:violations:)`` and
/// ``decodingFailed(skillID:path:expectedType:problem:)`` are the model's to
/// fix (``isCorrectableByModel``); ``executionFailed(skillID:underlying:)``
/// is the skill's own failure. Cancellation is never wrapped: a cancelled
/// run throws `CancellationError`. Messages pass through ``/AgentSkill/SecretRedactor``.
public enum ToolSkillError: Error, Sendable, CustomStringConvertible {
  /// The arguments break the input schema or a validator.
  ///
  /// - Parameters:
  ///   - skillID: The tool's id.
  ///   - violations: Every problem found, schema first, then validators.
  case invalidArguments(skillID: String, violations: [SchemaViolation])
  /// The arguments passed validation but do not decode into the skill's
  /// `Input` (the schema is looser than the type).
  ///
  /// - Parameters:
  ///   - skillID: The tool's id.
  ///   - path: The JSON Pointer of the offending field (`/days`; empty for the root).
  ///   - expectedType: The JSON type the field must have (`integer`), when known.
  ///   - problem: What is wrong, such as `must be an integer, found string "three"`.
  case decodingFailed(skillID: String, path: String, expectedType: String?, problem: String)
  /// The skill ran and threw.
  ///
  /// - Parameters:
  ///   - skillID: The tool's id.
  ///   - underlying: The skill's error.
  case executionFailed(skillID: String, underlying: any Error)

  /// The tool's id.
  public var skillID: String {
    switch self {
    case .invalidArguments(let skillID, _), .decodingFailed(let skillID, _, _, _), .executionFailed(let skillID, _):
      skillID
    }
  }

  /// Whether the model can fix the problem by calling again with other arguments.
  public var isCorrectableByModel: Bool {
    if case .executionFailed = self { return false }
    return true
  }

  /// The problems as violations: the list for invalid arguments, one
  /// violation for a decoding failure, none for an execution failure.
  public var violations: [SchemaViolation] {
    switch self {
    case .invalidArguments(_, let violations): violations
    case .decodingFailed(_, let path, _, let problem): [SchemaViolation(path: path, keyword: "type", message: problem)]
    case .executionFailed: []
    }
  }

  /// What went wrong and what to do, for the model.
  public var description: String {
    let message: String
    switch self {
    case .invalidArguments(let skillID, let violations):
      let lines = violations.map { "- \($0.description)" }.joined(separator: "\n")
      message =
        "The arguments for tool \"\(skillID)\" are invalid:\n\(lines)\n"
        + "Fix these arguments and call \"\(skillID)\" again."
    case .decodingFailed(let skillID, let path, _, let problem):
      message =
        "The arguments for tool \"\(skillID)\" do not fit its input: \(path.isEmpty ? "/" : path) \(problem). "
        + "Fix the argument and call \"\(skillID)\" again."
    case .executionFailed(let skillID, let underlying):
      message =
        "The tool \"\(skillID)\" failed: \(ToolText.truncated(Self.describe(underlying), to: 500)). "
        + "Tell the user it did not work, or call it again if the problem looks temporary."
    }
    return SecretRedactor.redact(message)
  }

  /// An error's most readable description.
  static func describe(_ error: any Error) -> String {
    if let localized = error as? LocalizedError, let text = localized.errorDescription { return text }
    return String(describing: error)
  }

  /// Maps a `DecodingError` from decoding `arguments` to the field and type at fault.
  static func decoding(_ error: DecodingError, skillID: String, arguments: JSONValue) -> ToolSkillError {
    switch error {
    case .typeMismatch(let type, let context):
      let path = pointer(context.codingPath)
      let expected = jsonType(of: type)
      let found = ArgumentPath(path).values(in: arguments).first.map { ToolText.describe($0.value) } ?? "nothing"
      return .decodingFailed(
        skillID: skillID, path: path, expectedType: expected, problem: "must be \(article(expected)), found \(found)")
    case .valueNotFound(let type, let context):
      let path = pointer(context.codingPath)
      let expected = jsonType(of: type)
      return .decodingFailed(
        skillID: skillID, path: path, expectedType: expected, problem: "must be \(article(expected)), found null")
    case .keyNotFound(let key, let context):
      let path = pointer(context.codingPath + [key])
      return .decodingFailed(skillID: skillID, path: path, expectedType: nil, problem: "is required")
    case .dataCorrupted(let context):
      let path = pointer(context.codingPath)
      return .decodingFailed(
        skillID: skillID, path: path, expectedType: nil,
        problem: "has an invalid value (\(ToolText.truncated(context.debugDescription, to: 200)))")
    @unknown default:
      return .decodingFailed(
        skillID: skillID, path: "", expectedType: nil, problem: "could not be decoded (\(String(describing: error)))")
    }
  }

  /// `/items/0/city` from a coding path.
  static func pointer(_ path: [any CodingKey]) -> String {
    path.map { key in "/" + (key.intValue.map(String.init) ?? ArgumentPath.escape(key.stringValue)) }.joined()
  }

  /// The JSON type a Swift type decodes from: `integer` for `Int`, `object` for dictionaries and keyed types.
  static func jsonType(of type: Any.Type) -> String {
    let name = String(describing: type)
    switch name {
    case "String", "Substring", "Character": return "string"
    case "Bool": return "boolean"
    case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64": return "integer"
    case "Double", "Float", "Float16", "Float80", "Decimal", "CGFloat": return "number"
    default:
      if name.hasPrefix("Array<") || name.hasPrefix("Set<") { return "array" }
      if name.hasPrefix("Dictionary<") { return "object" }
      return name
    }
  }

  private static func article(_ type: String) -> String {
    switch type {
    case "string", "boolean", "number": "a \(type)"
    case "integer", "array", "object": "an \(type)"
    default: "a value of type \(type)"
    }
  }
}

extension ToolSkillError: Equatable {
  /// Errors are equal when their cases and values are; underlying errors compare by description.
  public static func == (lhs: ToolSkillError, rhs: ToolSkillError) -> Bool {
    switch (lhs, rhs) {
    case (.invalidArguments(let a, let x), .invalidArguments(let b, let y)):
      return a == b && x == y
    case (.decodingFailed(let a, let p, let e, let m), .decodingFailed(let b, let q, let f, let n)):
      return a == b && p == q && e == f && m == n
    case (.executionFailed(let a, let x), .executionFailed(let b, let y)):
      return a == b && String(describing: x) == String(describing: y)
    default:
      return false
    }
  }
}
