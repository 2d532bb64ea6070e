/// Everything a run needs from the outside world: a clock, dependency values,
/// an optional monitor and where log lines go.
///
/// Production code usually keeps the defaults; tests pass a `TestClock` and
/// mock dependencies so skills run instantly and deterministically.
///
/// Log lines go to ``defaultLogSink`` unless you pass another sink: on Apple
/// platforms the unified log (`OSLogSink`), so warnings reach Xcode's
/// console and Console.app without configuration; on Linux nowhere, so
/// terminal programs stay quiet (pass ``StandardErrorLogSink`` to see them).
///
/// ```swift
/// let clock = TestClock()
/// let load = LoadFeedSkill().retry(RetryPolicy(maxAttempts: 3, initialDelay: .seconds(1)))
/// let runner = SkillRunner(load, environment: SkillEnvironment(clock: clock))   // retries wait on test time
/// ```
public struct SkillEnvironment: Sendable {
  /// The clock skills sleep on, time out on and measure durations with.
  public var clock: any Clock<Duration>
  /// Typed dependency values skills read through their context.
  public var dependencies: SkillDependencies
  /// Receives start, progress, finish, failure and cancellation events; `nil` costs nothing.
  public var monitor: (any SkillMonitor)?
  /// Receives the lines skills, runners and agents log; `nil` discards them.
  public var logSink: (any LogSink)?

  /// The sink an environment gets unless you pass one: an `OSLogSink`
  /// (subsystem: the app's bundle identifier; category: the agent's or
  /// skill's name; messages public in debug builds only; debug lines in
  /// debug builds, warnings and errors in release builds) on Apple
  /// platforms, `nil` on Linux.
  public static let defaultLogSink: (any LogSink)? = {
    #if canImport(os)
      OSLogSink()
    #else
      nil
    #endif
  }()

  /// Creates an environment.
  ///
  /// - Parameters:
  ///   - clock: The clock to sleep and measure on. Defaults to `ContinuousClock`.
  ///   - dependencies: Dependency values. Defaults to every key's default.
  ///   - monitor: Run-event monitor. Defaults to none.
  ///   - logSink: Destination for log lines. Defaults to ``defaultLogSink``:
  ///     the unified log on Apple platforms, none on Linux.
  public init(
    clock: any Clock<Duration> = ContinuousClock(),
    dependencies: SkillDependencies = SkillDependencies(),
    monitor: (any SkillMonitor)? = nil,
    logSink: (any LogSink)? = SkillEnvironment.defaultLogSink
  ) {
    self.clock = clock
    self.dependencies = dependencies
    self.monitor = monitor
    self.logSink = logSink
  }
}
