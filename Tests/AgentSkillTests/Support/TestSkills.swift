import AgentSkill
import Foundation

/// An error with a readable message for tests.
struct TestFailure: Error, Equatable, CustomStringConvertible {
  let message: String
  var description: String { message }

  init(message: String) { self.message = message }
  init(_ message: String) { self.message = message }
}

/// Sleeps `delay` on the injected clock, then returns its input doubled or throws.
struct SleepingSkill: Skill {
  var delay: Duration = .seconds(1)
  var failure: TestFailure?

  func run(_ input: Int, context: SkillContext) async throws -> Int {
    try await context.sleep(for: delay)
    if let failure { throw failure }
    return input * 2
  }
}

/// Records which runs observed cancellation.
final class CancellationLog: Sendable {
  private let recorder = Recorder<Int>()
  var cancelledInputs: [Int] { recorder.values }
  func record(_ input: Int) { recorder.append(input) }
  /// Suspends until `count` runs have observed cancellation.
  func wait(forCancellations count: Int) async { await recorder.wait(forCount: count) }
}

/// Sleeps on the clock; when cancelled, records it and (optionally) returns anyway.
struct CancellationObservingSkill: Skill {
  let log: CancellationLog
  var ignoresCancellation = false

  func run(_ input: Int, context: SkillContext) async throws -> Int {
    do {
      try await context.sleep(for: .seconds(1))
    } catch {
      log.record(input)
      if !ignoresCancellation { throw error }
    }
    return input
  }
}
