/// Identifies one run in monitor events.
public struct SkillRunInfo: Sendable, Hashable {
  /// The skill's name.
  public let skillName: String
  /// The run's identifier.
  public let runID: SkillRunID

  /// Creates run information.
  ///
  /// - Parameters:
  ///   - skillName: The skill's name.
  ///   - runID: The run's identifier.
  package init(skillName: String, runID: SkillRunID) {
    self.skillName = skillName
    self.runID = runID
  }

  /// The log tag, such as `UploadSkill-8a2b`.
  public var tag: String { runID.tag(for: skillName) }
}

/// Something that happened during a run, as seen by a ``SkillMonitor``.
public enum SkillEvent: Sendable {
  /// The run started.
  case started(SkillRunInfo)
  /// The run reported progress (0…1).
  case progressed(SkillRunInfo, Double)
  /// The run succeeded after `duration` on the environment's clock.
  case finished(SkillRunInfo, duration: Duration)
  /// The run failed with `error` after `duration`.
  case failed(SkillRunInfo, error: any Error, duration: Duration)
  /// The run was cancelled after `duration`.
  case cancelled(SkillRunInfo, duration: Duration)

  /// The run the event belongs to.
  public var run: SkillRunInfo {
    switch self {
    case .started(let info), .progressed(let info, _), .finished(let info, _),
      .failed(let info, _, _), .cancelled(let info, _):
      return info
    }
  }
}

/// Receives run events: start, progress, finish with duration, failure and
/// cancellation.
///
/// Install one through ``SkillEnvironment/monitor``. When none is installed
/// nothing is measured or allocated for monitoring.
///
/// ```swift
/// struct SlowRunReporter: SkillMonitor {
///   func record(_ event: SkillEvent) {
///     if case .finished(let run, let duration) = event, duration > .seconds(1) {
///       print("\(run.skillName) took \(duration)")   // or feed a histogram
///     }
///   }
/// }
/// ```
public protocol SkillMonitor: Sendable {
  /// Called for each event, on whatever task produced it; return quickly.
  ///
  /// - Parameter event: What happened.
  func record(_ event: SkillEvent)
}
