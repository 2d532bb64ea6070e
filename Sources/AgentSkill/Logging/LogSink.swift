import Foundation

/// How important a log line is.
public enum LogLevel: Int, Sendable, Comparable, CustomStringConvertible {
  /// Detail useful while debugging.
  case debug
  /// Normal progress.
  case info
  /// Something unexpected that the library handled.
  case warning
  /// A failure.
  case error

  /// Orders levels from ``debug`` to ``error``.
  public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The level's lowercase name.
  public var description: String {
    switch self {
    case .debug: "debug"
    case .info: "info"
    case .warning: "warning"
    case .error: "error"
    }
  }
}

/// One line logged by a skill, agent or runner.
public struct LogEntry: Sendable, Hashable {
  /// How important the line is.
  public let level: LogLevel
  /// Who logged it, such as `UploadSkill-8a2b`.
  public let tag: String
  /// The message, with secrets already redacted.
  public let message: String

  /// Creates an entry.
  ///
  /// - Parameters:
  ///   - level: How important the line is.
  ///   - tag: Who logged it.
  ///   - message: The message.
  public init(level: LogLevel, tag: String, message: String) {
    self.level = level
    self.tag = tag
    self.message = message
  }

  /// The line as printed: `[UploadSkill-8a2b] started`, with a level prefix
  /// for warnings and errors.
  public var formatted: String {
    switch level {
    case .debug, .info: "[\(tag)] \(message)"
    case .warning, .error: "[\(tag)] \(level): \(message)"
    }
  }
}

/// Where log lines go.
///
/// ```swift
/// struct PrintLogSink: LogSink {
///   func write(_ entry: LogEntry) { print(entry.formatted) }
/// }
///
/// func debugEnvironment() -> SkillEnvironment {
///   SkillEnvironment(logSink: PrintLogSink())
/// }
/// ```
public protocol LogSink: Sendable {
  /// Receives one line; called on whatever task logged it.
  ///
  /// - Parameter entry: The line, already redacted.
  func write(_ entry: LogEntry)
}

/// Writes log lines to standard error.
public struct StandardErrorLogSink: LogSink {
  /// Lines below this level are dropped.
  public var minimumLevel: LogLevel

  /// Creates the sink.
  ///
  /// - Parameter minimumLevel: Lines below this level are dropped. Defaults to ``LogLevel/info``.
  public init(minimumLevel: LogLevel = .info) {
    self.minimumLevel = minimumLevel
  }

  /// Writes `entry` to standard error when its level is high enough.
  ///
  /// - Parameter entry: The line.
  public func write(_ entry: LogEntry) {
    guard entry.level >= minimumLevel else { return }
    FileHandle.standardError.write(Data((entry.formatted + "\n").utf8))
  }
}
