/// What a running skill can use: progress reporting, the injected clock, a
/// logger tagged with the run id, cancellation checks and dependency values.
///
/// ```swift
/// func run(_ city: String, context: SkillContext) async throws -> String {
///   context.logger.info("forecast for \(city)")
///   try await context.sleep(for: .milliseconds(300))   // on the injected clock
///   try context.checkCancellation()
///   context.reportProgress(0.5)
///   return try await context.dependencies.weather.forecast(for: city)
/// }
/// ```
public struct SkillContext: SkillRunScope {
  /// What every context of one run shares — its id and environment — kept
  /// in one object so that scoping a context for a nested step copies a
  /// single reference instead of the whole environment.
  final class Shared: Sendable {
    let runID: SkillRunID
    let environment: SkillEnvironment

    init(runID: SkillRunID, environment: SkillEnvironment) {
      self.runID = runID
      self.environment = environment
    }
  }

  let shared: Shared
  /// The name of the skill being run.
  public let skillName: String
  /// Which attempt this is, from 1: ``Skill/retry(_:)`` runs its skill with 2, 3, … on each retry.
  ///
  /// ```swift
  /// struct FetchForecastSkill: Skill {
  ///   func run(_ city: String, context: SkillContext) async throws -> String {
  ///     if context.attempt > 1 { context.logger.info("attempt \(context.attempt)") }
  ///     return try await context.dependencies.weather.forecast(for: city)
  ///   }
  /// }
  /// ```
  public internal(set) var attempt = 1
  let progressHandler: (@Sendable (Double) -> Void)?

  /// Creates a context. Runners and agents create contexts for you; create
  /// one yourself only to call ``Skill/run(_:context:)`` directly in tests.
  ///
  /// - Parameters:
  ///   - skillName: The skill's name, used in the log tag.
  ///   - runID: The run's identifier. Defaults to a new one.
  ///   - environment: Clock, dependencies, monitor and log sink.
  ///   - progress: Receives every progress report, already clamped to 0…1.
  public init(
    skillName: String,
    runID: SkillRunID = SkillRunID(),
    environment: SkillEnvironment = SkillEnvironment(),
    progress: (@Sendable (Double) -> Void)? = nil
  ) {
    self.init(shared: Shared(runID: runID, environment: environment), skillName: skillName, progress: progress)
  }

  init(shared: Shared, skillName: String, progress: (@Sendable (Double) -> Void)?) {
    self.shared = shared
    self.skillName = skillName
    self.progressHandler = progress
  }

  /// The identifier of this run, used in the log tag.
  public var runID: SkillRunID { shared.runID }

  /// The environment the run was started with.
  public var environment: SkillEnvironment { shared.environment }

  /// Reports how much of the work is done.
  ///
  /// Values are clamped to 0…1; NaN is rejected (ignored and logged as a
  /// warning). A runner never shows progress going backwards within a run,
  /// so a lower value than the last one is ignored there.
  ///
  /// - Parameter fraction: The fraction done, from 0 to 1.
  public func reportProgress(_ fraction: Double) {
    guard !fraction.isNaN else {
      logger.warning("progress NaN rejected")
      return
    }
    let clamped = min(max(fraction, 0), 1)
    if let monitor = shared.environment.monitor {
      monitor.record(.progressed(SkillRunInfo(skillName: skillName, runID: shared.runID), clamped))
    }
    progressHandler?(clamped)
  }

  /// A context for a nested step whose progress maps into `range` of this
  /// context's progress.
  ///
  /// Composition uses it so that, for example, step 2 of 4 reports 0.25…0.5
  /// of the whole pipeline.
  ///
  /// - Parameters:
  ///   - range: The part of this context's progress the step covers.
  ///   - skillName: The step's name, used in its log tag. Defaults to this context's.
  /// - Returns: A context sharing this run's id and environment.
  public func scoped(progress range: ClosedRange<Double>, skillName: String? = nil) -> SkillContext {
    var scopedHandler: (@Sendable (Double) -> Void)?
    if let parent = progressHandler {
      let lower = range.lowerBound
      let width = range.upperBound - range.lowerBound
      scopedHandler = { fraction in parent(lower + fraction * width) }
    }
    var scoped = SkillContext(shared: shared, skillName: skillName ?? self.skillName, progress: scopedHandler)
    scoped.attempt = attempt
    return scoped
  }

  /// Runs `skill` with this context, reporting start, finish, failure and
  /// cancellation to the environment's monitor when one is installed.
  ///
  /// - Parameters:
  ///   - skill: The skill to run.
  ///   - input: Its input.
  /// - Returns: The skill's output.
  /// - Throws: Whatever the skill throws.
  @inline(__always)
  package func execute<S: Skill>(_ skill: S, _ input: S.Input) async throws -> S.Output {
    guard let monitor = shared.environment.monitor else {
      return try await skill.run(input, context: self)
    }
    return try await execute(skill, input, reportingTo: monitor)
  }

  /// ``execute(_:_:)`` with a monitor installed (kept out of line: the
  /// monitor's own cost dwarfs a generic call).
  package func execute<S: Skill>(_ skill: S, _ input: S.Input, reportingTo monitor: any SkillMonitor) async throws
    -> S.Output
  {
    let info = SkillRunInfo(skillName: skillName, runID: runID)
    let elapsed = stopwatch(on: environment.clock)
    monitor.record(.started(info))
    do {
      let output = try await skill.run(input, context: self)
      monitor.record(.finished(info, duration: elapsed()))
      return output
    } catch {
      if error is CancellationError || Task.isCancelled {
        monitor.record(.cancelled(info, duration: elapsed()))
      } else {
        monitor.record(.failed(info, error: error, duration: elapsed()))
      }
      throw error
    }
  }
}
