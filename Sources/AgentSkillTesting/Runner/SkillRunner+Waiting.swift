import AgentSkill
import Observation

extension SkillRunner {
  /// Suspends until the runner's status satisfies `predicate`, using the same
  /// Observation tracking SwiftUI uses (no polling, no sleeps).
  ///
  /// ```swift
  /// runner.perform(photos)
  /// await runner.waitForStatus { $0.progress == 1 }
  /// let status = await runner.waitUntilFinished()
  /// ```
  ///
  /// Give the test a time limit (`@Test(.timeLimit(.minutes(1)))`) so a
  /// status that never arrives fails instead of hanging.
  ///
  /// - Parameter predicate: The condition to wait for.
  /// - Returns: The first status that satisfies `predicate`.
  @discardableResult
  public func waitForStatus(_ predicate: (SkillStatus<S.Output>) -> Bool) async -> SkillStatus<S.Output> {
    while !predicate(status) {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        withObservationTracking {
          _ = self.status
        } onChange: {
          continuation.resume()
        }
      }
    }
    return status
  }

  /// Suspends until the current run finishes — succeeded, failed or cancelled.
  ///
  /// - Returns: The final status.
  @discardableResult
  public func waitUntilFinished() async -> SkillStatus<S.Output> {
    await waitForStatus { $0.isFinished }
  }
}
