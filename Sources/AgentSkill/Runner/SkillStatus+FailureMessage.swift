import Foundation

extension SkillStatus {
  /// The failed run's error as text to show the user, or `nil` unless the
  /// status is ``failed(error:)``.
  ///
  /// ```swift
  /// if let message = runner.status.failureMessage {
  ///   Text(message).foregroundStyle(.red)
  /// }
  /// ```
  ///
  /// The text is the error's `LocalizedError.errorDescription` when it has
  /// one, otherwise the localized description a Foundation error carries
  /// (`URLError`, `CocoaError`), otherwise its `description` — this
  /// library's errors describe what went wrong and how to fix it. Secrets
  /// are removed with ``SecretRedactor``.
  public var failureMessage: String? {
    error.map(Self.message(for:))
  }

  /// The text ``failureMessage`` shows for `error`.
  package static func message(for error: any Error) -> String {
    if let localized = (error as? any LocalizedError)?.errorDescription {
      return SecretRedactor.redact(localized)
    }
    if let described = (error as NSError).userInfo[NSLocalizedDescriptionKey] as? String {
      return SecretRedactor.redact(described)
    }
    return SecretRedactor.redact(String(describing: error))
  }
}
