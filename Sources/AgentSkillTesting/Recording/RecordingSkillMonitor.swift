import AgentSkill

/// A monitor that keeps every event, for assertions.
///
/// ```swift
/// let monitor = RecordingSkillMonitor()
/// _ = try await skill.run(input, environment: SkillEnvironment(monitor: monitor))
/// #expect(monitor.kinds == ["started", "finished"])
/// ```
public final class RecordingSkillMonitor: SkillMonitor, Sendable {
  private let storage = LockIsolated([SkillEvent]())

  /// Creates an empty monitor.
  public init() {}

  /// Every event so far, in order.
  public var events: [SkillEvent] { storage.value }

  /// The kind of each event: `started`, `progressed`, `finished`, `failed` or `cancelled`.
  public var kinds: [String] {
    events.map { event in
      switch event {
      case .started: "started"
      case .progressed: "progressed"
      case .finished: "finished"
      case .failed: "failed"
      case .cancelled: "cancelled"
      }
    }
  }

  /// Keeps `event`.
  ///
  /// - Parameter event: What happened.
  public func record(_ event: SkillEvent) {
    storage.withValue { $0.append(event) }
  }
}
