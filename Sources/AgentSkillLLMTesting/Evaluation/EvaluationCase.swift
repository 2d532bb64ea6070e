import Foundation

/// A labelled conversation: one or more user turns, each with the outcome
/// expected of it (or none, when only the last one is judged).
///
/// One case per line in a JSON Lines file:
///
/// ```json
/// {"id":"weather-zh-001","category":"weather","turns":[{"user":"北京明天天气怎么样","expect":{"outcome":"call","calls":[{"name":"weather","arguments":{"city":"北京","date":{"day":"2026-12-06"}}}]}}]}
/// ```
///
/// ```swift
/// let line = #"{"id":"hi","turns":[{"user":"你好","expect":{"outcome":"none"}}]}"#
/// let cases = try EvaluationCase.cases(fromJSONLines: line)
/// #expect(cases.first?.turns.first?.expect == Expectation.none)
/// ```
public struct EvaluationCase: Sendable, Hashable, Codable, Identifiable {
  /// One user message and what it should lead to.
  public struct Turn: Sendable, Hashable, Codable {
    /// What the user says.
    public var user: String
    /// The expected outcome; `nil` when this turn is not judged.
    public var expect: Expectation?

    /// Creates a turn.
    ///
    /// - Parameters:
    ///   - user: What the user says.
    ///   - expect: The expected outcome, or `nil` to judge nothing.
    public init(user: String, expect: Expectation? = nil) {
      self.user = user
      self.expect = expect
    }
  }

  /// A name unique in its set, shown in failures.
  public var id: String
  /// A group for the report (`weather`, `ledger`, `out-of-scope`, …); may be empty.
  public var category: String
  /// The conversation, in order.
  public var turns: [Turn]

  /// Creates a case.
  ///
  /// - Parameters:
  ///   - id: A name unique in its set.
  ///   - category: A group for the report. Defaults to none.
  ///   - turns: The conversation.
  public init(id: String, category: String = "", turns: [Turn]) {
    self.id = id
    self.category = category
    self.turns = turns
  }

  private enum Key: String, CodingKey {
    case id, category, turns
  }

  /// Reads a case; `category` may be left out.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    id = try container.decode(String.self, forKey: .id)
    category = try container.decodeIfPresent(String.self, forKey: .category) ?? ""
    turns = try container.decode([Turn].self, forKey: .turns)
  }

  /// Reads JSON Lines text: one case per non-blank line.
  ///
  /// - Parameters:
  ///   - text: The lines.
  ///   - source: The file's name, for errors. Defaults to `JSON Lines`.
  /// - Returns: The cases, in order.
  /// - Throws: ``EvaluationError/unreadableCase(source:line:problem:)`` naming the first bad line.
  public static func cases(fromJSONLines text: String, source: String = "JSON Lines") throws(EvaluationError)
    -> [EvaluationCase]
  {
    var cases: [EvaluationCase] = []
    for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard !trimmed.isEmpty else { continue }
      do {
        let decoded = try JSONDecoder().decode(EvaluationCase.self, from: Data(trimmed.utf8))
        guard !decoded.turns.isEmpty else {
          throw EvaluationError.unreadableCase(source: source, line: offset + 1, problem: "it has no turns")
        }
        cases.append(decoded)
      } catch let error as EvaluationError {
        throw error
      } catch {
        throw EvaluationError.unreadableCase(source: source, line: offset + 1, problem: "\(error)")
      }
    }
    return cases
  }

  /// Reads a JSON Lines file.
  ///
  /// - Parameter url: The file.
  /// - Returns: The cases, in order.
  /// - Throws: ``EvaluationError/unreadableFile(path:problem:)`` or
  ///   ``EvaluationError/unreadableCase(source:line:problem:)``.
  public static func cases(contentsOf url: URL) throws(EvaluationError) -> [EvaluationCase] {
    let text: String
    do {
      text = try String(contentsOf: url, encoding: .utf8)
    } catch {
      throw EvaluationError.unreadableFile(path: url.path, problem: error.localizedDescription)
    }
    return try cases(fromJSONLines: text, source: url.lastPathComponent)
  }
}
