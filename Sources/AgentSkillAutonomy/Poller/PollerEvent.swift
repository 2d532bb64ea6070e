import AgentSkill

/// Something a ``Poller`` did on a tick, for logs, timelines and tests.
///
/// Each tick produces either one ``skipped(tick:reason:)`` or a
/// ``started(tick:)`` followed later by exactly one of ``succeeded(tick:duration:)``,
/// ``failed(tick:error:duration:)`` or ``cancelled(tick:duration:)``.
public enum PollerEvent: Sendable {
  /// The tick did not run the skill.
  case skipped(tick: Int, reason: PollerSkipReason)
  /// The conditions held and the skill started.
  case started(tick: Int)
  /// The skill returned after `duration` on the poller's clock.
  case succeeded(tick: Int, duration: Duration)
  /// The skill (or reading its input) threw `error`; polling continues.
  case failed(tick: Int, error: any Error, duration: Duration)
  /// The run was cancelled because the poller stopped.
  case cancelled(tick: Int, duration: Duration)

  /// The tick the event belongs to, counted from 1 since the poller was created.
  public var tick: Int {
    switch self {
    case .skipped(let tick, _), .started(let tick), .succeeded(let tick, _), .failed(let tick, _, _),
      .cancelled(let tick, _):
      return tick
    }
  }
}

/// Why a ``Poller`` tick did not run its skill.
public enum PollerSkipReason: Sendable, Hashable, CustomStringConvertible {
  /// The conditions did not hold; the evaluation names the ones that failed.
  case conditionsUnmet(ConditionEvaluation)
  /// The run started on tick `tick` was still going, so this tick was skipped
  /// instead of overlapping it.
  case previousRunInProgress(startedOnTick: Int)

  /// `conditions not met: online` or `previous run (tick 3) still running`.
  public var description: String {
    switch self {
    case .conditionsUnmet(let evaluation):
      return "conditions not met: \(evaluation.unmet.joined(separator: ", "))"
    case .previousRunInProgress(let tick):
      return "previous run (tick \(tick)) still running"
    }
  }
}
