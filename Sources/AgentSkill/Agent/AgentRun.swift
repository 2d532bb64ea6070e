/// Why a run was cancelled, as recorded in the timeline.
public enum AgentCancellationReason: String, Sendable, Hashable, Codable {
  /// A newer intent in the same lane replaced it (``IntentPolicy/Concurrency/cancelPrevious``).
  case superseded
  /// Its ``AgentTask`` was cancelled.
  case cancelledByHandle
  /// ``Agent/cancel(id:)`` named it.
  case cancelledByID
  /// ``Agent/cancelAll()`` was called.
  case cancelledAll
  /// Its skill was unmounted.
  case unmounted
  /// The skill threw `CancellationError` on its own.
  case skillCancelled
}

/// One intent sent to an agent: the typed part of a run. Its routing, lane,
/// follow-up tree and settlement live in the non-generic ``AgentTaskNode``.
///
/// Immutable fields are read from any task; mutable fields are touched on
/// the main actor only (the agent's methods).
final class AgentRun<Context: Sendable, Intent: Sendable, Effect: Sendable>: AgentTaskNode, @unchecked Sendable {
  let intent: Intent

  init(sequence: UInt64, intent: Intent, parent: AgentTaskNode?, core: AgentCore) {
    self.intent = intent
    super.init(sequence: sequence, core: core, parent: parent)
  }
}

/// The skills of an agent as they were when an intent was routed, in routing
/// order. Built when the mounted skills change and shared by every run routed
/// until the next change; immutable.
class AgentRoster: @unchecked Sendable {
  /// Names, priorities and tokens, in routing order.
  let infos: [MountedSkillInfo]

  init(infos: [MountedSkillInfo]) {
    self.infos = infos
  }
}

/// A roster with its skills.
///
/// The skills sit in a raw buffer: in the agent's unspecialized generic code,
/// indexing an array of `any IntentSkill<Context, Intent, Effect>` looks up
/// the existential's metadata on every access.
final class AgentSkillRoster<Context: Sendable, Intent: Sendable, Effect: Sendable>: AgentRoster,
  @unchecked Sendable
{
  private let skills: UnsafeMutablePointer<any IntentSkill<Context, Intent, Effect>>
  private let count: Int

  init(_ mounted: [MountedSkill<Context, Intent, Effect>]) {
    count = mounted.count
    skills = .allocate(capacity: max(mounted.count, 1))
    for (index, skill) in mounted.enumerated() { (skills + index).initialize(to: skill.skill) }
    super.init(infos: mounted.map(\.info))
  }

  deinit {
    skills.deinitialize(count: count)
    skills.deallocate()
  }

  /// The skill at `index`, which must be below the number of skills.
  func skill(at index: Int) -> any IntentSkill<Context, Intent, Effect> {
    precondition(index >= 0 && index < count, "skill index out of range")
    return skills[index]
  }

  /// The index of the first skill at or after `start` that can handle `intent`.
  func firstMatch(for intent: Intent, from start: Int) -> Int? {
    var index = max(start, 0)
    while index < count {
      if skills[index].canHandle(intent) { return index }
      index += 1
    }
    return nil
  }
}

/// What a run's task reports when it ends.
enum AgentRunOutcome {
  /// The skill at `skill` handled the intent.
  case handled(skill: Int, duration: Duration)
  /// Every matching skill fell through; the last was at `skill`.
  case exhausted(skill: Int, duration: Duration)
  /// The skill at `skill` threw `error`.
  case failed(skill: Int, error: any Error, duration: Duration)
  /// The skill at `skill` stopped because the run was cancelled.
  case cancelled(skill: Int, duration: Duration)
  /// The parent agent vetoed the intent; nothing ran.
  case vetoed(any Error)
}

/// Identifies the lane a run belongs to.
enum AgentLaneKey: Hashable {
  case skill(UInt64)
  case agent
  case custom(AgentTaskID)
}

/// The runs in flight and queued in one lane.
///
/// A lane usually holds one running run: it is kept inline, so starting and
/// finishing it allocates nothing. More running runs (parallel policies) are
/// keyed by sequence (O(1) removal even with thousands of them); queued runs
/// keep their order in an array with a moving head.
struct AgentLane {
  private var single: AgentTaskNode?
  private var more: [UInt64: AgentTaskNode] = [:]
  private var queue: [AgentTaskNode] = []
  private var head = 0

  /// The running runs, in no particular order.
  var running: [AgentTaskNode] {
    var result: [AgentTaskNode] = []
    if let single { result.append(single) }
    result.append(contentsOf: more.values)
    return result
  }
  var hasRunning: Bool { single != nil || !more.isEmpty }
  /// The queued runs, oldest first.
  var queued: ArraySlice<AgentTaskNode> { queue[head...] }
  var hasQueued: Bool { head < queue.count }
  var isEmpty: Bool { !hasRunning && !hasQueued }

  /// Whether a running run satisfies `predicate`.
  func containsRunning(where predicate: (AgentTaskNode) -> Bool) -> Bool {
    if let single, predicate(single) { return true }
    return more.values.contains(where: predicate)
  }

  mutating func addRunning(_ run: AgentTaskNode) {
    if single == nil {
      single = run
    } else {
      more[run.sequence] = run
    }
  }

  mutating func enqueue(_ run: AgentTaskNode) {
    queue.append(run)
  }

  /// Takes the oldest queued run.
  mutating func dequeue() -> AgentTaskNode? {
    guard hasQueued else { return nil }
    let run = queue[head]
    head += 1
    if head == queue.count {
      queue.removeAll(keepingCapacity: true)
      head = 0
    } else if head > 32, head * 2 > queue.count {
      queue.removeFirst(head)
      head = 0
    }
    return run
  }

  /// Removes `run`, running or queued; returns whether it was in the lane.
  mutating func remove(_ run: AgentTaskNode) -> Bool {
    if single === run {
      single = nil
      return true
    }
    if !more.isEmpty, more.removeValue(forKey: run.sequence) != nil { return true }
    guard hasQueued, let index = queue[head...].firstIndex(where: { $0 === run }) else { return false }
    queue.remove(at: index)
    return true
  }
}
