#if canImport(os)
  import Foundation
  import os

  /// Writes log lines to Apple's unified logging system through `os.Logger`,
  /// so they appear in Xcode's console, Console.app and `log stream`.
  ///
  /// It is ``SkillEnvironment/defaultLogSink`` on Apple platforms: warnings
  /// such as an intent no skill handled reach Xcode's console without any
  /// configuration.
  ///
  /// - The subsystem is ``subsystem`` (the app's bundle identifier by
  ///   default); the category is the agent's or skill's name
  ///   (``LogEntry/source``), so Console.app can filter one agent.
  /// - Levels map as `os.Logger`'s own methods do: ``LogLevel/debug`` to
  ///   `.debug`, ``LogLevel/info`` to `.info`, ``LogLevel/warning`` and
  ///   ``LogLevel/error`` to `.error` (the line says which).
  /// - The tag and level are public; the message follows ``privacy``:
  ///   public in debug builds, `<private>` in release builds by default,
  ///   because messages may quote user values.
  /// - Lines below ``minimumLevel`` are not built: ``LogLevel/debug`` in
  ///   debug builds, ``LogLevel/warning`` in release builds by default.
  ///
  /// ```swift
  /// let sink = OSLogSink(subsystem: "com.example.mail", minimumLevel: .info)
  /// let agent = MessageAgent(context: MessageContext(), skills: [LoadMessagesSkill()], reduce: MessageReducer.reduce,
  ///                          environment: SkillEnvironment(logSink: sink))
  /// await agent.send(.load).finish()   // Console.app: subsystem com.example.mail, category Agent
  /// ```
  public struct OSLogSink: LogSink {
    /// The unified log subsystem every line is written to.
    package let subsystem: String
    /// Lines below this level are dropped before they are built.
    public let minimumLevel: LogLevel
    /// Whether messages are shown outside a debug session.
    package let privacy: LogPrivacy

    /// Creates the sink.
    ///
    /// - Parameters:
    ///   - subsystem: The unified log subsystem. Defaults to the main bundle's
    ///     identifier, or `AgentSkill` when it has none (a command-line tool, a test runner).
    ///   - minimumLevel: Lines below this level are dropped. Defaults to
    ///     ``LogLevel/standardMinimum``: debug in debug builds, warning in release builds.
    ///   - privacy: Whether messages are public. Defaults to
    ///     ``LogPrivacy/standard``: public in debug builds, private in release builds.
    public init(
      subsystem: String = Bundle.main.bundleIdentifier ?? "AgentSkill",
      minimumLevel: LogLevel = .standardMinimum,
      privacy: LogPrivacy = .standard
    ) {
      self.subsystem = subsystem
      self.minimumLevel = minimumLevel
      self.privacy = privacy
    }

    /// The main bundle's identifier, or `AgentSkill` when it has none
    /// (a command-line tool, a test runner).
    package static var defaultSubsystem: String { Bundle.main.bundleIdentifier ?? "AgentSkill" }

    /// The unified log type a level is written at.
    ///
    /// - Parameter level: The line's level.
    /// - Returns: `.debug`, `.info` or `.error`.
    package static func logType(for level: LogLevel) -> OSLogType {
      switch level {
      case .debug: .debug
      case .info: .info
      case .warning, .error: .error
      }
    }

    /// Writes `entry` to the unified log when its level is high enough.
    ///
    /// - Parameter entry: The line, already redacted.
    public func write(_ entry: LogEntry) {
      guard entry.level >= minimumLevel else { return }
      let logger = Logger(subsystem: subsystem, category: entry.source)
      let type = Self.logType(for: entry.level)
      let prefix =
        switch entry.level {
        case .debug, .info: "[\(entry.tag)]"
        case .warning, .error: "[\(entry.tag)] \(entry.level):"
        }
      // The privacy of an interpolation must be a constant, hence one call per case.
      switch privacy {
      case .public: logger.log(level: type, "\(prefix, privacy: .public) \(entry.message, privacy: .public)")
      case .private: logger.log(level: type, "\(prefix, privacy: .public) \(entry.message, privacy: .private)")
      }
    }
  }
#endif
