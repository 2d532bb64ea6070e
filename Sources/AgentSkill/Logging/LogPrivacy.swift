/// Whether the unified log shows a line's message to someone reading the
/// log outside the app's debug session, or hides it as `<private>`.
///
/// `OSLogSink` logs the tag (the agent's or skill's name and run id) and
/// the level publicly, and the message with this privacy: messages are
/// written by the library and your skills and may quote user values (an
/// intent's text, a page's contents, an error's description).
///
/// ```swift
/// let privacy = LogPrivacy.standard(debugBuild: false)   // .private: release builds hide messages
/// ```
public enum LogPrivacy: Sendable, Hashable, CustomStringConvertible {
  /// The message is visible in Console.app and `log stream` (`privacy: .public`).
  case `public`
  /// The message reads `<private>` outside a debug session (`privacy: .private`).
  case `private`

  /// The privacy `OSLogSink` uses unless told otherwise:
  /// ``public`` in debug builds, ``private`` in release builds.
  public static var standard: LogPrivacy { standard(debugBuild: BuildConfiguration.isDebug) }

  /// The default privacy for a build configuration.
  ///
  /// - Parameter debugBuild: Whether the build sets `DEBUG`.
  /// - Returns: ``public`` for a debug build, ``private`` for a release build.
  package static func standard(debugBuild: Bool) -> LogPrivacy {
    debugBuild ? .public : .private
  }

  /// `public` or `private`.
  public var description: String {
    switch self {
    case .public: "public"
    case .private: "private"
    }
  }
}
