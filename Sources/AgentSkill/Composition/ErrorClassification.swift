import Foundation

/// Whether `error` ends a composed run as a cancellation rather than a
/// failure: it is a `CancellationError`, or the current task was cancelled
/// (a skill interrupted by cancellation may throw its own error type, such as
/// `URLError.cancelled`).
///
/// Composition never wraps, retries, routes or falls back on a cancellation.
package func isCancellation(_ error: any Error) -> Bool {
  error is CancellationError || Task.isCancelled
}

/// A one-line description of `error` for messages and logs: the
/// `LocalizedError` description when there is one, otherwise the error's own
/// description, with secrets redacted.
package func describe(_ error: any Error) -> String {
  let text: String
  if let localized = (error as? any LocalizedError)?.errorDescription {
    text = localized
  } else {
    text = String(describing: error)
  }
  return SecretRedactor.redact(text)
}
