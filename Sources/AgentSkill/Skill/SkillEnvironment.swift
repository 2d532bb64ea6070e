/// Everything a run needs from the outside world: a clock, dependency values,
/// an optional monitor and where log lines go.
///
/// Production code usually keeps the defaults; tests pass a `TestClock` and
/// mock dependencies so skills run instantly and deterministically.
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
  /// Receives the lines skills log through ``SkillContext/logger``; `nil` discards them.
  public var logSink: (any LogSink)?

  /// Creates an environment.
  ///
  /// - Parameters:
  ///   - clock: The clock to sleep and measure on. Defaults to `ContinuousClock`.
  ///   - dependencies: Dependency values. Defaults to every key's default.
  ///   - monitor: Run-event monitor. Defaults to none.
  ///   - logSink: Destination for log lines. Defaults to none.
  public init(
    clock: any Clock<Duration> = ContinuousClock(),
    dependencies: SkillDependencies = SkillDependencies(),
    monitor: (any SkillMonitor)? = nil,
    logSink: (any LogSink)? = nil
  ) {
    self.clock = clock
    self.dependencies = dependencies
    self.monitor = monitor
    self.logSink = logSink
  }
}
