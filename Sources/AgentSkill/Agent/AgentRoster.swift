/// The skills of an agent as they were when an intent was routed, in routing
/// order: ascending priority, then mount order. Built when the mounted skills
/// change and shared by every run routed until the next change.
struct AgentRoster<Context: Sendable, Intent: Sendable, Effect: Sendable>: Sendable {
  /// The skills, in routing order.
  let skills: [any IntentSkill<Context, Intent, Effect>]
  /// Their names, priorities and tokens, in the same order.
  let infos: [MountedSkillInfo]

  init(_ mounted: [MountedSkill<Context, Intent, Effect>]) {
    skills = mounted.map(\.skill)
    infos = mounted.map(\.info)
  }

  /// The index of the first skill at or after `start` that can handle `intent`.
  func firstMatch(for intent: Intent, from start: Int) -> Int? {
    var index = max(start, 0)
    while index < skills.count {
      if skills[index].canHandle(intent) { return index }
      index += 1
    }
    return nil
  }
}
