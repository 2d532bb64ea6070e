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
    /// The calls the model made in the turn; a later answer's call to a tool replaces the earlier
    /// answers' calls to it (a repair), calls in one answer all count (parallel calls).
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

    /// Whether the expected tools, and only they, were called (as many times as expected); `nil` unless
    /// calls were expected.
    public var isSelectionCorrect: Bool? {
      switch expected {
      case .call(let expected): calls.map(\.name).sorted() == expected.map(\.name).sorted()
      case .anyCall: !calls.isEmpty
      default: nil
      }
    }

    /// What is wrong with the turn; empty when it passed or is not judged.
    public var problems: [String] {
      guard let expected else { return [] }
      switch expected {
      case .call(let calls):
        guard isSelectionCorrect == true else {
          return ["expected \(expected.label), chose \(chosen)"]
        }
        return Self.unmatched(calls, sent: self.calls)
      case .anyCall:
        return calls.isEmpty ? ["expected a call, chose \(chosen)"] : []
      case .none:
        return calls.isEmpty ? [] : ["expected no call, chose \(chosen)"]
      case .clarify:
        if !calls.isEmpty { return ["expected a question, chose \(chosen)"] }
        return isQuestion ? [] : ["expected a question, answered without one"]
      }
    }

    /// Pairs each expected call, in order, with the first unpaired sent call of that tool whose arguments
    /// match (BFCL's order-free parallel matching); the mismatches of the first candidate when none does.
    private static func unmatched(_ expected: [ExpectedCall], sent: [Call]) -> [String] {
      var used = Set<Int>()
      var problems: [String] = []
      for call in expected {
        let candidates = sent.indices.filter { !used.contains($0) && sent[$0].name == call.name }
        if let match = candidates.first(where: { call.mismatches(in: sent[$0].arguments).isEmpty }) {
          used.insert(match)
        } else if let first = candidates.first {
          used.insert(first)
          problems += call.mismatches(in: sent[first].arguments)
        } else {
          problems += call.mismatches(in: .object([:]))
        }
      }
      return problems
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
