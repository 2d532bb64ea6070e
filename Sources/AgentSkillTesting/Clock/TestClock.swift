import AgentSkill
import Foundation

/// A clock whose time moves only when a test says so.
///
/// Sleeps suspend until ``advance(by:)``, ``advance(to:)`` or ``run(limit:)``
/// moves time past their deadline; a sleep whose deadline has already passed
/// resumes at once; cancelling a sleeping task throws `CancellationError`.
///
/// ```swift
/// struct RetryingLoad: Skill {
///   func run(_ input: Void, context: SkillContext) async throws {
///     for _ in 1...3 { try await context.sleep(for: .seconds(1)) }  // three backoffs
///   }
/// }
///
/// @MainActor struct RetryingLoadTests {
///   @Test func backsOffOnTheTestClock() async {
///     let clock = TestClock()
///     let runner = SkillRunner(RetryingLoad(), environment: SkillEnvironment(clock: clock))
///     runner.perform(())
///     await clock.waitForSleepers(1)        // the first backoff started
///     await clock.advance(by: .seconds(1))  // it ends; no real time passes
///     await clock.run()                     // drain every remaining sleep
///     #expect(!clock.hasSleepers)
///   }
/// }
/// ```
public final class TestClock: Clock, Sendable {
  /// A point in test time: the duration since the clock was created.
  public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
    /// Time since the clock's start.
    public var offset: Duration

    /// Creates an instant.
    ///
    /// - Parameter offset: Time since the clock's start.
    public init(offset: Duration = .zero) { self.offset = offset }

    /// The instant `duration` later.
    ///
    /// - Parameter duration: How much later.
    /// - Returns: The later instant.
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

    /// The duration from this instant to `other`.
    ///
    /// - Parameter other: The later instant.
    /// - Returns: The difference.
    public func duration(to other: Instant) -> Duration { other.offset - offset }

    /// Orders instants by offset.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }

    /// The offset, such as `1.5 seconds`.
    public var description: String { "\(offset)" }
  }

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant()
    var nextID: UInt64 = 0
    var sleepers: [Sleeper] = []
    var cancelledBeforeRegistration: Set<UInt64> = []
    var sleeperWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    /// How many sleeps have ever been registered; lets `advance` notice a resumed task sleeping again.
    var registrations: UInt64 = 0
  }

  private let state = LockIsolated(State())

  /// Creates a clock at offset zero.
  public init() {}

  /// The current test time.
  public var now: Instant { state.value.now }

  /// Zero: test time has no granularity.
  public var minimumResolution: Duration { .zero }

  /// The number of tasks currently sleeping on this clock.
  public var sleeperCount: Int { state.value.sleepers.count }

  /// Whether any task is still sleeping on this clock.
  public var hasSleepers: Bool { sleeperCount > 0 }

  /// The deadlines of the current sleepers, earliest first.
  public var pendingDeadlines: [Instant] { state.value.sleepers.map(\.deadline).sorted() }

  /// Suspends until test time reaches `deadline`.
  ///
  /// - Parameters:
  ///   - deadline: When to resume.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError` when the sleeping task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = state.withValue { state -> UInt64 in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let resumeNow: (any Error)?? = state.withValue { state in
          if state.cancelledBeforeRegistration.remove(id) != nil { return .some(CancellationError()) }
          if deadline <= state.now { return .some(nil) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          state.registrations += 1
          self.resumeSatisfiedWaiters(&state)
          return .none
        }
        switch resumeNow {
        case .some(.some(let error)): continuation.resume(throwing: error)
        case .some(.none): continuation.resume()
        case .none: break
        }
      }
    } onCancel: {
      let cancelled = state.withValue { state -> Sleeper? in
        if let index = state.sleepers.firstIndex(where: { $0.id == id }) {
          return state.sleepers.remove(at: index)
        }
        state.cancelledBeforeRegistration.insert(id)
        return nil
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration`, resuming every sleeper whose deadline
  /// is reached, in deadline order, and letting each resumed task run before
  /// moving on (so a retry loop that sleeps again is resumed too when its new
  /// deadline falls within the window).
  ///
  /// Letting a resumed task run is best effort: the clock yields to the
  /// scheduler until the task sleeps again or a bounded number of rounds
  /// pass. Where a test must not depend on scheduling at all, step explicitly:
  /// `await clock.waitForSleepers(1)` before each `advance`.
  ///
  /// - Parameter duration: How far to move; negative durations do nothing.
  public func advance(by duration: Duration = .zero) async {
    await advance(to: now.advanced(by: max(duration, .zero)))
  }

  /// Moves time forward to `deadline`; see ``advance(by:)``.
  ///
  /// - Parameter deadline: The new time; an earlier instant leaves time unchanged.
  public func advance(to deadline: Instant) async {
    while true {
      let next = state.withValue { state -> Sleeper? in
        guard let index = state.sleepers.indices.min(by: { state.sleepers[$0].deadline < state.sleepers[$1].deadline }),
          state.sleepers[index].deadline <= deadline
        else {
          if deadline > state.now { state.now = deadline }
          return nil
        }
        let sleeper = state.sleepers.remove(at: index)
        if sleeper.deadline > state.now { state.now = sleeper.deadline }
        return sleeper
      }
      guard let next else { break }
      let registeredBefore = state.value.registrations
      next.continuation.resume()
      await letResumedTaskRun(registeredBefore: registeredBefore)
    }
    await yieldToOtherTasks()
  }

  /// Advances to each pending deadline in turn until no task sleeps on the
  /// clock, including sleeps started by resumed tasks.
  ///
  /// - Parameter limit: The most deadlines to pass before giving up, so a
  ///   task that sleeps forever in a loop cannot hang the test.
  /// - Returns: `true` when no sleepers remain.
  @discardableResult
  public func run(limit: Int = 10_000) async -> Bool {
    var passed = 0
    while passed < limit {
      await yieldToOtherTasks()
      guard let earliest = pendingDeadlines.first else { return true }
      await advance(to: earliest)
      passed += 1
    }
    return !hasSleepers
  }

  /// Suspends until at least `count` tasks sleep on the clock.
  ///
  /// Use it before ``advance(by:)`` to be sure the work under test reached
  /// its sleep, instead of guessing with yields.
  ///
  /// - Parameter count: How many sleepers to wait for.
  public func waitForSleepers(_ count: Int = 1) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withValue { state -> Bool in
        if state.sleepers.count >= count { return true }
        state.sleeperWaiters.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  private func resumeSatisfiedWaiters(_ state: inout State) {
    let count = state.sleepers.count
    var remaining: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    for waiter in state.sleeperWaiters {
      if waiter.count <= count { waiter.continuation.resume() } else { remaining.append(waiter) }
    }
    state.sleeperWaiters = remaining
  }

  /// Gives a task just resumed by the clock the chance to run until it
  /// sleeps again (so a loop's next deadline is seen within the same
  /// `advance`), or — when it does not sleep again — a bounded number of
  /// scheduler rounds to finish its work.
  private func letResumedTaskRun(registeredBefore: UInt64) async {
    for _ in 0..<200 {
      await yieldToOtherTasks(rounds: 1)
      if state.value.registrations != registeredBefore { break }
    }
  }

  /// Lets tasks woken by the clock run until they suspend again.
  private func yieldToOtherTasks(rounds: Int = 8) async {
    for _ in 0..<rounds {
      await Task.detached { await Task.yield() }.value
    }
  }
}
