import AgentSkill

/// A type-erased tool skill that runs from the model's raw JSON arguments.
///
/// The form a ``SkillRegistry`` stores. Running it validates the arguments
/// against the input schema and the validators, decodes the skill's input,
/// and runs the skill:
///
/// ```swift
/// let weather = AnyToolSkill(WeatherSkill())
/// let output = try await weather.run(["city": "北京"], environment: environment)
///
/// do {
///   _ = try await weather.run(["city": "纽约"], environment: environment)
/// } catch let error as ToolSkillError {
///   print(error)
///   // The arguments for tool "weather" are invalid:
///   // - /city: "纽约" is not supported; supported: 北京, 上海, 广州, 深圳
///   // Fix these arguments and call "weather" again.
/// }
/// ```
///
/// The metadata is read from the wrapped skill once, here. Erasing an
/// `AnyToolSkill` again returns it unchanged.
public struct AnyToolSkill: ToolSkill {
  /// The raw arguments object.
  public typealias Input = JSONValue

  /// The wrapped skill's id.
  public var id: String { storage.id }
  /// The wrapped skill's name, for log tags.
  public var name: String { storage.name }
  /// The wrapped skill's display name.
  public var displayName: LocalizedText { storage.displayName }
  /// The wrapped skill's description for the model.
  public var description: String { storage.description }
  /// The wrapped skill's input schema.
  public var inputSchema: JSONSchema { storage.inputSchema }
  /// The wrapped skill's tags.
  public var tags: [String] { storage.tags }
  /// The wrapped skill's keywords.
  public var keywords: [String] { storage.keywords }
  /// Whether the wrapped skill needs the user's confirmation.
  public var requiresConfirmation: Bool { storage.requiresConfirmation }
  /// The wrapped skill's ``ToolSkill/outputSchema``.
  public var outputSchema: JSONSchema? { storage.outputSchema }
  /// The permission the wrapped skill needs.
  public var requiredPermission: SkillPermission? { storage.requiredPermission }
  /// The wrapped skill's validators.
  public var validators: [ArgumentValidator] { storage.validators }
  /// The validators' accepted values per argument path (the skill's entity lists).
  public var knownValues: [String: [String]] { storage.knownValues }
  /// The folded tags and keywords, built once.
  public var keywordMatcher: KeywordIntentMatcher { storage.keywordMatcher }

  /// Everything read from the wrapped skill, shared by copies.
  private let storage: Storage

  private typealias PrepareBody =
    nonisolated(nonsending) @Sendable (JSONValue) async throws(ToolSkillError) -> PreparedToolCall

  private typealias CustomMatcher = nonisolated(nonsending) @Sendable (UserRequest) async -> IntentMatch

  /// The default keyword score, or the wrapped skill's own ``ToolSkill/canHandle(_:)``.
  private enum Matching: Sendable {
    case keywords
    case custom(CustomMatcher)
  }

  private final class Storage: Sendable {
    let id: String
    let name: String
    let displayName: LocalizedText
    let description: String
    let inputSchema: JSONSchema
    let tags: [String]
    let keywords: [String]
    let requiresConfirmation: Bool
    let outputSchema: JSONSchema?
    let requiredPermission: SkillPermission?
    let validators: [ArgumentValidator]
    let knownValues: [String: [String]]
    let keywordMatcher: KeywordIntentMatcher
    let matching: Matching
    let prepare: PrepareBody
    let base: any Sendable

    init<S: ToolSkill>(_ skill: S) {
      let id = skill.id
      let schema = skill.inputSchema
      let validators = skill.validators
      let requiresConfirmation = skill.requiresConfirmation
      let name = skill.name
      let matcher = KeywordIntentMatcher(tags: [id] + skill.tags, keywords: skill.keywords)
      self.id = id
      self.name = name
      self.displayName = skill.displayName
      self.description = skill.description
      self.inputSchema = schema
      self.tags = skill.tags
      self.keywords = skill.keywords
      self.requiresConfirmation = requiresConfirmation
      self.outputSchema = skill.outputSchema
      self.requiredPermission = skill.requiredPermission
      self.validators = validators
      self.knownValues = validators.mergedKnownValues
      self.keywordMatcher = matcher
      self.base = skill
      if let closureSkill = skill as? ToolSkillOf<S.Input>, closureSkill.usesDefaultMatching {
        self.matching = .keywords
      } else {
        let precomputed = PrecomputedKeywordMatcher(skillID: id, matcher: matcher)
        self.matching = .custom { intent in
          await PrecomputedKeywordMatcher.$current.withValue(precomputed) {
            await skill.canHandle(intent)
          }
        }
      }
      self.prepare = { arguments throws(ToolSkillError) in
        let checked = try await AnyToolSkill.check(arguments, schema: schema, validators: validators, skillID: id)
        let input: S.Input
        if let raw = checked as? S.Input {
          input = raw
        } else {
          do {
            input = try checked.decode(S.Input.self)
          } catch let error as DecodingError {
            throw ToolSkillError.decoding(error, skillID: id, arguments: checked)
          } catch {
            throw ToolSkillError.decodingFailed(
              skillID: id, path: "", expectedType: nil, problem: "could not be decoded (\(error))")
          }
        }
        return PreparedToolCall(
          skillID: id,
          skillName: name,
          arguments: checked,
          requiresConfirmation: requiresConfirmation
        ) { context in
          try await skill.run(input, context: context)
        }
      }
    }
  }

