/// An error that tells ``RetryPolicy`` whether trying again can help.
///
/// The default policy retries every error except cancellation and errors
/// that conform to this protocol with ``isRetryable`` `false`:
///
/// ```swift
/// enum UploadError: RetryableError {
///   case network, fileTooLarge
///   var isRetryable: Bool { self == .network }   // a too-large file stays too large
/// }
/// ```
public protocol RetryableError: Error {
  /// Whether running the skill again may succeed.
  var isRetryable: Bool { get }
}
