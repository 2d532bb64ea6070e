/// A logger tagged with a run id, handed to skills through ``SkillContext``.
///
/// ```swift
/// context.logger.info("started")   // [UploadSkill-8a2b] started
/// ```
///
/// Messages pass through ``SecretRedactor`` before reaching the sink, so API
/// keys and `Authorization` headers never appear in logs. When the
/// environment has no sink, or the line is below the sink's
/// ``LogSink/minimumLevel``, the message is not even built.
public struct SkillLogger: Sendable {
  private enum TagSource: Sendable {
    case fixed(String)
    case run(name: String, id: SkillRunID)
  }

  private let tagSource: TagSource
  private let sink: (any LogSink)?

  /// Creates a logger.
  ///
  /// - Parameters:
  ///   - tag: The tag prefixed to each line.
  ///   - sink: Where lines go; `nil` discards them.
  package init(tag: String, sink: (any LogSink)?) {
    self.tagSource = .fixed(tag)
    self.sink = sink
  }

  /// Creates a logger tagged `name-id`, building the tag only when a line is written.
  ///
  /// - Parameters:
  ///   - name: The skill's or agent's name.
  ///   - id: The run's identifier.
  ///   - sink: Where lines go; `nil` discards them.
  package init(name: String, id: SkillRunID, sink: (any LogSink)?) {
    self.tagSource = .run(name: name, id: id)
    self.sink = sink
  }

  /// The tag prefixed to each line, such as `UploadSkill-8a2b`.
  public var tag: String {
    switch tagSource {
    case .fixed(let tag): tag
    case .run(let name, let id): id.tag(for: name)
    }
  }

  /// Logs `message` at `level`.
  ///
  /// - Parameters:
  ///   - level: How important the line is.
  ///   - message: The message, built only when a sink is installed and
  ///     `level` reaches its ``LogSink/minimumLevel``.
  public func log(_ level: LogLevel, _ message: @autoclosure () -> String) {
    guard let sink, level >= sink.minimumLevel else { return }
    sink.write(LogEntry(level: level, tag: tag, message: SecretRedactor.redact(message())))
  }

  /// Logs detail useful while debugging.
  ///
  /// - Parameter message: The message.
  public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }

  /// Logs normal progress.
  ///
  /// - Parameter message: The message.
  public func info(_ message: @autoclosure () -> String) { log(.info, message()) }

  /// Logs something unexpected that was handled.
  ///
  /// - Parameter message: The message.
  public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }

  /// Logs a failure.
  ///
  /// - Parameter message: The message.
  public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
}
