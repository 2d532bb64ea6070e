import Testing

/// Suspends until `condition` holds, letting other tasks run meanwhile — for
/// state that has no completion signal of its own (a count inside the agent,
/// a flag that is not observable). Await a real signal instead where one
/// exists: a `Latch`, a `Recorder`, `clock.waitForSleepers(_:)`.
///
/// The wait is bounded: the condition normally holds after a few yields, so
/// after `limit` of real time (generous, for a loaded machine) it records an
/// issue saying what did not happen and returns `false`, rather than spinning
/// until the suite's time limit ends the test without an explanation.
///
/// The default is 90 seconds, not 30: these suites start while the demo's and
/// the MCP interoperability suites launch dozens of processes (the Python SDK
/// among them) on a 2-core machine, and under ThreadSanitizer most tests of
/// the process were measured finishing only 29–34 s after they started, in a
/// burst, while the work they waited for was still queued. Every suite's time
/// limit (5 minutes) stays well above it.
///
/// - Parameters:
///   - what: What the test waits for, for the failure message.
///   - limit: How long to keep checking. Defaults to 90 seconds.
///   - isolation: The caller's actor; `condition` runs there.
///   - sourceLocation: Where the failure is reported.
///   - condition: Checked after every yield.
/// - Returns: Whether the condition holds.
@discardableResult
func eventually(
  _ what: String,
  within limit: Duration = .seconds(90),
  isolation: isolated (any Actor)? = #isolation,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ condition: () -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: limit)
  while !condition() {
    guard clock.now < deadline else {
      Issue.record("Gave up after \(limit) waiting until \(what).", sourceLocation: sourceLocation)
      return false
    }
    await Task.yield()
  }
  return true
}
