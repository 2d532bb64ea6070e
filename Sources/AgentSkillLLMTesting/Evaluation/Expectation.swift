import AgentSkillLLM

/// What a turn of an ``EvaluationCase`` should end with: these tool calls, no
/// call at all (a request no skill serves), or a clarifying question.
///
/// In JSON Lines: `{"outcome": "call", "calls": [{"name": "weather", "arguments": {"city": "北京"}}]}`,
/// `{"outcome": "none"}`, `{"outcome": "clarify"}`.
///
/// ```swift
/// let expected = Expectation.call([ExpectedCall(name: "weather", arguments: ["city": .exact("北京")])])
/// #expect(expected.toolNames == ["weather"])
/// ```
public enum Expectation: Sendable, Hashable, Codable {
  /// The model calls exactly these tools (in any order), with matching arguments.
  case call([ExpectedCall])
  /// The model calls no tool (an irrelevant or out-of-scope request).
  case none
  /// The model calls no tool and asks the user a question (a `?` or `？` in its answer).
  case clarify
  /// The model calls at least one tool, whichever and however (a relevant request with no labelled answer).
  case anyCall

  /// The expected tools' names, sorted; empty for ``none`` and ``clarify``.
  public var toolNames: [String] {
    if case .call(let calls) = self { return calls.map(\.name).sorted() }
    return []
  }

  /// The label in a confusion table: the tool names joined by `+`, `(none)`, `(clarify)` or `(any call)`.
  public var label: String {
    switch self {
    case .call(let calls): calls.map(\.name).sorted().joined(separator: "+")
    case .none: "(none)"
    case .clarify: "(clarify)"
    case .anyCall: "(any call)"
    }
  }

  private enum Key: String, CodingKey {
    case outcome, calls
  }

  /// Reads `{"outcome": "call" | "none" | "clarify" | "anyCall", "calls": [...]}`; `calls` alone means `call`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    let outcome = try container.decodeIfPresent(String.self, forKey: .outcome) ?? "call"
    switch outcome {
    case "call": self = .call(try container.decode([ExpectedCall].self, forKey: .calls))
    case "none": self = .none
    case "clarify": self = .clarify
    case "anyCall": self = .anyCall
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .outcome, in: container,
        debugDescription: "outcome \"\(outcome)\" is not one of \"call\", \"none\", \"clarify\", \"anyCall\"")
    }
  }

  /// Writes the form ``init(from:)`` reads.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    switch self {
    case .call(let calls):
      try container.encode("call", forKey: .outcome)
      try container.encode(calls, forKey: .calls)
    case .none: try container.encode("none", forKey: .outcome)
    case .clarify: try container.encode("clarify", forKey: .outcome)
    case .anyCall: try container.encode("anyCall", forKey: .outcome)
    }
  }
}

/// A tool call a case expects: the tool's name and how each argument is judged.
///
/// Arguments the expectation does not list are not judged (a model may add
/// `language`) unless ``onlyListedArguments`` is set; list one with
/// ``ArgumentMatcher/optional(_:)`` when it may be omitted but must be right when sent.
public struct ExpectedCall: Sendable, Hashable, Codable {
  /// The tool's name.
  public var name: String
  /// Matchers by argument name.
  public var arguments: [String: ArgumentMatcher]
  /// Whether an argument ``arguments`` does not list is a mismatch (BFCL's "unexpected parameter").
  public var onlyListedArguments: Bool

  /// Creates an expected call.
  ///
  /// - Parameters:
  ///   - name: The tool's name.
  ///   - arguments: Matchers by argument name. Defaults to none judged.
  ///   - onlyListedArguments: Whether other arguments are mismatches. Defaults to `false`.
  public init(name: String, arguments: [String: ArgumentMatcher] = [:], onlyListedArguments: Bool = false) {
    self.name = name
    self.arguments = arguments
    self.onlyListedArguments = onlyListedArguments
  }

  /// The arguments `sent` gets wrong, as `city: expected "北京", sent "上海"`; empty when all match.
  ///
  /// - Parameter sent: The arguments the model sent.
  /// - Returns: One line per mismatched argument, sorted by name.
  public func mismatches(in sent: JSONValue) -> [String] {
    var lines: [String] = arguments.sorted { $0.key < $1.key }.compactMap { key, matcher in
      let value = sent[key]
      guard !matcher.matches(value) else { return nil }
      return "\(name).\(key): expected \(matcher.description), sent \(value?.rendered() ?? "nothing")"
    }
    if onlyListedArguments, let object = sent.objectValue {
      for (key, value) in object.members where arguments[key] == nil {
        lines.append("\(name).\(key): not expected, sent \(value.rendered())")
      }
    }
    return lines
  }

  private enum Key: String, CodingKey {
    case name, arguments, onlyListedArguments
  }

  /// Reads `{"name": …, "arguments": {…}, "onlyListedArguments": true}`; all but `name` may be left out.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    name = try container.decode(String.self, forKey: .name)
    arguments = try container.decodeIfPresent([String: ArgumentMatcher].self, forKey: .arguments) ?? [:]
    onlyListedArguments = try container.decodeIfPresent(Bool.self, forKey: .onlyListedArguments) ?? false
  }

  /// Writes the form ``init(from:)`` reads; `onlyListedArguments` only when set.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(name, forKey: .name)
    try container.encode(arguments, forKey: .arguments)
    if onlyListedArguments { try container.encode(true, forKey: .onlyListedArguments) }
  }
}
