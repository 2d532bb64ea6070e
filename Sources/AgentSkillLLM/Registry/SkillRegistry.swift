import AgentSkill
import Foundation
import Observation

/// The skills a chat agent may offer to a model: registered at runtime,
/// matched against what the user asked, filtered by permission, and turned
/// into tool definitions.
///
/// ```swift
/// let registry = SkillRegistry(grantedPermissions: [.reminders])
/// try registry.register(WeatherSkill())
/// try registry.register(LedgerQuerySkill())
///
/// // Send only the skills that plausibly fit, at most 20.
/// let ranked = await registry.match(UserRequest("今天北京天气怎么样？"))
/// let tools = registry.toolDefinitions(for: ranked)      // [weather]
///
/// // Run what the model asked for.
/// let output = try await registry.execute(call, offered: tools.map(\.name), environment: environment)
/// ```
///
/// **Visibility.** A skill is *available* when it is enabled and its
/// ``ToolSkill/requiredPermission`` is `nil` or in ``grantedPermissions``.
/// Unavailable skills are never matched, never offered and never run —
/// calling one throws ``SkillRegistryError/permissionDenied(skillID:permission:)``
/// or ``SkillRegistryError/disabled(skillID:)``.
///
/// **Observation.** ``skills`` and ``grantedPermissions`` are observable; a
/// view listing skills refreshes once per registration, unregistration or
/// toggle. Lookup tables are kept outside observation.
///
/// **Building a chat loop on it.** Per user message: ``match(_:limit:threshold:)``
/// (an empty result means small talk: send no tools), ``toolDefinitions(for:screen:)``
/// into the request; per returned call: ``resolve(toolName:offered:)``,
/// ``AnyToolSkill/prepare(_:)`` (invalid arguments → send the
/// ``ToolSkillError`` text back and let the model retry), ask the user when
/// ``PreparedToolCall/requiresConfirmation``, ``PreparedToolCall/run(environment:)``,
/// and send ``ToolOutput/summary`` back while the UI shows
/// ``ToolOutput/display``. An offline rule-based model can pick the best
/// match and fill its arguments from ``AnyToolSkill/mentionedKnownValues(in:)``
/// (the validators' entity lists) and the schema's `required` members.
///
/// **Speed.** Tags and keywords are folded when a skill is registered;
/// skills using the default ``ToolSkill/canHandle(_:)`` are scored without
/// suspending, so matching 1,000 skills takes well under a millisecond in
/// release builds.
@MainActor
@Observable
public final class SkillRegistry {
  /// The most skills ``match(_:limit:threshold:)`` returns by default: models pick the wrong tool far
  /// more often when offered more than about 20.
  public nonisolated static let defaultMatchLimit = 20
  /// The lowest score ``match(_:limit:threshold:)`` accepts by default: one keyword (0.45) or one tag (0.6) is enough.
  public nonisolated static let defaultMatchThreshold = 0.3

  /// The registered skills, in registration order.
  public private(set) var skills: [RegisteredSkill] = []
  /// The permissions the user has granted; skills needing others are hidden.
  public var grantedPermissions: Set<SkillPermission>

  @ObservationIgnored private var positions: [String: Int] = [:]

  /// Creates an empty registry.
  ///
  /// - Parameter grantedPermissions: The permissions the user has granted.
  public init(grantedPermissions: Set<SkillPermission> = []) {
    self.grantedPermissions = grantedPermissions
  }

  // MARK: Registration

  /// Registers a skill.
  ///
  /// - Parameters:
  ///   - skill: The skill; its metadata is read now.
  ///   - enabled: Whether it starts enabled. Defaults to `true`.
  ///   - overrides: Display strings per screen.
  /// - Throws: ``SkillRegistryError/invalidID(_:)``, ``SkillRegistryError/duplicateID(_:)``,
  ///   ``SkillRegistryError/invalidSchema(skillID:_:)`` or ``SkillRegistryError/parametersNotAnObject(skillID:)``;
  ///   the registry is unchanged then.
  public func register(
    _ skill: some ToolSkill,
    enabled: Bool = true,
    overrides: [SkillScreen: SkillScreenOverride] = [:]
  ) throws(SkillRegistryError) {
    let erased = AnyToolSkill(skill)
    try Self.checkRegistrable(erased)
    guard positions[erased.id] == nil else { throw .duplicateID(erased.id) }
    positions[erased.id] = skills.count
    skills.append(RegisteredSkill(skill: erased, isEnabled: enabled, overrides: overrides))
  }

