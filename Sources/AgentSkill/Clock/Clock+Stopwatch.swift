extension Clock where Duration == Swift.Duration {
  /// Starts measuring now; the returned closure gives the time elapsed since.
  ///
  /// ```swift
  /// let clock = ContinuousClock()
  /// let elapsed = clock.stopwatch()
  /// try await clock.sleep(for: .milliseconds(10))
  /// print(elapsed())   // on this clock, so TestClock measures test time
  /// ```
  ///
  /// - Returns: A closure returning the elapsed duration on this clock.
  package func stopwatch() -> @Sendable () -> Swift.Duration {
    let start = now
    return { start.duration(to: self.now) }
  }
}

/// Sleeps on an existential clock (opening it, which the compiler cannot do
/// for the `sleep(for:)` extension directly).
package func sleep<C: Clock>(on clock: C, for duration: Duration) async throws where C.Duration == Duration {
  try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: nil)
}

/// A stopwatch on an existential clock.
package func stopwatch<C: Clock>(on clock: C) -> @Sendable () -> Duration where C.Duration == Duration {
  clock.stopwatch()
}
