import AgentSkillLLM

/// One run of one ``EvaluationCase``: the transcript of each turn and how it was judged.
public struct CaseResult: Sendable, Hashable, Codable {
  /// A tool call the model made.
  public struct Call: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The tool's name as the model sent it.
    public var name: String
    /// The arguments, after validation.
    public var arguments: JSONValue

    /// Creates a call.
    ///
    /// - Parameters:
    ///   - name: The tool's name.
    ///   - arguments: The arguments.
    public init(name: String, arguments: JSONValue) {
      self.name = name
      self.arguments = arguments
    }

    /// `weather({"city":"北京"})`.
    public var description: String { "\(name)(\(arguments.rendered()))" }
  }

  /// One turn: what was said, what the model did, and the verdict.
  public struct Turn: Sendable, Hashable, Codable {
    /// What the user said.
    public var user: String
    /// The expected outcome; `nil` when the turn is not judged.
    public var expected: Expectation?
    /// The calls the model made in the turn (the last one per tool).
    public var calls: [Call]
    /// The assistant's last words in the turn.
    public var answer: String
    /// Why the turn failed in the chat loop (a model or provider error), if it did.
    public var error: String?

    /// Creates a turn.
    ///
    /// - Parameters:
    ///   - user: What the user said.
    ///   - expected: The expected outcome, or `nil`.
    ///   - calls: The calls made.
    ///   - answer: The assistant's last words.
    ///   - error: The chat loop's error, if any.
    public init(user: String, expected: Expectation?, calls: [Call], answer: String, error: String? = nil) {
      self.user = user
      self.expected = expected
      self.calls = calls
      self.answer = answer
      self.error = error
    }

    /// The chosen tools' label for a confusion table: names joined by `+`, `(clarify)` or `(none)`.
    public var chosen: String {
      if !calls.isEmpty { return calls.map(\.name).sorted().joined(separator: "+") }
      return isQuestion ? "(clarify)" : "(none)"
    }

    /// Whether the answer asks the user something.
    public var isQuestion: Bool { answer.contains("?") || answer.contains("？") }

    /// Whether the expected tools, and only they, were called; `nil` unless calls were expected.
    public var isSelectionCorrect: Bool? {
      guard case .call(let expected) = expected else { return nil }
      return calls.map(\.name).sorted() == expected.map(\.name).sorted()
    }

    /// What is wrong with the turn; empty when it passed or is not judged.
    public var problems: [String] {
      guard let expected else { return [] }
      switch expected {
      case .call(let calls):
        guard isSelectionCorrect == true else {
          return ["expected \(expected.label), chose \(chosen)"]
        }
        return calls.flatMap { call in
          call.mismatches(in: self.calls.first { $0.name == call.name }?.arguments ?? .object([:]))
        }
      case .none:
        return calls.isEmpty ? [] : ["expected no call, chose \(chosen)"]
      case .clarify:
        if !calls.isEmpty { return ["expected a question, chose \(chosen)"] }
        return isQuestion ? [] : ["expected a question, answered without one"]
      }
    }

    /// Whether the turn passed (an unjudged turn passes).
    public var passed: Bool { problems.isEmpty }
  }

  /// The case's id.
  public var id: String
  /// The case's category.
  public var category: String
  /// Which run this was, from 1.
  public var run: Int
  /// Every turn, judged or not.
  public var turns: [Turn]

  /// Creates a result.
  ///
  /// - Parameters:
  ///   - id: The case's id.
  ///   - category: The case's category.
  ///   - run: The run's number.
  ///   - turns: The turns.
  public init(id: String, category: String, run: Int, turns: [Turn]) {
    self.id = id
    self.category = category
    self.run = run
    self.turns = turns
  }

  /// Whether every judged turn passed.
  public var passed: Bool { turns.allSatisfy(\.passed) }

  /// The conversation and the verdicts, one line per event, for a failure message.
  public var transcript: String {
    var lines = ["\(id) (run \(run))"]
    for turn in turns {
      lines.append("  user: \(turn.user)")
      for call in turn.calls { lines.append("  call: \(call)") }
      if !turn.answer.isEmpty { lines.append("  answer: \(turn.answer)") }
      if let error = turn.error { lines.append("  error: \(error)") }
      for problem in turn.problems { lines.append("  ✗ \(problem)") }
    }
    return lines.joined(separator: "\n")
  }
}
