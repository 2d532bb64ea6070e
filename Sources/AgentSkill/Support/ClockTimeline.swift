/// An injected clock seen as a timeline of durations since the moment the
/// timeline was created.
///
/// The autonomy types keep their timing state as plain `Duration`s (so their
/// state machines are pure and testable without a clock) and sleep until
/// absolute points on this timeline (so repeated sleeps never drift). It
/// opens the existential clock once, at creation.
package struct ClockTimeline: Sendable {
  private let currentTime: @Sendable () -> Duration
  private let sleepUntil: @Sendable (Duration, Duration?) async throws -> Void

  /// Starts a timeline at `clock.now`.
  package init(clock: any Clock<Duration>) {
    self = Self.open(clock)
  }

  private init(
    currentTime: @escaping @Sendable () -> Duration,
    sleepUntil: @escaping @Sendable (Duration, Duration?) async throws -> Void
  ) {
    self.currentTime = currentTime
    self.sleepUntil = sleepUntil
  }

  private static func open<C: Clock<Duration>>(_ clock: C) -> ClockTimeline {
    let origin = clock.now
    return ClockTimeline(
      currentTime: { origin.duration(to: clock.now) },
      sleepUntil: { time, tolerance in
        try await clock.sleep(until: origin.advanced(by: time), tolerance: tolerance)
      }
    )
  }

  /// The time elapsed on the clock since the timeline started.
  package var now: Duration { currentTime() }

  /// Sleeps on the clock until `time` on this timeline, passing `tolerance`
  /// to the clock; returns at once when `time` has passed.
  ///
  /// - Throws: `CancellationError` when the task is cancelled.
  package func sleep(until time: Duration, tolerance: Duration?) async throws {
    try await sleepUntil(time, tolerance)
  }
}
