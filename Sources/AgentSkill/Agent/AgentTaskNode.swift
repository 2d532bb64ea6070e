/// Where a run stands. Main actor only.
enum AgentRunPhase {
  /// Created, not routed yet (sent while the agent was applying effects).
  case pending
  /// Waiting in its lane's queue.
  case queued
  /// Its task is running.
  case running
  /// Its task ended and the end was processed, or it never started.
  case done
}

/// The non-generic part of a run: its identity and settlement (what an
/// ``AgentTask`` needs) and the agent's bookkeeping for it.
///
/// Keeping the bookkeeping out of the generic ``AgentRun`` lets the agent's
/// hot path — routing, lanes, draining, settling — run without looking up
/// generic type metadata, which an unspecialized generic class pays on every
/// access to a generic type.
class AgentTaskNode: @unchecked Sendable {
  /// The intent's sequence number within its agent.
  let sequence: UInt64
  let core: AgentCore
  /// The run whose effect produced this follow-up intent, or `nil`.
  let parent: AgentTaskNode?

  // Guarded by `core.lock`.
  var settledFlag = false
  var firstWaiter: AgentCore.Waiter?
  var otherWaiters: [AgentCore.Waiter] = []

  // Main actor only.
  var phase = AgentRunPhase.pending
  var cancellation: AgentCancellationReason?
  /// The skills as they were when the intent was routed.
  var roster: AgentRoster?
  /// The index in `roster` of the skill that claimed the intent.
  var skillIndex = 0
  var lane: AgentLaneKey = .agent
  var cancelID: AgentTaskID?
  /// Own run still to finish (1) plus unsettled follow-ups.
  var pending = 1
  var ownDone = false
  /// When the run started, on the agent's clock (only measured when recording).
  var startOffset: Duration = .zero

  init(sequence: UInt64, core: AgentCore, parent: AgentTaskNode?) {
    self.sequence = sequence
    self.core = core
    self.parent = parent
  }

  /// Whether effects this run emits are still applied.
  var isLive: Bool { phase == .running && cancellation == nil }

  /// The name of the skill at `index` in the run's roster.
  func skillName(at index: Int) -> String {
    guard let roster, roster.infos.indices.contains(index) else { return "none" }
    return roster.infos[index].name
  }

  /// The name of the skill that claimed the intent.
  var skillName: String { skillName(at: skillIndex) }

  /// The token of the skill currently handling the intent.
  var currentSkillToken: SkillMountToken? {
    guard let roster, roster.infos.indices.contains(skillIndex) else { return nil }
    return roster.infos[skillIndex].token
  }

  /// Whether `other` is this run or one of its origins.
  func hasAncestor(_ other: AgentTaskNode) -> Bool {
    var current: AgentTaskNode? = self
    while let run = current {
      if run === other { return true }
      current = run.parent
    }
    return false
  }

  var isSettled: Bool { core.isSettled(self) }

  func waitUntilSettled(isolation: isolated (any Actor)?) async {
    await core.waitUntilSettled(self, isolation: isolation)
  }

  func requestCancel(isolation: isolated (any Actor)?) {
    if let isolation, isolation === MainActor.shared {
      MainActor.assumeIsolated {
        core.owner?.cancelNode(self)
      }
    } else {
      core.cancelTask(for: sequence)
      Task { @MainActor [self] in
        self.core.owner?.cancelNode(self)
      }
    }
  }
}
