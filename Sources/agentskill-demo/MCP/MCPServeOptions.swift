import Foundation

/// What `agentskill-demo mcp` was asked to do.
struct MCPServeOptions {
  /// `--data DIR`.
  var dataDirectory: String?
  /// `--now TIME`: a fixed "now", for reproducible runs.
  var now: Date?
  /// The time zone: the offset of `--now` when given, else the system's.
  var timeZone: TimeZone = .current
  /// `--trace`: write each protocol message to standard error (stdio only).
  var trace = false
  /// `--http PORT`: serve over Streamable HTTP on 127.0.0.1:PORT (0: a free port) instead of stdio.
  var httpPort: Int?
  /// `--token TOKEN` (with `--http`): the bearer token every HTTP request must carry.
  var bearerToken: String?
}
