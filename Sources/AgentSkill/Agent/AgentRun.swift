/// Why a run was cancelled, as recorded in the timeline.
public enum AgentCancellationReason: String, Sendable, Hashable, Codable {
  /// A newer intent in the same lane replaced it (``IntentPolicy/Concurrency/cancelPrevious``).
  case superseded
  /// Its ``AgentTask`` was cancelled, or the task awaiting its
  /// ``AgentTask/finish(isolation:)`` was.
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

/// Where a run stands.
enum AgentRunPhase {
  /// Created, not routed yet (sent while the agent was applying effects).
  case pending
  /// Waiting in its lane's queue.
  case queued
  /// Its skill's task is running.
  case running
  /// Its task ended and the end was applied, or it never started.
  case done
}

/// One intent sent to an agent: its routing, lane, follow-up tree and
/// settlement.
///
/// The agent reads and writes it on the main actor; a run's task reads only
/// its constant ``sequence`` and ``intent``.
@MainActor
final class AgentRun<Context: Sendable, Intent: Sendable, Effect: Sendable> {
  /// The intent's number within its agent.
  nonisolated let sequence: UInt64
  /// The intent.
  nonisolated let intent: Intent
  /// Where the run delivers and its handles wait.
  nonisolated let mailbox: AgentMailbox<Context, Intent, Effect>
  /// The run whose effect produced this follow-up intent, or `nil`.
  let parent: AgentRun?

  var phase = AgentRunPhase.pending
  var cancellation: AgentCancellationReason?
  /// The skills as they were when the intent was routed.
  var roster: AgentRoster<Context, Intent, Effect>?
  /// The index in `roster` of the skill handling the intent.
  var skillIndex = 0
  /// The lane and concurrency of the skill handling the intent.
  var lane: AgentLaneKey = .agent
  var concurrency: IntentPolicy.Concurrency = .cancelPrevious
  var cancelID: AgentTaskID?
  /// The run's own part still to finish (1) plus its unsettled follow-ups.
  var pending = 1
  var ownDone = false
  /// When the skill started, on the agent's clock (measured when recording).
  var startOffset: Duration = .zero

  init(sequence: UInt64, intent: Intent, parent: AgentRun?, mailbox: AgentMailbox<Context, Intent, Effect>) {
    self.sequence = sequence
    self.intent = intent
    self.parent = parent
    self.mailbox = mailbox
  }

  /// Whether effects the run emits are still applied.
  var isLive: Bool { phase == .running && cancellation == nil }

  /// The name of the skill at `index` in the run's roster.
  func skillName(at index: Int) -> String {
    guard let roster, roster.infos.indices.contains(index) else { return "none" }
    return roster.infos[index].name
  }

  /// The name of the skill handling the intent.
  var skillName: String { skillName(at: skillIndex) }

  /// The token of the skill handling the intent.
  var skillToken: SkillMountToken? {
    guard let roster, roster.infos.indices.contains(skillIndex) else { return nil }
    return roster.infos[skillIndex].token
  }

  /// Whether `other` is this run or one of its origins.
  func hasAncestor(_ other: AgentRun) -> Bool {
    var current: AgentRun? = self
    while let run = current {
      if run === other { return true }
      current = run.parent
    }
    return false
  }

  /// What ``Agent/activeRuns`` reports for the run.
  func info(isQueued: Bool) -> AgentRunInfo<Intent> {
    AgentRunInfo(
      sequence: Int(truncatingIfNeeded: sequence), intent: intent, skill: skillName, isQueued: isQueued)
  }
}

/// What an ``AgentTask`` holds of a run: everything it uses is constant, so
/// it works from any actor.
struct AgentRunHandle<Context: Sendable, Intent: Sendable, Effect: Sendable>: AgentTaskHandle {
  let run: AgentRun<Context, Intent, Effect>

  var isSettled: Bool { run.mailbox.isSettled(run.sequence) }

  func park(_ continuation: CheckedContinuation<Void, Never>, drains: Bool) -> Bool {
    run.mailbox.park(continuation, until: run.sequence, drains: drains)
  }

  @MainActor func drain() {
    run.mailbox.agent?.drain()
  }

  func enterDrainer() { run.mailbox.enterDrainer() }

  @MainActor func leaveDrainer() { run.mailbox.leaveDrainer() }

  func requestCancellation(isolation: isolated (any Actor)?) {
    if let isolation, isolation === MainActor.shared {
      MainActor.assumeIsolated { run.mailbox.agent?.cancelTree(of: run) }
    } else {
      // The agent cancels the run and its follow-ups on the main actor; the
      // skill is told at once. In this order the request reaches the agent
      // before the end of the cancelled task does.
      run.mailbox.deliver(.cancelRequested(run))
      run.mailbox.cancelTask(of: run.sequence)
    }
  }
}

extension AgentTask {
  /// A handle on `run`.
  init<Context, Intent, Effect>(_ run: AgentRun<Context, Intent, Effect>) {
    self.init(handle: AgentRunHandle(run: run))
  }
}

/// An intent in flight or queued in an ``Agent``.
public struct AgentRunInfo<Intent: Sendable>: Sendable {
  /// The intent's number within the agent.
  public let sequence: Int
  /// The intent.
  public let intent: Intent
  /// The skill handling (or about to handle) it.
  public let skill: String
  /// Whether it waits in its lane's queue rather than running.
  public let isQueued: Bool
}

/// How a run's task ended.
enum AgentRunOutcome {
  /// The skill handled the intent.
  case handled(duration: Duration)
  /// The skill passed the intent on (``Handling/fallthrough``).
  case fellThrough(duration: Duration)
  /// The skill threw `error`.
  case failed(any Error, duration: Duration)
  /// The skill stopped because the run was cancelled.
  case cancelled(duration: Duration)
  /// The parent agent vetoed the intent; no skill ran.
  case vetoed(any Error)
}
