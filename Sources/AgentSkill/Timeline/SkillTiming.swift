/// How long one skill's runs took: the per-skill row of a debug panel.
///
/// ```swift
/// for timing in agent.timeline.skillTimings {
///   print(timing.skill, timing.runs, timing.average, timing.longest)
/// }
/// // LoadMessagesSkill 3 120 ms 250 ms
/// ```
///
/// A run counts once, when it ends: finished, failed, cancelled or fallen
/// through to the next skill. Runs still in flight are not counted yet.
public struct SkillTiming: Sendable, Hashable, Identifiable {
  /// How a run of the skill ended.
  public enum Outcome: Sendable, Hashable, CaseIterable {
    /// The skill handled the intent.
    case finished
    /// The skill threw.
    case failed
    /// The run was cancelled.
    case cancelled
    /// The skill passed the intent on to the next skill.
    case fellThrough
  }

  /// The skill's name.
  public let skill: String
  /// Runs that finished.
  public private(set) var finished = 0
  /// Runs that failed.
  public private(set) var failed = 0
  /// Runs that were cancelled.
  public private(set) var cancelled = 0
  /// Runs that fell through to the next skill.
  public private(set) var fellThrough = 0
  /// The time all counted runs took together.
  public private(set) var total: Duration = .zero
  /// The longest counted run.
  public private(set) var longest: Duration = .zero

  /// Creates an empty timing for `skill`.
  ///
  /// - Parameter skill: The skill's name.
  init(skill: String) {
    self.skill = skill
  }

  /// The skill's name.
  public var id: String { skill }

  /// All counted runs, whatever their outcome.
  public var runs: Int { finished + failed + cancelled + fellThrough }

  /// The mean duration of the counted runs; zero when there are none.
  public var average: Duration { runs == 0 ? .zero : total / runs }

  /// Counts one run.
  ///
  /// - Parameters:
  ///   - outcome: How the run ended.
  ///   - duration: How long it took; negative values count as zero.
  mutating func record(_ outcome: Outcome, duration: Duration) {
    switch outcome {
    case .finished: finished += 1
    case .failed: failed += 1
    case .cancelled: cancelled += 1
    case .fellThrough: fellThrough += 1
    }
    let duration = max(duration, .zero)
    total += duration
    longest = max(longest, duration)
  }

  /// The timing of every skill that ended at least one run in `entries`,
  /// the most time-consuming first (ties by name).
  ///
  /// - Parameter entries: Timeline entries, in any order.
  /// - Returns: One timing per skill.
  static func summarize<Context, Intent, Effect>(
    _ entries: some Sequence<AgentTimelineEntry<Context, Intent, Effect>>
  ) -> [SkillTiming] {
    var timings: [String: SkillTiming] = [:]
    for entry in entries {
      guard let (skill, outcome, duration) = ending(of: entry.event) else { continue }
      timings[skill, default: SkillTiming(skill: skill)].record(outcome, duration: duration)
    }
    return timings.values.sorted { lhs, rhs in
      lhs.total != rhs.total ? lhs.total > rhs.total : lhs.skill < rhs.skill
    }
  }

  private static func ending<Context, Intent, Effect>(
    of event: AgentTimelineEvent<Context, Intent, Effect>
  ) -> (String, Outcome, Duration)? {
    switch event {
    case .skillFinished(let skill, let duration): (skill, .finished, duration)
    case .skillFailed(let skill, _, let duration): (skill, .failed, duration)
    case .skillCancelled(let skill, _, let duration): (skill, .cancelled, duration)
    case .skillFellThrough(let skill, _, let duration): (skill, .fellThrough, duration)
    default: nil
    }
  }
}

extension AgentTimeline {
  /// The timing of every skill that ended a run among the recorded entries,
  /// the most time-consuming first (ties by name).
  ///
  /// Reading it inside an observation scope makes the scope depend on the timeline.
  public var skillTimings: [SkillTiming] { SkillTiming.summarize(entries) }
}
