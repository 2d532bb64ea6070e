import AgentSkill

/// A ``/AgentSkill/Skill`` a language model can call: its input is decoded from the
/// model's arguments, and it describes itself with the metadata a registry
/// and a model need.
///
/// Implement ``/AgentSkill/Skill/run(_:context:)`` plus ``id`` and ``description``;
/// everything else has a default. ``inputSchema`` is derived from `Input`
/// (its descriptions from ``SchemaDescribing``); write it by hand only for
/// what a type cannot say. A weather skill:
///
/// ```swift
/// struct WeatherSkill: ToolSkill {
///   struct Input: Decodable, Sendable, SchemaDescribing {
///     let city: String
///     static let schemaFields: [String: SchemaField] = ["city": "城市名称，必须是中国内地城市的中文名"]
///   }
///
///   static let cities = ["北京", "上海", "广州", "深圳"]
///
///   let id = "weather"
///   let displayName = LocalizedText("天气查询", translations: ["en": "Weather"])
///   let description = "查询指定城市当前天气以及未来三天的预报信息"
///   let tags = ["weather"]
///   let keywords = ["天气", "气温", "下雨", "预报", "weather", "forecast", "temperature"]
///   var validators: [ArgumentValidator] { [.allowedValues(Self.cities, at: "/city")] }
///
///   func run(_ input: Input, context: SkillContext) async throws -> ToolOutput {
///     let (condition, temperature) = ("多云", 22)  // a real skill asks its service (context.dependencies)
///     return ToolOutput(
///       summary: "\(input.city)今天\(condition) \(temperature)°C",
///       display: .keyValues(["城市": input.city, "天气": condition, "温度": "\(temperature)°C"])
///     )
///   }
/// }
///
/// @MainActor func makeRegistry() throws -> SkillRegistry {
///   let registry = SkillRegistry()
///   try registry.register(WeatherSkill())
///   return registry
/// }
/// ```
///
/// A registry stores skills as ``AnyToolSkill``, which runs them from the
/// model's raw arguments: schema and validators first (so a wrong call is
/// rejected with reasons the model can act on), then decoding, then ``/AgentSkill/Skill/run(_:context:)``; every
/// failure is a ``ToolSkillError`` whose message the model can act on.
///
/// ``canHandle(_:)`` is the first line of defence: a cheap, side-effect-free
/// score of how well the skill fits what the user asked. The default scores
/// ``tags`` and ``keywords`` (see ``KeywordIntentMatcher``); override it for
/// other signals, without touching data or the network.
///
/// The metadata is read once, when the skill is erased or registered; a
/// skill whose tags or keywords change must be registered again.
public protocol ToolSkill<Input>: Skill where Input: Decodable, Output == ToolOutput {
  /// The name the model calls: 1 to 64 characters from `a-z`, `A-Z`, `0-9`,
  /// `_` and `-` (checked when registering), unique within a registry.
  var id: String { get }
  /// The name people see, such as `天气查询`; "executing: 天气查询". Defaults to ``id``.
  var displayName: LocalizedText { get }
  /// What the tool does and when to use it, for the model. Keep it short
  /// and specific: vague or overlapping descriptions make models pick the wrong tool.
  var description: String { get }
  /// The JSON Schema of the arguments object (`"type": "object"`); derived from `Input` by default.
  var inputSchema: JSONSchema { get }
  /// Labels matched against ``UserRequest/tags`` by the default ``canHandle(_:)``.
  /// The ``id`` counts as a tag too. Defaults to none.
  var tags: [String] { get }
  /// Words searched for in the user's text by the default ``canHandle(_:)``,
  /// in every language the users write (`天气`, `weather`). Defaults to none.
  var keywords: [String] { get }
  /// Whether the user must confirm before the skill runs (creating a
  /// reminder, spending money). Defaults to `false`.
  var requiresConfirmation: Bool { get }
  /// The JSON Schema of the ``ToolOutput/structuredContent`` every run returns, for a skill with structured
  /// output; MCP clients see it as the tool's `outputSchema`. Defaults to `nil`: no structured output.
  var outputSchema: JSONSchema? { get }
  /// The permission the user must have granted for the skill to be offered
  /// and called; `nil` (the default) when none is needed.
  var requiredPermission: SkillPermission? { get }
  /// Checks beyond the schema, run before decoding; their ``ArgumentValidator/knownValues``
  /// are the skill's entity lists. Defaults to none.
  var validators: [ArgumentValidator] { get }

