import AgentSkill

/// A monitor that keeps every event, for assertions.
///
/// ```swift
/// struct GreetSkill: Skill {
///   func run(_ name: String, context: SkillContext) async throws -> String { "你好，\(name)" }
/// }
///
/// struct GreetSkillTests {
///   @Test func reportsStartAndFinish() async throws {
///     let monitor = RecordingSkillMonitor()
///     _ = try await GreetSkill().run("小明", environment: SkillEnvironment(monitor: monitor))
///     #expect(monitor.kinds == ["started", "finished"])
///   }
/// }
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
