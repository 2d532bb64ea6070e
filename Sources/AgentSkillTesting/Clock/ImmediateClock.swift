import AgentSkill
import Foundation

/// A clock whose sleeps return at once, moving its time forward by the
/// requested amount.
///
/// Use it when a test does not care about timing, only that sleeps happen:
///
/// ```swift
/// struct RetryingLoad: Skill {
///   func run(_ input: Void, context: SkillContext) async throws {
///     for _ in 1...3 { try await context.sleep(for: .seconds(1)) }  // three backoffs
///   }
/// }
///
/// struct RetryingLoadTests {
///   @Test func backsOffThreeTimes() async throws {
///     let clock = ImmediateClock()
///     try await RetryingLoad().run((), environment: SkillEnvironment(clock: clock))
///     #expect(clock.now.offset == .seconds(3))  // slept at once, time moved on
///   }
/// }
/// ```
public final class ImmediateClock: Clock, Sendable {
  /// A point in immediate time: the total slept since creation.
  public typealias Instant = TestClock.Instant

  private let current = LockIsolated(TestClock.Instant())

  /// Creates a clock at offset zero.
  public init() {}

  /// The total time slept so far.
  public var now: Instant { current.value }

  /// Zero.
  public var minimumResolution: Duration { .zero }

  /// Returns at once after moving time to `deadline`.
  ///
  /// - Parameters:
  ///   - deadline: The instant to move to.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError` when the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withValue { if deadline > $0 { $0 = deadline } }
    await Task.yield()
    try Task.checkCancellation()
  }
}