  /// Registers several skills at once, all or none.
  ///
  /// - Parameter newSkills: The skills, in order.
  /// - Throws: The first ``SkillRegistryError`` any of them causes (including
  ///   two of them sharing an id); the registry is unchanged then.
  public func register(contentsOf newSkills: [any ToolSkill]) throws(SkillRegistryError) {
    var erased: [AnyToolSkill] = []
    var seen = Set(positions.keys)
    for skill in newSkills {
      let any = AnyToolSkill(skill)
      try Self.checkRegistrable(any)
      guard seen.insert(any.id).inserted else { throw .duplicateID(any.id) }
      erased.append(any)
    }
    var updated = skills
    for skill in erased {
      positions[skill.id] = updated.count
      updated.append(RegisteredSkill(skill: skill, isEnabled: true, overrides: [:]))
    }
    skills = updated
  }

  /// Removes a skill.
  ///
  /// - Parameter id: The skill's id.
  /// - Returns: The removed skill.
  /// - Throws: ``SkillRegistryError/unknownSkill(id:registered:)`` when no skill has that id.
  @discardableResult
  public func unregister(_ id: String) throws(SkillRegistryError) -> AnyToolSkill {
    let index = try position(of: id)
    let removed = skills.remove(at: index)
    positions[id] = nil
    for later in index..<skills.count { positions[skills[later].id] = later }
    return removed.skill
  }

  /// Enables or disables a skill; a disabled skill is neither matched, offered nor run.
  ///
  /// - Parameters:
  ///   - enabled: Whether the skill may be used.
  ///   - id: The skill's id.
  /// - Throws: ``SkillRegistryError/unknownSkill(id:registered:)``.
  public func setEnabled(_ enabled: Bool, for id: String) throws(SkillRegistryError) {
    let index = try position(of: id)
    guard skills[index].isEnabled != enabled else { return }
    skills[index].isEnabled = enabled
  }

  /// Sets or clears a skill's display strings for a screen.
  ///
  /// - Parameters:
  ///   - override: The strings; `nil` removes the override.
  ///   - id: The skill's id.
  ///   - screen: The screen.
  /// - Throws: ``SkillRegistryError/unknownSkill(id:registered:)``.
  public func setOverride(
    _ override: SkillScreenOverride?,
    for id: String,
    on screen: SkillScreen
  ) throws(SkillRegistryError) {
    let index = try position(of: id)
    skills[index].overrides[screen] = override
  }

  /// Replaces a registered skill's enabled flag and overrides in one change.
  func reconfigure(_ id: String, enabled: Bool, overrides: [SkillScreen: SkillScreenOverride]) {
    guard let index = positions[id], skills.indices.contains(index) else { return }
    var entry = skills[index]
    entry.isEnabled = enabled
    entry.overrides = overrides
    skills[index] = entry
  }

  /// Throws unless `skill` could be registered (id and schema), ignoring duplicates.
  nonisolated static func checkRegistrable(_ skill: AnyToolSkill) throws(SkillRegistryError) {
    guard SkillRegistryError.isValidID(skill.id) else { throw .invalidID(skill.id) }
    do {
      try skill.inputSchema.verify()
    } catch {
      throw .invalidSchema(skillID: skill.id, error)
    }
    guard skill.inputSchema.json["type"] == "object" else { throw .parametersNotAnObject(skillID: skill.id) }
  }

  private func position(of id: String) throws(SkillRegistryError) -> Int {
    guard let index = positions[id], skills.indices.contains(index) else {
      throw .unknownSkill(id: id, registered: skills.map(\.id))
    }
    return index
  }

  // MARK: Lookup

  /// The registered skill with `id`, available or not.
  ///
  /// - Parameter id: The skill's id.
  /// - Returns: The entry, or `nil` when no skill has that id.
  public func registeredSkill(withID id: String) -> RegisteredSkill? {
    guard let index = positions[id], skills.indices.contains(index) else { return nil }
    return skills[index]
  }

  /// The skill with `id`, available or not; use ``resolve(toolName:offered:)`` before running one.
  ///
  /// - Parameter id: The skill's id.
  /// - Returns: The skill, or `nil` when no skill has that id.
  public func skill(withID id: String) -> AnyToolSkill? {
    registeredSkill(withID: id)?.skill
  }

