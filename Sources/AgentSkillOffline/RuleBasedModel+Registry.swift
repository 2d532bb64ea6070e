import AgentSkillLLM
import Foundation

extension RuleBasedModel {
  /// Creates a model that knows `registry`'s entity lists and skills.
  ///
  /// Reads, once, each registered skill's ``/AgentSkillLLM/ToolSkill/knownValues`` (from
  /// its validators, such as ``/AgentSkillLLM/ArgumentValidator/allowedValues(_:at:caseSensitive:maximumListed:)``)
  /// into ``knownValues``, their keywords into ``keywords``, and the available skills' display names into
  /// ``capabilities``. Create the model again after registering skills
  /// whose lists it should know.
  ///
  /// ```swift
  /// let registry = SkillRegistry()
  /// try registry.register(WeatherSkill())        // validators: .allowedValues(["北京", "上海"], at: "/city")
  /// let model = RuleBasedModel(registry: registry)
  /// model.knownValues["weather"]                 // ["/city": ["北京", "上海"]]
  /// ```
  ///
  /// - Parameters:
  ///   - registry: The registry to read.
  ///   - timeZone: The time zone for dates and times. Defaults to the system's.
  ///   - now: The current moment. Defaults to the system clock.
  ///   - streamingPace: A pause before each streamed text piece. Defaults to none.
  ///   - clock: The clock for the pace. Defaults to `ContinuousClock`.
  @MainActor
  public init(
    registry: SkillRegistry,
    timeZone: TimeZone = .current,
    now: @escaping @Sendable () -> Date = { Date() },
    streamingPace: Duration? = nil,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    var known: KnownValues = [:]
    var keywords: [String: [String]] = [:]
    for entry in registry.skills {
      let values = entry.skill.knownValues
      if !values.isEmpty { known[entry.id] = values }
      if !entry.skill.keywords.isEmpty { keywords[entry.id] = entry.skill.keywords }
    }
    self.init(
      knownValues: known,
      keywords: keywords,
      capabilities: registry.availableSkills.map(\.displayName),
      timeZone: timeZone,
      now: now,
      streamingPace: streamingPace,
      clock: clock
    )
  }
}
