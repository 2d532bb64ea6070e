import AgentSkillLLM
import Foundation

/// What a tool message says, read from the texts ``/AgentSkillLLM/ToolSkillError`` and
/// ``/AgentSkillLLM/SkillRegistryError`` produce (and the plain summaries of successful runs).
enum ToolResultReading: Sendable, Hashable {
  /// One problem with the arguments: `/city` and `"纽约" is not supported; supported: 北京, 上海`.
  struct Violation: Sendable, Hashable {
    let path: String
    let message: String

    /// The rejected value and the accepted ones, for `allowedValues` and `enum` messages.
    var rejection: (rejected: String?, supported: [String])? {
      if let marker = message.range(of: "is not supported; supported: ") {
        let rejected = Self.unquote(String(message[..<marker.lowerBound]).trimmingCharacters(in: .whitespaces))
        var list = String(message[marker.upperBound...])
        if let more = list.range(of: ", … (") { list = String(list[..<more.lowerBound]) }
        let supported = list.components(separatedBy: ", ").map { $0.trimmingCharacters(in: .whitespaces) }
        return (rejected, supported.filter { !$0.isEmpty })
      }
      if let marker = message.range(of: "must be one of ") {
        let list = String(message[marker.upperBound...])
        guard let values = try? JSONValue(parsing: "[" + list + "]"), let array = values.arrayValue else { return nil }
        return (nil, array.compactMap(\.stringValue))
      }
      return nil
    }

    /// The top-level member the violation is about (`/city` → `city`), when it is one.
    var memberName: String? {
      let parts = path.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, parts[0].isEmpty else { return nil }
      return String(parts[1]).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    private static func unquote(_ text: String) -> String? {
      guard let value = try? JSONValue(parsing: text), let string = value.stringValue else { return nil }
      return string
    }
  }

  /// The skill ran: its summary.
  case success(String)
  /// The arguments were rejected.
  case invalidArguments([Violation])
  /// The skill ran and failed: the reason.
  case failed(String)
  /// The user declined to run it.
  case declined
  /// The tool could not be called (unknown, not permitted, turned off): the message.
  case unavailable(String)

  init(_ content: String) {
    let text = content.trimmingCharacters(in: .whitespacesAndNewlines)
    let lower = text.lowercased()
    if text.hasPrefix("The arguments for tool \"") {
      var violations: [Violation] = []
      for line in text.split(separator: "\n") where line.hasPrefix("- ") {
        let body = line.dropFirst(2)
        if let colon = body.range(of: ": ") {
          violations.append(
            Violation(path: String(body[..<colon.lowerBound]), message: String(body[colon.upperBound...])))
        }
      }
      if violations.isEmpty, let fit = text.range(of: "do not fit its input: ") {
        var rest = String(text[fit.upperBound...])
        if let end = rest.range(of: ". Fix the argument") { rest = String(rest[..<end.lowerBound]) }
        let path = rest.split(separator: " ").first.map(String.init) ?? ""
        violations.append(
          Violation(path: path, message: String(rest.dropFirst(path.count)).trimmingCharacters(in: .whitespaces)))
      }
      self = .invalidArguments(violations)
    } else if text.hasPrefix("The tool \""), let failed = text.range(of: "\" failed: ") {
      var reason = String(text[failed.upperBound...])
      if let end = reason.range(of: ". Tell the user") { reason = String(reason[..<end.lowerBound]) }
      self = .failed(reason)
    } else if Self.declineMarkers.contains(where: { lower.contains($0) }) {
      self = .declined
    } else if text.hasPrefix("The tool \"") || text.hasPrefix("No tool") || text.hasPrefix("There is no tool")
      || lower.hasPrefix("unknown tool") || lower.hasPrefix("error:")
    {
      self = .unavailable(text)
    } else {
      self = .success(text)
    }
  }

  private static let declineMarkers = [
    "user declined", "declined to run", "declined the", "user denied", "did not confirm", "not confirmed",
    "user cancelled", "user canceled", "用户拒绝", "用户取消", "未确认",
  ]
}
