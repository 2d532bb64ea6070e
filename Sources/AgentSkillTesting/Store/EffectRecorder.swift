import AgentSkill

/// Collects the effects a skill emits when called directly, without an agent.
///
/// ```swift
/// enum InboxEffect: Equatable, Sendable {
///   case setStatus(String)
///   case show([String])
/// }
///
/// struct LoadInboxSkill: IntentSkill {
///   let priority = 0
///
///   func canHandle(_ intent: String) -> Bool { intent == "load" }
///
///   func handle(_ intent: String, context: [String], emit: EffectSink<InboxEffect>) async throws -> Handling {
///     emit(.setStatus("loading"))
///     try await emit.sleep(for: .seconds(1))  // returns at once on an ImmediateClock
///     emit(.show(["See you at 3 pm?"]))
///     return .handled
///   }
/// }
///
/// struct LoadInboxSkillTests {
///   @Test func showsTheMessages() async throws {
///     let recorder = EffectRecorder<InboxEffect>(environment: SkillEnvironment(clock: ImmediateClock()))
///     let handling = try await LoadInboxSkill().handle("load", context: [], emit: recorder.sink)
///     #expect(handling == .handled)
///     #expect(recorder.effects == [.setStatus("loading"), .show(["See you at 3 pm?"])])
///   }
/// }
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
