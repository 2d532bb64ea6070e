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

/// One intent sent to an agent: its routing, its place in a lane, its
/// follow-up tree and its settlement.
///
/// Immutable fields are read from any task; mutable fields are touched on
/// the main actor only (the agent's methods).
final class AgentRun<Context: Sendable, Intent: Sendable, Effect: Sendable>: AgentTaskNode, EffectReceiver,
  @unchecked Sendable
{
  enum Phase {
    /// Created, not routed yet (sent while the agent was applying effects).
    case pending
    /// Waiting in its lane's queue.
    case queued
    /// Its task is running.
    case running
    /// Its task ended and the end was processed, or it never started.
    case done
  }

  let intent: Intent
  /// The run whose effect produced this follow-up intent, or `nil`.
  let parent: AgentRun?
  let inbox: AgentInbox<Context, Intent, Effect>

  // Main actor only.
  var phase = Phase.pending
  var cancellation: AgentCancellationReason?
  /// The skills as they were when the intent was routed.
  var skills: [MountedSkill<Context, Intent, Effect>] = []
  /// The index in `skills` of the skill that claimed the intent.
  var skillIndex = 0
  var lane: AgentLaneKey = .agent
  var cancelID: AgentTaskID?
  /// Own run still to finish (1) plus unsettled follow-ups.
  var pending = 1
  var ownDone = false
  /// When the run started, on the agent's clock (only measured when recording).
  var startOffset: Duration = .zero

  init(
    sequence: UInt64, intent: Intent, parent: AgentRun?, inbox: AgentInbox<Context, Intent, Effect>
  ) {
    self.intent = intent
    self.parent = parent
    self.inbox = inbox
    super.init(sequence: sequence, core: inbox)
  }

  /// Whether effects this run emits are still applied.
  var isLive: Bool { phase == .running && cancellation == nil }

  /// The name of the skill that claimed the intent.
  var skillName: String { skills.indices.contains(skillIndex) ? skills[skillIndex].name : "none" }

  /// Whether `other` is this run or one of its origins.
  func hasAncestor(_ other: AgentRun) -> Bool {
    var current: AgentRun? = self
    while let run = current {
      if run === other { return true }
      current = run.parent
    }
    return false
  }

  func receive(_ effect: Effect) {
    inbox.push(.effect(self, effect))
  }

  func receive(contentsOf effects: [Effect]) {
    inbox.push(effects.map { .effect(self, $0) })
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
/// Running runs are keyed by sequence (O(1) removal even with thousands of
/// parallel runs); queued runs keep their order in an array with a moving head.
struct AgentLane<Context: Sendable, Intent: Sendable, Effect: Sendable> {
  typealias Run = AgentRun<Context, Intent, Effect>

  private(set) var running: [UInt64: Run] = [:]
  private var queue: [Run] = []
  private var head = 0

  /// The queued runs, oldest first.
  var queued: ArraySlice<Run> { queue[head...] }
  var hasQueued: Bool { head < queue.count }
  var isEmpty: Bool { running.isEmpty && !hasQueued }

  mutating func addRunning(_ run: Run) {
    running[run.sequence] = run
  }

  mutating func enqueue(_ run: Run) {
    queue.append(run)
  }

  /// Takes the oldest queued run.
  mutating func dequeue() -> Run? {
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
  mutating func remove(_ run: Run) -> Bool {
    if running.removeValue(forKey: run.sequence) != nil { return true }
    guard let index = queue[head...].firstIndex(where: { $0 === run }) else { return false }
    queue.remove(at: index)
    return true
  }
}
