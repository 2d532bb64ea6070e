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

/// What the agent tracks of one run, whatever the agent's types: its
/// routing, lane, follow-up tree and settlement.
///
/// Everything a round trip touches besides the intent lives here, in a class
/// without generic parameters, so the compiler lays it out once. The agent
/// reads and writes it on the main actor; other actors read only its
/// constants.
@MainActor
class AgentRunNode {
  /// The intent's number within its agent.
  nonisolated let sequence: UInt64
  /// The agent's drains, waiters and run tasks.
  nonisolated let settlement: AgentSettlement
  /// The run whose effect produced this follow-up intent, or `nil`.
  let parent: AgentRunNode?

  var phase = AgentRunPhase.pending
  var cancellation: AgentCancellationReason?
  /// The names, priorities and tokens of the skills the intent was routed
  /// with, in routing order.
  var skillInfos: [MountedSkillInfo] = []
  /// The index in `skillInfos` of the skill handling the intent.
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

  init(sequence: UInt64, parent: AgentRunNode?, settlement: AgentSettlement) {
    self.sequence = sequence
    self.parent = parent
    self.settlement = settlement
  }

  /// Whether effects the run emits are still applied.
  final var isLive: Bool { phase == .running && cancellation == nil }

  /// The name of the skill at `index` in the run's roster.
  final func skillName(at index: Int) -> String {
    guard skillInfos.indices.contains(index) else { return "none" }
    return skillInfos[index].name
  }

  /// The name of the skill handling the intent.
  final var skillName: String { skillName(at: skillIndex) }

  /// The token of the skill handling the intent.
  final var skillToken: SkillMountToken? {
    guard skillInfos.indices.contains(skillIndex) else { return nil }
    return skillInfos[skillIndex].token
  }

  /// Whether `other` is this run or one of its origins.
  final func hasAncestor(_ other: AgentRunNode) -> Bool {
    var current: AgentRunNode? = self
    while let run = current {
      if run === other { return true }
      current = run.parent
    }
    return false
  }

  /// Whether the run's intent tree has settled (or the agent is gone).
  nonisolated final var isSettled: Bool { settlement.isSettled(sequence) }

  /// Cancels the run and its follow-ups: at once when called on the main
  /// actor (`onMainActor`), otherwise on the main actor at the agent's next
  /// drain, while the skill's task is told at once.
  nonisolated final func requestCancellation(onMainActor: Bool) {
    if onMainActor {
      MainActor.assumeIsolated { settlement.cancelTree(of: self) }
    } else {
      // In this order the request reaches the agent before the end of the
      // cancelled task does.
      deliverCancellationRequest()
      settlement.cancelTask(of: sequence)
    }
  }

  /// Asks the agent, from off the main actor, to cancel the run and its
  /// follow-ups at its next drain.
  nonisolated func deliverCancellationRequest() {}
}

/// One intent sent to an agent, with the skills it was routed to.
///
/// A run's task reads only its constants: ``sequence``, ``intent`` and
/// ``mailbox``.
@MainActor
final class AgentRun<Context: Sendable, Intent: Sendable, Effect: Sendable>: AgentRunNode {
  /// The intent.
  nonisolated let intent: Intent
  /// Where the run delivers.
  nonisolated let mailbox: AgentMailbox<Context, Intent, Effect>
  /// The skills as they were when the intent was routed.
  var roster: AgentRoster<Context, Intent, Effect>? {
    didSet { skillInfos = roster?.infos ?? [] }
  }

  init(sequence: UInt64, intent: Intent, parent: AgentRunNode?, mailbox: AgentMailbox<Context, Intent, Effect>) {
    self.intent = intent
    self.mailbox = mailbox
    super.init(sequence: sequence, parent: parent, settlement: mailbox.settlement)
  }

  override nonisolated func deliverCancellationRequest() {
    mailbox.deliver(.cancelRequested(self))
  }

  /// What ``Agent/activeRuns`` reports for the run.
  func info(isQueued: Bool) -> AgentRunInfo<Intent> {
    AgentRunInfo(
      sequence: Int(truncatingIfNeeded: sequence), intent: intent, skill: skillName, isQueued: isQueued)
  }
}

/// An intent in flight or queued in an ``Agent``.
package struct AgentRunInfo<Intent: Sendable>: Sendable {
  /// The intent's number within the agent.
  package let sequence: Int
  /// The intent.
  package let intent: Intent
  /// The skill handling (or about to handle) it.
  package let skill: String
  /// Whether it waits in its lane's queue rather than running.
  package let isQueued: Bool
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
