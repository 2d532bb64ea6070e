import AgentSkill
import AgentSkillTesting

/// An error a test skill throws, identified by `id`.
struct StubError: Error, Equatable, CustomStringConvertible {
  let id: String
  init(_ id: String) { self.id = id }
  var description: String { "stub error \(id)" }
}

/// An error that says it must not be retried.
struct PermanentError: RetryableError, Equatable {
  var isRetryable: Bool { false }
}

/// Collects log lines.
final class LogRecorder: LogSink {
  let entries = LockIsolated<[LogEntry]>([])
  func write(_ entry: LogEntry) { entries.withValue { $0.append(entry) } }
  var messages: [String] { entries.value.map(\.message) }
}

/// Collects monitor events as `started:Name`, `finished:Name`, `failed:Name`, `cancelled:Name`.
final class EventRecorder: SkillMonitor {
  let events = LockIsolated<[String]>([])
  func record(_ event: SkillEvent) {
    let line: String? =
      switch event {
      case .started(let run): "started:\(run.skillName)"
      case .finished(let run, _): "finished:\(run.skillName)"
      case .failed(let run, _, _): "failed:\(run.skillName)"
      case .cancelled(let run, _): "cancelled:\(run.skillName)"
      case .progressed: nil
      }
    if let line { events.withValue { $0.append(line) } }
  }
}

/// A counter shared between a test and the skills it runs.
final class Counter: Sendable {
  private let storage = LockIsolated(0)
  var value: Int { storage.value }
  @discardableResult
  func increment() -> Int {
    storage.withValue {
      $0 += 1
      return $0
    }
  }
}

/// Records everything a context reports, for running a skill with a known context.
struct Harness {
  let clock: any Clock<Duration>
  let logs = LogRecorder()
  let monitor = EventRecorder()
  let progress = LockIsolated<[Double]>([])

  init(clock: any Clock<Duration> = ImmediateClock()) {
    self.clock = clock
  }

  var environment: SkillEnvironment {
    SkillEnvironment(clock: clock, monitor: monitor, logSink: logs)
  }

  func context(named name: String = "Root") -> SkillContext {
    let progress = self.progress
    return SkillContext(
      skillName: name, environment: environment,
      progress: { value in
        progress.withValue { $0.append(value) }
      })
  }

  func run<S: Skill>(_ skill: S, _ input: S.Input) async throws -> S.Output {
    try await skill.run(input, context: context(named: skill.name))
  }
}

/// A signal one task sends and another awaits; each `send` releases one `wait`.
///
/// `wait` ignores cancellation, so a skill awaiting it models work that does
/// not check for cancellation.
final class Signal: Sendable {
  private struct State {
    var pending = 0
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = LockIsolated(State())

  func send() {
    let waiter = state.withValue { state -> CheckedContinuation<Void, Never>? in
      guard !state.waiters.isEmpty else {
        state.pending += 1
        return nil
      }
      return state.waiters.removeFirst()
    }
    waiter?.resume()
  }

  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withValue { state -> Bool in
        if state.pending > 0 {
          state.pending -= 1
          return true
        }
        state.waiters.append(continuation)
        return false
      }
      if ready { continuation.resume() }
    }
  }
}

/// Compares progress values with a small tolerance for floating-point rounding.
func approximatelyEqual(_ lhs: [Double], _ rhs: [Double], tolerance: Double = 1e-9) -> Bool {
  lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { abs($0 - $1) <= tolerance }
}

/// A skill adding `amount` to its input, reporting progress 0.5 halfway.
func adding(_ amount: Int, name: String) -> ClosureSkill<Int, Int> {
  ClosureSkill(name) { value, context in
    context.reportProgress(0.5)
    return value + amount
  }
}

/// A skill that always throws `error`.
func failing<Input: Sendable, Output: Sendable>(
  _ error: any Error,
  name: String,
  as _: (Input, Output).Type = (Input, Output).self
) -> ClosureSkill<Input, Output> {
  ClosureSkill(name) { _, _ in throw error }
}
