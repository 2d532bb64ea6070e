/// One request a provider answered during a model call: its HTTP status,
/// how long the answer took to arrive, and, when the request is retried
/// (429, 5xx, as the provider's ``/AgentSkill/RetryPolicy`` says), the wait
/// before the next one.
///
/// A ``ChatAgent`` reports each one as ``ChatEffect/modelAttempt(_:)``, so a
/// turn's timeline shows every request behind an answer, including the
/// retries a single ``LanguageModel/stream(_:)`` call hides.
public struct ProviderAttempt: Sendable, Hashable {
  /// 1 for the first request of a model call, 2 for its first retry, and so on.
  public var number: Int
  /// The HTTP status of the answer.
  public var status: Int
  /// From sending the request to the answer's head, on the provider's clock.
  public var duration: Duration
  /// The wait before the next attempt; `nil` when this one is not retried.
  public var waitBeforeRetry: Duration?
  /// The provider's error message (redacted), for an error status.
  public var message: String?

  /// Creates an attempt.
  ///
  /// - Parameters:
  ///   - number: 1 for the first request, 2 for the first retry, …
  ///   - status: The HTTP status.
  ///   - duration: From sending to the answer's head.
  ///   - waitBeforeRetry: The wait before the next attempt, if any.
  ///   - message: The provider's error message, if any.
  public init(number: Int, status: Int, duration: Duration, waitBeforeRetry: Duration? = nil, message: String? = nil) {
    self.number = number
    self.status = status
    self.duration = duration
    self.waitBeforeRetry = waitBeforeRetry
    self.message = message
  }
}

/// Where the providers of this module report their attempts: the chat turn
/// that makes a model call sets ``reporter`` for the call's task (and the tasks
/// it starts), so attempts reach the turn's effects without a public hook.
enum ProviderAttemptReporting {
  /// Receives the attempts. The closure sits in a struct because a task-local value of function type crashes
  /// optimized builds (Swift 6.3: `swift_task_localValuePush` dereferences a bad pointer).
  struct Reporter: Sendable {
    let report: @Sendable (ProviderAttempt) -> Void
  }

  @TaskLocal static var reporter: Reporter?
}
