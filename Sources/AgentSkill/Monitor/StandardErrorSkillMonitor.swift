import Foundation

/// A monitor that writes one line per event to standard error.
///
/// ```
/// [UploadSkill-8a2b] started
/// [UploadSkill-8a2b] finished in 1.204 s
/// ```
///
/// Error descriptions pass through ``SecretRedactor`` first.
public struct StandardErrorSkillMonitor: SkillMonitor {
  /// Whether progress events are written (they can be frequent). Defaults to `false`.
  package var includesProgress: Bool

  /// Creates the monitor.
  ///
  /// - Parameter includesProgress: Whether progress events are written.
  public init(includesProgress: Bool = false) {
    self.includesProgress = includesProgress
  }

  /// Writes the event's line to standard error.
  ///
  /// - Parameter event: What happened.
  public func record(_ event: SkillEvent) {
    guard let line = Self.line(for: event, includesProgress: includesProgress) else { return }
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  /// The line written for `event`, or `nil` when the event is skipped.
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - includesProgress: Whether progress events produce a line.
  /// - Returns: The formatted line.
  static func line(for event: SkillEvent, includesProgress: Bool = false) -> String? {
    let tag = "[\(event.run.tag)]"
    switch event {
    case .started:
      return "\(tag) started"
    case .progressed(_, let fraction):
      guard includesProgress else { return nil }
      return "\(tag) progress \(Int((fraction * 100).rounded()))%"
    case .finished(_, let duration):
      return "\(tag) finished in \(duration.formattedSeconds)"
    case .failed(_, let error, let duration):
      return "\(tag) failed after \(duration.formattedSeconds): \(SecretRedactor.redact(String(describing: error)))"
    case .cancelled(_, let duration):
      return "\(tag) cancelled after \(duration.formattedSeconds)"
    }
  }
}

extension Duration {
  /// The duration in seconds with millisecond precision, such as `1.204 s`.
  var formattedSeconds: String {
    let milliseconds = Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    return String(format: "%.3f s", milliseconds / 1000)
  }
}
