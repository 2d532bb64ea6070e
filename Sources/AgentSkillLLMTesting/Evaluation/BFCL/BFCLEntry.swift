import AgentSkill
import AgentSkillLLM

/// One request of the Berkeley Function Calling Leaderboard: what the user says, the functions offered
/// and, for categories that label calls, each expected call's possible answers per parameter.
///
/// ```swift
/// let question = #"{"id": "simple_python_0", "question": [[{"role": "user", "content": "Area of a 10 by 5 triangle?"}]], "function": [{"name": "geometry.area", "description": "Triangle area.", "parameters": {"type": "dict", "properties": {"base": {"type": "integer"}, "height": {"type": "integer"}}, "required": ["base", "height"]}}]}"#
/// let answer = #"{"id": "simple_python_0", "ground_truth": [{"geometry.area": {"base": [10], "height": [5]}}]}"#
/// let entry = try BFCLEntry(question: question, answer: answer, category: .simple)
/// #expect(entry.toolName(for: "geometry.area") == "geometry_area")
/// #expect(entry.groundTruthCalls.first?.arguments == ["base": 10, "height": 5])
/// ```
public struct BFCLEntry: Sendable, Hashable {
  /// The entry's id, such as `simple_python_0`.
  public var id: String
  /// Its category.
  public var category: BFCLCategory
  /// The system messages before the request, joined; `nil` when there are none.
  public var system: String?
  /// The user's request (several user messages joined by new lines).
  public var user: String
  /// The function documents as BFCL writes them (`name`, `description`, `parameters`).
  public var functions: [JSONValue]
  /// The expected calls: one `{function: {parameter: [possible answers]}}` object each; empty when the
  /// category labels none.
  public var groundTruth: [JSONValue]

  /// Creates an entry from its parts.
  ///
  /// - Parameters:
  ///   - id: The entry's id.
  ///   - category: Its category.
  ///   - system: System messages, if any.
  ///   - user: The user's request.
  ///   - functions: The function documents.
  ///   - groundTruth: The expected calls' possible answers.
  public init(
    id: String, category: BFCLCategory, system: String? = nil, user: String, functions: [JSONValue],
    groundTruth: [JSONValue] = []
  ) {
    self.id = id
    self.category = category
    self.system = system
    self.user = user
    self.functions = functions
    self.groundTruth = groundTruth
  }

  /// Reads one line of a question file and, when the category labels calls, the matching line of its
  /// ground-truth file.
  ///
  /// - Parameters:
  ///   - question: The question line: `{"id", "question": [[{"role", "content"}]], "function": [...]}`.
  ///   - answer: The ground-truth line `{"id", "ground_truth": [...]}`, or `nil`.
  ///   - category: The category the line is from.
  /// - Throws: ``EvaluationError/unreadableCase(source:line:problem:)`` when a line is not BFCL's format.
  public init(question: String, answer: String?, category: BFCLCategory) throws(EvaluationError) {
    let parsed: JSONValue
    let truth: JSONValue?
    do {
      parsed = try JSONValue(parsing: question)
      truth = try answer.map { text throws(JSONParseError) in try JSONValue(parsing: text) }
    } catch {
      throw EvaluationError.unreadableCase(source: category.questionFile, line: 0, problem: "\(error)")
    }
    guard let id = parsed["id"]?.stringValue, let turns = parsed["question"]?.arrayValue,
      let functions = parsed["function"]?.arrayValue
    else {
      throw EvaluationError.unreadableCase(
        source: category.questionFile, line: 0, problem: "it lacks \"id\", \"question\" or \"function\"")
    }
    let messages = turns.first?.arrayValue ?? []
    func contents(_ role: String) -> [String] {
      messages.filter { $0["role"]?.stringValue == role }.compactMap { $0["content"]?.stringValue }
    }
    let system = contents("system")
    self.init(
      id: id, category: category, system: system.isEmpty ? nil : system.joined(separator: "\n"),
      user: contents("user").joined(separator: "\n"), functions: functions,
      groundTruth: truth?["ground_truth"]?.arrayValue ?? [])
  }

  /// The tool name a function is offered under: its name with every character outside
  /// `a-z A-Z 0-9 _ -` replaced by `_`, cut to 64 characters (BFCL does the same for models that
  /// reject dots).
  ///
  /// - Parameter functionName: The function's name in BFCL's data.
  /// - Returns: The tool's name.
  public func toolName(for functionName: String) -> String {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
    return String(String(functionName.map { allowed.contains($0) ? $0 : "_" }).prefix(64))
  }

  /// What the entry expects: the labelled calls, judged by BFCL's rules (no argument beyond those its
  /// answers list), no call for the irrelevance categories, any call for `live_relevance`.
  public var expectation: Expectation {
    if category.expectsNoCall { return .none }
    if category == .liveRelevance { return .anyCall }
    return .call(
      expectedCalls.map { call in
        ExpectedCall(name: toolName(for: call.name), arguments: call.matchers, onlyListedArguments: true)
      })
  }

