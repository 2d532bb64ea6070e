import Foundation

/// A batch was given too few or too many items (see ``BatchLimits``).
///
/// Its ``description`` is the message configured in the limits, ready to
/// show to the user ("Select at least 1 item."). Not retryable: the same
/// selection fails the same way.
///
/// ```swift
/// if let error = upload.status.error as? BatchLimitError {
///   print(error.message)   // "Select at most 5 items.", ready for a toast
/// }
/// ```
public enum BatchLimitError: Error, Hashable, CustomStringConvertible, LocalizedError, RetryableError {
  /// `count` items is below `minimum`.
  case tooFew(count: Int, minimum: Int, message: String)
  /// `count` items is above `maximum`.
  case tooMany(count: Int, maximum: Int, message: String)

  /// The user-facing message from the limits.
  public var message: String {
    switch self {
    case .tooFew(_, _, let message), .tooMany(_, _, let message): message
    }
  }

  /// The number of items the batch was given.
  public var count: Int {
    switch self {
    case .tooFew(let count, _, _), .tooMany(let count, _, _): count
    }
  }

  /// The user-facing message.
  public var description: String { message }

  /// The user-facing message.
  public var errorDescription: String? { message }

  /// `false`: retrying the same selection fails the same way.
  public var isRetryable: Bool { false }
}
