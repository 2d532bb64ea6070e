import AgentSkill

/// Collects the effects a skill emits when called directly, without an agent.
///
/// ```swift
/// let recorder = EffectRecorder<MessageEffect>(environment: SkillEnvironment(clock: ImmediateClock()))
/// let handling = try await LoadMessagesSkill().handle(.load, context: MessageContext(), emit: recorder.sink)
/// #expect(handling == .handled)
/// #expect(recorder.effects == [.setLoading("Loading…"), .appendMessages(messages)])
/// ```
public final class EffectRecorder<Effect: Sendable>: Sendable {
  private let storage = LockIsolated<[Effect]>([])
  /// The sink to pass to the skill.
  public let sink: EffectSink<Effect>

  /// Creates a recorder.
  ///
  /// - Parameters:
  ///   - skillName: The name in the sink's log tag. Defaults to `Skill`.
  ///   - environment: The clock, dependencies and log sink the skill sees.
  public init(skillName: String = "Skill", environment: SkillEnvironment = SkillEnvironment()) {
    let storage = self.storage
    self.sink = EffectSink(skillContext: SkillContext(skillName: skillName, environment: environment)) { effect in
      storage.withValue { $0.append(effect) }
    }
  }

  /// The effects emitted so far, in order.
  public var effects: [Effect] { storage.value }
}
