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

  /// The lowest level `OSLogSink` writes unless told otherwise:
  /// ``debug`` in debug builds, ``warning`` in release builds (so release
  /// builds pay for building a message only when something went wrong).
  public static var standardMinimum: LogLevel { standardMinimum(debugBuild: BuildConfiguration.isDebug) }

  /// The default lowest level for a build configuration.
  ///
  /// - Parameter debugBuild: Whether the build sets `DEBUG`.
  /// - Returns: ``debug`` for a debug build, ``warning`` for a release build.
  package static func standardMinimum(debugBuild: Bool) -> LogLevel {
    debugBuild ? .debug : .warning
  }

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

  /// Who logged it without the run id: `UploadSkill` for the tag
  /// `UploadSkill-8a2b`, the whole tag when it does not end in a short run
  /// id. `OSLogSink` uses it as the log category.
  public var source: String {
    guard let dash = tag.lastIndex(of: "-"), dash > tag.startIndex else { return tag }
    let suffix = tag[tag.index(after: dash)...]
    guard suffix.count == 4, suffix.allSatisfy(\.isHexDigit) else { return tag }
    return String(tag[..<dash])
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
/// ``SkillEnvironment/defaultLogSink`` is the sink an environment gets
/// unless you pass another: `OSLogSink` on Apple platforms, none on Linux.
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
  /// Lines below this level are not even built: ``SkillLogger`` checks it
  /// before it formats and redacts a message. Defaults to ``LogLevel/debug``.
  var minimumLevel: LogLevel { get }

  /// Receives one line; called on whatever task logged it.
  ///
  /// - Parameter entry: The line, already redacted.
  func write(_ entry: LogEntry)
}

extension LogSink {
  /// Every line reaches the sink.
  public var minimumLevel: LogLevel { .debug }
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
