/// What every run reaches the same way, whichever kind of skill it runs: the injected clock, dependency values, a
/// logger tagged with the run, and cancellation.
///
/// ``SkillContext`` (handed to a ``Skill``) and ``EffectSink`` (handed to an ``IntentSkill``) are both scopes, so
/// the same code works in either:
///
/// ```swift
/// func pause(in scope: some SkillRunScope) async throws {
///   scope.logger.info("waiting")
///   try await scope.sleep(for: .milliseconds(300))   // on the injected clock
///   try scope.checkCancellation()
/// }
/// ```
public protocol SkillRunScope: Sendable {
  /// The name of the skill being run, used in the log tag.
  var skillName: String { get }
  /// The identifier of this run, used in the log tag.
  var runID: SkillRunID { get }
  /// The environment the run was started with: clock, dependencies, monitor and log sink.
  var environment: SkillEnvironment { get }
}

extension SkillRunScope {
  /// The injected clock.
  public var clock: any Clock<Duration> { environment.clock }

  /// The injected dependency values.
  public var dependencies: SkillDependencies { environment.dependencies }

  /// A logger whose lines are tagged `[SkillName-8a2b]`.
  public var logger: SkillLogger { SkillLogger(name: skillName, id: runID, sink: environment.logSink) }

  /// The log tag of this run, such as `UploadSkill-8a2b`.
  public var tag: String { runID.tag(for: skillName) }

  /// Whether the run has been cancelled.
  public var isCancelled: Bool { Task.isCancelled }

  /// Sleeps on the injected clock.
  ///
  /// - Parameter duration: How long to sleep.
  /// - Throws: `CancellationError` when the run is cancelled while sleeping.
  public func sleep(for duration: Duration) async throws {
    try await AgentSkill.sleep(on: environment.clock, for: duration)
  }

  /// Throws `CancellationError` when the run has been cancelled.
  ///
  /// - Throws: `CancellationError`.
  public func checkCancellation() throws {
    try Task.checkCancellation()
  }
}