  /// The entry as a one-turn ``EvaluationCase`` in its category.
  public var evaluationCase: EvaluationCase {
    EvaluationCase(
      id: id, category: category.rawValue, turns: [EvaluationCase.Turn(user: user, expect: expectation)])
  }

  /// Calls that satisfy the ground truth: each parameter's first possible answer, optional ones left
  /// out — what a perfect model sends (for testing the loader and the checker).
  public var groundTruthCalls: [ToolCall] {
    expectedCalls.enumerated().map { index, call in
      var arguments = JSONObject()
      for (parameter, options) in call.answers {
        guard !options.contains(.string("")), let first = options.first else { continue }
        arguments[parameter] = first
      }
      return ToolCall(id: "call_\(index)", name: toolName(for: call.name), arguments: .object(arguments))
    }
  }

  /// The functions as tools: BFCL's types mapped as its own table maps them to JSON Schema (`dict` →
  /// `object`, `float` → `number`, `tuple` → `array`, `any` → `string`), keywords from the name and the
  /// description for the registry's prefilter, each run answered by `result`.
  ///
  /// - Parameter result: What every call returns. Defaults to `{"status": "ok"}`.
  /// - Returns: The tools, in the entry's order, duplicates by name left out.
  public func tools(result: ToolOutput = .text(#"{"status": "ok"}"#)) -> [ToolSkillOf<JSONValue>] {
    var seen = Set<String>()
    return functions.compactMap { function in
      guard let name = function["name"]?.stringValue, seen.insert(toolName(for: name)).inserted else { return nil }
      let description = function["description"]?.stringValue ?? ""
      let converted = Self.openAPISchema(function["parameters"] ?? ["type": "object"])
      let schema = (try? JSONSchema(converted)) ?? JSONSchema.object()
      return ToolSkillOf<JSONValue>(
        id: toolName(for: name), description: description, inputSchema: schema,
        keywords: BFCLKeywords.keywords(name: name, description: description)
      ) { _, _ in result }
    }
  }

  /// A registry holding ``tools(result:)``.
  ///
  /// - Returns: The registry.
  @MainActor public func makeRegistry() -> SkillRegistry {
    let registry = SkillRegistry()
    for tool in tools() {
      // Names are deduplicated by tools(result:), so registering cannot clash.
      try? registry.register(tool)
    }
    return registry
  }

  // MARK: Ground truth

  struct LabelledCall {
    var name: String
    var answers: [(String, [JSONValue])]
    var matchers: [String: ArgumentMatcher]
  }

  var expectedCalls: [LabelledCall] {
    groundTruth.compactMap { call in
      guard let (name, parameters) = call.objectValue?.members.first else { return nil }
      let function = functions.first { $0["name"]?.stringValue == name }
      let properties = function?["parameters"]?["properties"]
      let required = Set(function?["parameters"]?["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
      var answers: [(String, [JSONValue])] = []
      var matchers: [String: ArgumentMatcher] = [:]
      for (parameter, options) in parameters.objectValue?.members ?? [] {
        var values = options.arrayValue ?? [options]
        if required.contains(parameter) { values.removeAll { $0 == .string("") } }
        answers.append((parameter, values))
        let type = properties?[parameter]?["type"]?.stringValue ?? "any"
        let itemType = properties?[parameter]?["items"]?["type"]?.stringValue
        matchers[parameter] = .allowed(values, type: type, itemType: itemType)
      }
      return LabelledCall(name: name, answers: answers, matchers: matchers)
    }
  }

  /// BFCL's parameter document with its type names mapped to JSON Schema's, recursively.
  static func openAPISchema(_ value: JSONValue) -> JSONValue {
    switch value {
    case .object(let object):
      var converted = JSONObject()
      for (key, member) in object.members {
        if key == "type", let type = member.stringValue {
          converted[key] = .string(openAPIType[type] ?? type)
        } else if key == "properties", let properties = member.objectValue {
          converted[key] = .object(JSONObject(properties.members.map { ($0.key, openAPISchema($0.value)) }))
        } else if key == "items" || key == "additionalProperties" {
          converted[key] = openAPISchema(member)
        } else if key == "required", member.arrayValue == nil {
          continue  // a boolean "required" on a property is not JSON Schema
        } else {
          converted[key] = member
        }
      }
      return .object(converted)
    default:
      return value
    }
  }

  /// BFCL's `GORILLA_TO_OPENAPI` table.
  static let openAPIType: [String: String] = [
    "integer": "integer", "number": "number", "float": "number", "string": "string", "boolean": "boolean",
    "bool": "boolean", "array": "array", "list": "array", "dict": "object", "object": "object",
    "tuple": "array", "any": "string", "byte": "integer", "short": "integer", "long": "integer",
    "double": "number", "char": "string", "ArrayList": "array", "Array": "array", "HashMap": "object",
  ]
}
