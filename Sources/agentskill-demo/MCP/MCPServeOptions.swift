import Foundation

/// What `agentskill-demo mcp` was asked to do.
struct MCPServeOptions {
  /// `--data DIR`.
  var dataDirectory: String?
  /// `--now TIME`: a fixed "now", for reproducible runs.
  var now: Date?
  /// The time zone: the offset of `--now` when given, else the system's.
  var timeZone: TimeZone = .current
  /// `--trace`: write each protocol message to standard error.
  var trace = false
}
