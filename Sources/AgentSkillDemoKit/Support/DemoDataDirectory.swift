import Foundation

/// Where the demo keeps its ledger and reminders.
///
/// `--data DIR` wins; otherwise `$XDG_DATA_HOME/agentskill`, else
/// `~/.local/share/agentskill` on Linux and `~/Library/Application Support/agentskill` on macOS.
package enum DemoDataDirectory {
  /// The directory to use.
  ///
  /// - Parameters:
  ///   - override: The `--data` value, if given.
  ///   - environment: The process environment.
  /// - Returns: The directory (not created yet).
  package static func resolve(override: String?, environment: [String: String]) -> URL {
    if let override, !override.isEmpty {
      return URL(fileURLWithPath: (override as NSString).expandingTildeInPath, isDirectory: true)
    }
    if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty, xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("agentskill", isDirectory: true)
    }
    // NSHomeDirectory(), not FileManager's homeDirectoryForCurrentUser: that
    // is macOS-only, and the package builds for iOS, tvOS, watchOS, visionOS.
    let home =
      environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
      ?? URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true)
    #if os(macOS) || os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
      return home.appendingPathComponent("Library/Application Support/agentskill", isDirectory: true)
    #else
      return home.appendingPathComponent(".local/share/agentskill", isDirectory: true)
    #endif
  }
}
