import AgentSkill

/// A tool skill built from closures, for one-offs and tests.
///
/// ```swift
/// let echo = ToolSkillOf<EchoInput>(
///   id: "echo",
///   displayName: LocalizedText("复读", translations: ["en": "Echo"]),
///   description: "Repeats the given text",
///   inputSchema: .object(properties: ["text": .string()], required: ["text"]),
///   keywords: ["复读", "repeat", "echo"]
/// ) { input, _ in
///   .text(input.text)
/// }
/// try registry.register(echo)
/// ```
///
/// Without a `canHandle` closure the default tag-and-keyword score is used.
public struct ToolSkillOf<Input: Decodable & Sendable>: ToolSkill {
  /// A custom ``canHandle(_:)``.
  public typealias Matcher = nonisolated(nonsending) @Sendable (UserRequest) async -> IntentMatch
  /// The skill's work.
  public typealias Body = @Sendable (Input, SkillContext) async throws -> ToolOutput

  /// The name the model calls.
  public let id: String
  /// The ``id``, for log tags.
  public let name: String
  /// The name people see.
  public let displayName: LocalizedText
  /// What the tool does, for the model.
  public let description: String
  /// The JSON Schema of the arguments object.
  public let inputSchema: JSONSchema
  /// Labels matched against the intent's tags.
  public let tags: [String]
  /// Words searched for in the user's text.
  public let keywords: [String]
  /// Whether the user must confirm before it runs.
  public let requiresConfirmation: Bool
  /// The permission it needs.
  public let requiredPermission: SkillPermission?
  /// Checks beyond the schema.
  public let validators: [ArgumentValidator]
  private let matcher: Matcher?
  private let body: Body

  /// Creates a skill.
  ///
  /// - Parameters:
  ///   - id: The name the model calls (`^[a-zA-Z0-9_-]{1,64}$`).
  ///   - displayName: The name people see. Defaults to `id`.
  ///   - description: What the tool does, for the model.
  ///   - inputSchema: The JSON Schema of the arguments object.
  ///   - tags: Labels matched against the intent's tags.
  ///   - keywords: Words searched for in the user's text.
  ///   - requiresConfirmation: Whether the user must confirm first.
  ///   - requiredPermission: The permission it needs.
  ///   - validators: Checks beyond the schema.
  ///   - canHandle: A custom score; `nil` uses the tags and keywords.
  ///   - run: The work.
  public init(
    id: String,
    displayName: LocalizedText? = nil,
    description: String,
    inputSchema: JSONSchema,
    tags: [String] = [],
    keywords: [String] = [],
    requiresConfirmation: Bool = false,
    requiredPermission: SkillPermission? = nil,
    validators: [ArgumentValidator] = [],
    canHandle: Matcher? = nil,
    run: @escaping Body
  ) {
    self.id = id
    self.name = id
    self.displayName = displayName ?? LocalizedText(id)
    self.description = description
    self.inputSchema = inputSchema
    self.tags = tags
    self.keywords = keywords
    self.requiresConfirmation = requiresConfirmation
    self.requiredPermission = requiredPermission
    self.validators = validators
    self.matcher = canHandle
    self.body = run
  }

  /// Whether no custom `canHandle` closure was given.
  var usesDefaultMatching: Bool { matcher == nil }

  /// The custom score, or the default tag-and-keyword score.
  ///
  /// - Parameter intent: What the user asked for.
  /// - Returns: The score and why.
  public nonisolated(nonsending) func canHandle(_ intent: UserRequest) async -> IntentMatch {
    if let matcher { return await matcher(intent) }
    return defaultIntentMatch(intent)
  }

  /// Runs the closure.
  ///
  /// - Parameters:
  ///   - input: The decoded arguments.
  ///   - context: The run's context.
  /// - Returns: The closure's output.
  /// - Throws: Whatever the closure throws.
  public func run(_ input: Input, context: SkillContext) async throws -> ToolOutput {
    try await body(input, context)
  }
}

extension ToolSkillOf where Input == EmptyToolInput {
  /// Creates a skill that takes no arguments.
  ///
  /// - Parameters:
  ///   - id: The name the model calls.
  ///   - displayName: The name people see. Defaults to `id`.
  ///   - description: What the tool does, for the model.
  ///   - tags: Labels matched against the intent's tags.
  ///   - keywords: Words searched for in the user's text.
  ///   - requiresConfirmation: Whether the user must confirm first.
  ///   - requiredPermission: The permission it needs.
  ///   - canHandle: A custom score; `nil` uses the tags and keywords.
  ///   - run: The work.
  public init(
    id: String,
    displayName: LocalizedText? = nil,
    description: String,
    tags: [String] = [],
    keywords: [String] = [],
    requiresConfirmation: Bool = false,
    requiredPermission: SkillPermission? = nil,
    canHandle: Matcher? = nil,
    run: @escaping Body
  ) {
    self.init(
      id: id, displayName: displayName, description: description, inputSchema: .object(), tags: tags,
      keywords: keywords, requiresConfirmation: requiresConfirmation, requiredPermission: requiredPermission,
      canHandle: canHandle, run: run)
  }
}
