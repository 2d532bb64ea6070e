import AgentSkill

/// Why a list operation failed: the user-facing message, which operation
/// failed, after how many attempts, and the underlying error's description
/// for logs and bug reports.
///
/// Each failure is kept in one place: a first load or refresh in the
/// phase (``LoadPhase/failure(_:)``), the next page in
/// ``ListContext/loadMoreError``, a stream or a rolled-back send in
/// ``MessageListContext/error``.
///
/// ```swift
/// if let error = agent.loadMoreError {
///   Button(error.message) { agent.send(.loadMore) }   // "Couldn't load more. Tap to try again."
/// }
/// ```
///
/// It holds text only, so the context stays `Equatable` and `Codable`; the
/// detail has secrets redacted (``/AgentSkill/SecretRedactor``).
public struct ListError: Error, Hashable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// The operation that failed.
  public var operation: ListOperation
  /// The user-facing message, such as the fallback prompt after the last retry.
  public var message: String
  /// How many attempts were made.
  public var attempts: Int
  /// The underlying error's description, redacted; for logs, not for users.
  public var detail: String

  /// Creates an error value.
  ///
  /// - Parameters:
  ///   - operation: The operation that failed. Defaults to ``ListOperation/load``.
  ///   - message: The user-facing message.
  ///   - attempts: How many attempts were made. Defaults to 1.
  ///   - detail: The underlying error's description. Defaults to empty.
  public init(operation: ListOperation = .load, message: String, attempts: Int = 1, detail: String = "") {
    self.operation = operation
    self.message = message
    self.attempts = attempts
    self.detail = detail
  }

  /// A failed load with this user-facing message, so a phase of your own
  /// reads `.failure("You're offline.")`.
  ///
  /// - Parameter message: The user-facing message.
  public init(stringLiteral message: String) {
    self.init(message: message)
  }

  /// Describes `error` as the failure of `operation`: attempts and the last
  /// error are taken from a ``/AgentSkill/RetryExhaustedError``; the detail is redacted.
  ///
  /// - Parameters:
  ///   - operation: The operation that failed.
  ///   - message: The user-facing message.
  ///   - error: The error the operation threw.
  public init(operation: ListOperation, message: String, error: any Error) {
    if let exhausted = error as? RetryExhaustedError {
      self.init(
        operation: operation, message: message, attempts: exhausted.attempts,
        detail: describe(exhausted.underlying))
    } else {
      self.init(operation: operation, message: message, attempts: 1, detail: describe(error))
    }
  }

  /// `load failed after 3 attempts: The network connection was lost.`
  public var description: String {
    let times = attempts == 1 ? "1 attempt" : "\(attempts) attempts"
    return detail.isEmpty
      ? "\(operation.rawValue) failed after \(times)"
      : "\(operation.rawValue) failed after \(times): \(detail)"
  }
}

extension ListError: TimelineSizeEstimating {
  /// The estimated heap bytes of the message and detail, for the timeline's byte budget.
  public var estimatedHeapBytes: Int {
    TimelineSizeEstimate.heapBytes(of: message) + TimelineSizeEstimate.heapBytes(of: detail)
  }
}