  /// Whether a skill is enabled and permitted.
  ///
  /// - Parameter id: The skill's id.
  /// - Returns: `false` also when no skill has that id.
  public func isAvailable(_ id: String) -> Bool {
    guard let entry = registeredSkill(withID: id) else { return false }
    return Self.isAvailable(entry, granted: grantedPermissions)
  }

  /// The enabled and permitted skills, in registration order.
  public var availableSkills: [AnyToolSkill] {
    let granted = grantedPermissions
    return skills.filter { Self.isAvailable($0, granted: granted) }.map(\.skill)
  }

  nonisolated static func isAvailable(_ entry: RegisteredSkill, granted: Set<SkillPermission>) -> Bool {
    guard entry.isEnabled else { return false }
    guard let permission = entry.skill.requiredPermission else { return true }
    return granted.contains(permission)
  }

  // MARK: Matching

  /// The available skills that fit `intent`, best first.
  ///
  /// Each available skill's ``ToolSkill/canHandle(_:)`` is asked; those
  /// scoring above 0 and at least `threshold` are kept, sorted by score
  /// (equal scores keep registration order), and cut to `limit`. Skills
  /// using the default matcher are scored without suspending.
  ///
  /// ```swift
  /// let ranked = await registry.match("帮我查一下上周三的记账明细")
  /// ranked.map(\.id)          // ["ledger_query"]
  /// await registry.match("你今天吃了吗").isEmpty   // true: small talk reaches no tool
  /// ```
  ///
  /// - Parameters:
  ///   - intent: What the user asked for.
  ///   - limit: The most skills returned; defaults to ``defaultMatchLimit`` (20).
  ///   - threshold: The lowest score kept.
  /// - Returns: The matching skills, best first.
  public func match(
    _ intent: UserRequest,
    limit: Int = SkillRegistry.defaultMatchLimit,
    threshold: Double = SkillRegistry.defaultMatchThreshold
  ) async -> [RankedSkill] {
    guard limit > 0 else { return [] }
    let entries = skills
    let granted = grantedPermissions
    var hits: [(order: Int, ranked: RankedSkill)] = []
    for order in entries.indices where Self.isAvailable(entries[order], granted: granted) {
      let skill = entries[order].skill
      let match: IntentMatch
      if let fast = skill.fastMatch(intent) {
        match = fast
      } else {
        match = await skill.canHandle(intent)
      }
      if match.meets(threshold) { hits.append((order, RankedSkill(skill: skill, match: match))) }
    }
    hits.sort { left, right in
      left.ranked.score != right.ranked.score ? left.ranked.score > right.ranked.score : left.order < right.order
    }
    return hits.prefix(limit).map(\.ranked)
  }

  // MARK: Tool definitions

  /// The definitions to send for `matches`, in their order; skills that
  /// became unavailable since matching are left out.
  ///
  /// - Parameters:
  ///   - matches: The result of ``match(_:limit:threshold:)``.
  ///   - screen: The screen asking, for its description overrides.
  /// - Returns: The tool definitions.
  public func toolDefinitions(for matches: [RankedSkill], screen: SkillScreen? = nil) -> [ToolDefinition] {
    let granted = grantedPermissions
    return matches.compactMap { ranked in
      guard let entry = registeredSkill(withID: ranked.id), Self.isAvailable(entry, granted: granted) else {
        return nil
      }
      return entry.toolDefinition(on: screen)
    }
  }

  /// The definitions of every available skill, in registration order.
  ///
  /// Prefer ``match(_:limit:threshold:)`` with ``toolDefinitions(for:screen:)``:
  /// models pick the wrong tool far more often when offered more than about
  /// 20.
  ///
  /// - Parameter screen: The screen asking, for its description overrides.
  /// - Returns: The tool definitions.
  public func allToolDefinitions(screen: SkillScreen? = nil) -> [ToolDefinition] {
    let granted = grantedPermissions
    return skills.filter { Self.isAvailable($0, granted: granted) }.map { $0.toolDefinition(on: screen) }
  }

  /// The name people see for a skill: the screen's override, else its display name.
  ///
  /// - Parameters:
  ///   - id: The skill's id.
  ///   - screen: The screen asking.
  ///   - locale: The locale to show it in.
  /// - Returns: The name, or `nil` when no skill has that id.
  public func displayName(for id: String, on screen: SkillScreen? = nil, locale: Locale? = nil) -> String? {
    registeredSkill(withID: id)?.displayName(on: screen, locale: locale)
  }
}