  /// Wraps `skill`.
  ///
  /// - Parameter skill: The skill to erase; an `AnyToolSkill` is returned as it is.
  public init<S: ToolSkill>(_ skill: S) {
    if let erased = skill as? AnyToolSkill {
      self = erased
      return
    }
    self.storage = Storage(skill)
  }

  /// The wrapped skill, when it is an `S`.
  ///
  /// - Parameter type: The skill type to look for.
  /// - Returns: The wrapped skill, or `nil` when it is another type.
  public func base<S: ToolSkill>(as type: S.Type) -> S? {
    storage.base as? S
  }

  /// Whether ``canHandle(_:)`` is the default tag-and-keyword score, which
  /// `fastMatch(_:)` computes without suspending.
  var usesDefaultMatching: Bool {
    if case .keywords = storage.matching { return true }
    return false
  }

  /// The default score computed synchronously, or `nil` when the wrapped
  /// skill has its own ``canHandle(_:)``.
  ///
  /// - Parameter intent: What the user asked for.
  /// - Returns: The score, when it needs no `await`.
  func fastMatch(_ intent: UserRequest) -> IntentMatch? {
    if case .keywords = storage.matching { return storage.keywordMatcher.match(intent) }
    return nil
  }

  /// The known values the user's text mentions, per argument path — a
  /// building block for offline models that fill arguments from entity lists.
  ///
  /// For each path in ``knownValues``, the longest listed value found in the
  /// text (ignoring case and width) wins; equal lengths keep list order.
  ///
  /// ```swift
  /// weather.mentionedKnownValues(in: "上海明天会下雨吗")   // ["/city": "上海"]
  /// ```
  ///
  /// - Parameter intent: What the user asked for.
  /// - Returns: The mentioned value per path; paths with no mention are absent.
  public func mentionedKnownValues(in intent: UserRequest) -> [String: String] {
    var result: [String: String] = [:]
    guard !intent.foldedText.isEmpty else { return result }
    for (path, values) in storage.knownValues {
      var best: (value: String, length: Int)?
      for value in values {
        let folded = Array(TextFolding.fold(value).utf8)[...]
        guard folded.count > (best?.length ?? 0) else { continue }
        if intent.bigrams.mayContain(folded), TextFolding.contains(intent.foldedText, folded, wordStart: false) {
          best = (value, folded.count)
        }
      }
      if let best { result[path] = best.value }
    }
    return result
  }

  /// The wrapped skill's score for `intent`.
  ///
  /// - Parameter intent: What the user asked for.
  /// - Returns: The score and why.
  public nonisolated(nonsending) func canHandle(_ intent: UserRequest) async -> IntentMatch {
    switch storage.matching {
    case .keywords: return storage.keywordMatcher.match(intent)
    case .custom(let canHandle): return await canHandle(intent)
    }
  }

  /// Checks `arguments` against the schema and the validators without running the skill.
  ///
  /// `null` counts as `{}`. A validator's violation at a path the schema
  /// already flagged is left out, so the model sees one problem per field.
  ///
  /// - Parameter arguments: The arguments the model sent.
  /// - Returns: Every violation, schema first; empty when the arguments are valid.
  public nonisolated(nonsending) func validate(_ arguments: JSONValue) async -> [SchemaViolation] {
    await Self.violations(of: Self.normalized(arguments), schema: inputSchema, validators: validators)
  }

  /// Validates and decodes `arguments`, returning a call that runs the skill.
  ///
  /// - Parameter arguments: The arguments the model sent; `null` counts as `{}`.
  /// - Returns: The prepared call.
  /// - Throws: ``ToolSkillError/invalidArguments(skillID:violations:)`` or
  ///   ``ToolSkillError/decodingFailed(skillID:path:expectedType:problem:)``.
  public nonisolated(nonsending) func prepare(_ arguments: JSONValue) async throws(ToolSkillError) -> PreparedToolCall {
    try await storage.prepare(arguments)
  }

  /// Validates, decodes and runs.
  ///
  /// - Parameters:
  ///   - arguments: The arguments the model sent; `null` counts as `{}`.
  ///   - context: The run's context.
  /// - Returns: The skill's output.
  /// - Throws: ``ToolSkillError`` for invalid arguments, a decoding failure or
  ///   a failed run; `CancellationError` when cancelled.
  public func run(_ arguments: JSONValue, context: SkillContext) async throws -> ToolOutput {
    try await prepare(arguments).run(context: context)
  }

  // MARK: Checking

  private static func normalized(_ arguments: JSONValue) -> JSONValue {
    if case .null = arguments { return .object(JSONObject()) }
    return arguments
  }

  private nonisolated(nonsending) static func violations(
    of arguments: JSONValue,
    schema: JSONSchema,
    validators: [ArgumentValidator]
  ) async -> [SchemaViolation] {
    var violations = schema.validate(arguments)
    let flagged = Set(violations.map(\.path))
    for validator in validators {
      for violation in await validator.validate(arguments) where !flagged.contains(violation.path) {
        violations.append(violation)
      }
    }
    return violations
  }

  fileprivate nonisolated(nonsending) static func check(
    _ arguments: JSONValue,
    schema: JSONSchema,
    validators: [ArgumentValidator],
    skillID: String
  ) async throws(ToolSkillError) -> JSONValue {
    let arguments = normalized(arguments)
    let violations = await violations(of: arguments, schema: schema, validators: validators)
    guard violations.isEmpty else { throw .invalidArguments(skillID: skillID, violations: violations) }
    return arguments
  }
}