  /// How well the skill fits `intent`, from 0 to 1, with a reason.
  ///
  /// Must be free of side effects and fast: a registry calls it for every
  /// registered skill on every user message. Decide from the intent and
  /// the skill's metadata only — never read data or call the network.
  /// Runs on the caller's actor (`nonisolated(nonsending)`), so a cheap
  /// implementation costs no thread hop.
  ///
  /// The default scores ``tags`` and ``keywords`` with a ``KeywordIntentMatcher``.
  ///
  /// - Parameter intent: What the user asked for.
  /// - Returns: The score and why.
  nonisolated(nonsending) func canHandle(_ intent: UserRequest) async -> IntentMatch
}

extension ToolSkill {
  /// The schema derived from `Input` (see ``JSONSchema/derived(from:)``).
  ///
  /// When `Input` cannot be described, registering the skill fails with
  /// ``SkillRegistryError/invalidSchema(skillID:_:)`` carrying
  /// ``SchemaError/notDerivable(_:)``, which names the type and coding path;
  /// write the schema by hand then.
  public var inputSchema: JSONSchema { JSONSchema.derivedOrUnusable(from: Input.self) }

  /// The ``id``.
  public var displayName: LocalizedText { LocalizedText(id) }
  /// No tags.
  public var tags: [String] { [] }
  /// No keywords.
  public var keywords: [String] { [] }
  /// No confirmation needed.
  public var requiresConfirmation: Bool { false }
  /// No structured output.
  public var outputSchema: JSONSchema? { nil }
  /// No permission needed.
  public var requiredPermission: SkillPermission? { nil }
  /// No validators.
  public var validators: [ArgumentValidator] { [] }

  /// Scores ``tags`` (and ``id``) against the intent's tags and ``keywords`` against its text.
  ///
  /// - Parameter intent: What the user asked for.
  /// - Returns: ``defaultIntentMatch(_:)``.
  public nonisolated(nonsending) func canHandle(_ intent: UserRequest) async -> IntentMatch {
    defaultIntentMatch(intent)
  }

  /// The default tag-and-keyword score, for custom ``canHandle(_:)``
  /// implementations that add to it.
  ///
  /// ```swift
  /// struct LedgerQuerySkill: ToolSkill {
  ///   let id = "ledger_query"
  ///   let description = "Bookkeeping entries of a day, grouped by category."
  ///   let keywords = ["记账", "账单", "支出"]
  ///
  ///   func canHandle(_ intent: UserRequest) async -> IntentMatch {
  ///     let base = defaultIntentMatch(intent)
  ///     guard base.score > 0, intent.text.contains("上周") else { return base }
  ///     return IntentMatch(score: min(1, base.score + 0.2), reason: base.reason + "; mentions a past week")
  ///   }
  ///
  ///   func run(_ input: EmptyToolInput, context: SkillContext) async throws -> ToolOutput {
  ///     .text("上周三共 5 笔支出，合计 ¥326.50")
  ///   }
  /// }
  /// ```
  ///
  /// Inside a registry the folded tags and keywords come precomputed, so
  /// this does no string folding.
  ///
  /// - Parameter intent: What the user asked for.
  /// - Returns: The score from ``keywordMatcher``.
  public func defaultIntentMatch(_ intent: UserRequest) -> IntentMatch {
    if let precomputed = PrecomputedKeywordMatcher.current, precomputed.skillID == id {
      return precomputed.matcher.match(intent)
    }
    return keywordMatcher.match(intent)
  }

  /// The matcher behind ``defaultIntentMatch(_:)``: ``id`` and ``tags`` as
  /// tags, ``keywords`` as keywords.
  public var keywordMatcher: KeywordIntentMatcher {
    KeywordIntentMatcher(tags: [id] + tags, keywords: keywords)
  }

  /// The values the validators accept, per argument path, merged in order.
  public var knownValues: [String: [String]] {
    validators.mergedKnownValues
  }

  /// The definition sent to a model: ``id``, ``description`` and ``inputSchema``.
  public var toolDefinition: ToolDefinition {
    ToolDefinition(name: id, description: description, parameters: inputSchema)
  }

  /// This skill, erased to run from raw arguments.
  ///
  /// - Returns: An ``AnyToolSkill`` wrapping this skill.
  public func eraseToAnyToolSkill() -> AnyToolSkill {
    AnyToolSkill(self)
  }
}

extension ToolSkill where Input == EmptyToolInput {
  /// `{"type": "object", "properties": {}}`: no arguments.
  public var inputSchema: JSONSchema { .object() }
}

/// The registry's folded matcher for the skill whose ``ToolSkill/canHandle(_:)``
/// is running, so the default implementation does not fold strings again.
struct PrecomputedKeywordMatcher: Sendable {
  /// The skill the matcher belongs to.
  let skillID: String
  /// The matcher built at registration.
  let matcher: KeywordIntentMatcher

  /// The matcher of the skill being asked, set by ``AnyToolSkill`` around ``ToolSkill/canHandle(_:)``.
  @TaskLocal static var current: PrecomputedKeywordMatcher?
}
