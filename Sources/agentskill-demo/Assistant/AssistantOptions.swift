import Foundation

/// What the assistant was asked to do: the questions, where its data
/// lives, which model to use, and whether to confirm actions unasked.
struct AssistantOptions {
  /// `--ask` questions, in order; empty to read questions from standard input.
  var questions: [String] = []
  /// `--yes`: confirm actions (creating reminders) without asking.
  var autoConfirm = false
  /// `--data DIR`.
  var dataDirectory: String?
  /// `--now TIME`: a fixed "now", for reproducible runs.
  var now: Date?
  /// The time zone: the offset of `--now` when given, else the system's.
  var timeZone: TimeZone = .current
  /// `--timeline FILE`.
  var timelinePath: String?
  /// The model to ask.
  var model: ModelConfiguration = .offline
  /// `--timeout SECONDS`: the longest wait for a model server's whole answer.
  var timeoutSeconds = 60
  /// `--json TYPE`: generate a typed value (reminder, expense) from each question instead of chatting.
  var jsonType: String?
  /// `--mcp "COMMAND ARGS"`, in order: stdio MCP servers whose tools the assistant may use.
  var mcpServers: [MCPServerCommand] = []
  /// `--mcp-url URL`, in order: remote MCP servers (Streamable HTTP, OAuth when they ask) whose tools the
  /// assistant may use.
  var mcpURLs: [URL] = []

  /// Parses `--now 2026-03-06T10:00:00+08:00`, keeping its offset as the time zone.
  static func parseNow(_ text: String) throws(DemoUsageError) -> (Date, TimeZone) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let date = try? Date(trimmed, strategy: .iso8601) else {
      throw DemoUsageError(message: "--now needs an RFC 3339 time with an offset, e.g. 2026-03-06T10:00:00+08:00")
    }
    var zone = TimeZone(secondsFromGMT: 0) ?? .current
    if !trimmed.hasSuffix("Z"), !trimmed.hasSuffix("z"), trimmed.count >= 6 {
      let suffix = trimmed.suffix(6)
      let sign: Int = suffix.first == "-" ? -1 : 1
      let digits = suffix.dropFirst().split(separator: ":").compactMap { Int($0) }
      if suffix.first == "+" || suffix.first == "-", digits.count == 2,
        let offset = TimeZone(secondsFromGMT: sign * (digits[0] * 3600 + digits[1] * 60))
      {
        zone = offset
      }
    }
    return (date, zone)
  }
}
