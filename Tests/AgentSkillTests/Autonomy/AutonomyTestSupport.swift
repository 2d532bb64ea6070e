import AgentSkill
import AgentSkillAutonomy
import AgentSkillTesting

/// Collects values produced by concurrent code; tests await a condition on
/// them instead of guessing with yields.
final class Recorder<Element: Sendable>: Sendable {
  private struct Waiter {
    let isSatisfied: @Sendable ([Element]) -> Bool
    let continuation: CheckedContinuation<Void, Never>
  }

  private struct State {
    var values: [Element] = []
    var waiters: [Waiter] = []
  }

  private let state = LockIsolated(State())

  var values: [Element] { state.value.values }
  var count: Int { state.value.values.count }

  func append(_ value: Element) {
    let ready = state.withValue { state -> [CheckedContinuation<Void, Never>] in
      state.values.append(value)
      var ready: [CheckedContinuation<Void, Never>] = []
      state.waiters.removeAll { waiter in
        guard waiter.isSatisfied(state.values) else { return false }
        ready.append(waiter.continuation)
        return true
      }
      return ready
    }
    for continuation in ready { continuation.resume() }
  }

  /// Suspends until `isSatisfied` holds for the recorded values.
  func wait(until isSatisfied: @escaping @Sendable ([Element]) -> Bool) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let satisfied = state.withValue { state -> Bool in
        if isSatisfied(state.values) { return true }
        state.waiters.append(Waiter(isSatisfied: isSatisfied, continuation: continuation))
        return false
      }
      if satisfied { continuation.resume() }
    }
  }

  /// Suspends until at least `count` values were recorded.
  func wait(forCount count: Int) async {
    await wait { $0.count >= count }
  }
}

/// A gate that work waits on until the test opens it.
final class Gate: Sendable {
  private struct State {
    var isOpen = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = LockIsolated(State())
  /// How many waits have started, for tests that need to know the work reached the gate.
  let arrivals = Recorder<Int>()

  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let open = state.withValue { state -> Bool in
        if state.isOpen { return true }
        state.waiters.append(continuation)
        return false
      }
      if open { continuation.resume() }
      arrivals.append(arrivals.count + 1)
    }
  }

  func open() {
    let waiters = state.withValue { state -> [CheckedContinuation<Void, Never>] in
      state.isOpen = true
      defer { state.waiters.removeAll() }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}

/// A clock that forwards to a `TestClock` and records the tolerance of
/// every sleep.
struct ToleranceRecordingClock: Clock {
  typealias Instant = TestClock.Instant
  let base: TestClock
  let tolerances = Recorder<Duration?>()

  var now: Instant { base.now }
  var minimumResolution: Duration { base.minimumResolution }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    tolerances.append(tolerance)
    try await base.sleep(until: deadline, tolerance: tolerance)
  }
}

/// A log sink that keeps every line.
final class LineSink: LogSink {
  let entries = Recorder<LogEntry>()
  func write(_ entry: LogEntry) { entries.append(entry) }
}

/// A monitor that keeps every event.
final class EventMonitor: SkillMonitor {
  let events = Recorder<SkillEvent>()
  func record(_ event: SkillEvent) { events.append(event) }
}

extension TestClock {
  /// The current test time as a duration since the clock's start.
  var offset: Duration { now.offset }
}

extension PollerEvent {
  /// Whether the event ends its tick: a skip or the end of a run.
  var isOutcome: Bool {
    if case .started = self { return false }
    return true
  }

  /// A short, comparable label: `skipped`, `started`, `succeeded`, `failed`, `cancelled`.
  var label: String {
    switch self {
    case .skipped: "skipped"
    case .started: "started"
    case .succeeded: "succeeded"
    case .failed: "failed"
    case .cancelled: "cancelled"
    }
  }

  /// The skip reason, if the tick was skipped.
  var skipReason: PollerSkipReason? {
    if case .skipped(_, let reason) = self { return reason }
    return nil
  }
}

extension Recorder where Element == PollerEvent {
  /// Waits for the skip or run result of `tick` and returns it.
  func outcome(ofTick tick: Int) async -> PollerEvent? {
    await wait { events in events.contains { $0.tick == tick && $0.isOutcome } }
    return values.first { $0.tick == tick && $0.isOutcome }
  }
}
