/// Identifies one mounted skill of one agent; pass it to ``Agent/unmount(_:cancelRunning:)``.
///
/// ```swift
/// let cached = agent.mount(ListCacheSkill { _ in await cache.firstPage() })
/// agent.unmount(cached)   // its runs in flight are cancelled
/// ```
public struct SkillMountToken: Hashable, Sendable, CustomStringConvertible {
  /// The agent that issued the token.
  package let agentID: SkillRunID
  /// The mount's number within that agent, in mount order.
  package let index: UInt64

  /// `#3` (the mount number).
  public var description: String { "#\(index)" }
}

/// What an agent knows about one mounted skill.
public struct MountedSkillInfo: Hashable, Sendable, CustomStringConvertible {
  /// The skill's name.
  public let name: String
  /// The skill's priority: lower runs first.
  public let priority: Int
  /// The token that unmounts it.
  public let token: SkillMountToken

  /// `NetworkSkill(100)`: the name and the priority.
  public var description: String { "\(name)(\(priority))" }
}

/// A skill as an agent stores it: the skill with its name and priority read once.
struct MountedSkill<Context: Sendable, Intent: Sendable, Effect: Sendable>: Sendable {
  let skill: any IntentSkill<Context, Intent, Effect>
  let name: String
  let priority: Int
  let token: SkillMountToken

  var info: MountedSkillInfo { MountedSkillInfo(name: name, priority: priority, token: token) }
}
