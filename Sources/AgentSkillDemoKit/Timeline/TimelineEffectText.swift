import Foundation

/// Short, readable texts for the timeline page from the effect and error
/// descriptions an exported timeline holds (`String(describing:)` of the
/// values, such as `appendMessage(AgentSkillLLM.ChatAgentMessage(id: 1.1, …))`):
/// a one-line summary for the table, and the whole value without module
/// prefixes, `Optional(…)` wrappers and empty fields for the expansion.
package enum TimelineEffectText {
  /// The most characters a summary shows.
  package static let summaryLength = 120

  /// A one-line summary of `description`, such as `assistant 1.3: “北京今天多云…”`
  /// or `weather (天气查询) succeeded in 4.00 ms`.
  package static func summary(of description: String) -> String {
    let value = readable(description)
    let (name, arguments) = split(value)
    let summary: String
    switch name {
    case "transition":
      summary = "phase → \(arguments)"
    case "turnStarted":
      summary = "turn \(field("turn", in: arguments) ?? "?") started: \(quoted(field("text", in: arguments)))"
    case "toolsOffered":
      summary = "tools offered: \(field("tools", in: arguments) ?? "[]")"
    case "appendMessage":
      let role = field("role", in: arguments).map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 } ?? "message"
      let id = field("id", in: arguments) ?? "?"
      let calls = names(in: arguments)
      var text = "\(role) \(id)"
      if let words = field("text", in: arguments), words != "\"\"" { text += ": \(quoted(words))" }
      if !calls.isEmpty { text += " · calls \(calls.joined(separator: ", "))" }
      if arguments.contains("isStreaming: true") { text += " · streaming" }
      summary = text
    case "appendText":
      let parts = topLevel(arguments)
      summary = "text \(parts.first ?? "?") += \(quoted(parts.dropFirst().first))"
    case "finishMessage":
      let parts = topLevel(arguments)
      let calls = names(in: arguments)
      var text = "answer \(parts.first ?? "?") finished"
      if let words = field("text", in: arguments), words != "\"\"" { text += ": \(quoted(words))" }
      if !calls.isEmpty { text += " · calls \(calls.joined(separator: ", "))" }
      summary = text
    case "updateCall", "callFinished":
      let tool = field("skillID", in: arguments) ?? field("name", in: arguments) ?? "?"
      let display = field("displayName", in: arguments)
      var text = unquote(tool)
      if let display, unquote(display) != unquote(tool) { text += " (\(unquote(display)))" }
      if let status = field("status", in: arguments) {
        text += " \(status.hasPrefix(".") ? String(status.dropFirst()) : status)"
      }
      if let duration = field("duration", in: arguments), let seconds = seconds(in: duration) {
        text += " in \(TimelineHTML.milliseconds(seconds * 1000))"
      }
      if let error = field("error", in: arguments) { text += ": \(quoted(error))" }
      summary = text
    case "modelAttempt":
      summary = attemptSummary(arguments)
    case "modelRequest":
      summary = "model request" + (arguments.contains("usage: nil") || arguments.isEmpty ? "" : " · \(arguments)")
    case "turnFailed":
      summary = "turn failed: \(errorText(in: arguments))"
    case "interrupted":
      summary = "turn cancelled"
    default:
      summary = value
    }
    return shortened(summary)
  }

  /// The text of an error description: the quoted message it carries
  /// (`provider(message: "HTTP 401: bad key")` → `HTTP 401: bad key`), else the readable value.
  package static func errorText(in description: String) -> String {
    let value = readable(description)
    if let message = field("message", in: value) { return unquote(message) }
    if let reason = field("reason", in: value) { return unquote(reason) }
    return value
  }

  /// `description` without module and type prefixes (`AgentSkillLLM.ChatAgentMessage.Role.assistant`
  /// → `.assistant`), `Optional(…)` wrappers, `nil`, empty and `false` fields, and with durations
  /// as Swift prints them left alone. Quoted text is kept as it is.
  package static func readable(_ description: String) -> String {
    let unwrapped = removingOptionals(strippingQualifiers(description))
    return removingEmptyFields(unwrapped)
  }

  // MARK: Attempts

  private static func attemptSummary(_ arguments: String) -> String {
    let number = field("number", in: arguments) ?? "?"
    let status = field("status", in: arguments) ?? "?"
    var text = "attempt \(number): HTTP \(status)"
    if let duration = field("duration", in: arguments), let seconds = seconds(in: duration) {
      text += " after \(TimelineHTML.milliseconds(seconds * 1000))"
    }
    if let wait = field("waitBeforeRetry", in: arguments), let seconds = seconds(in: wait) {
      text += " · retry in \(TimelineHTML.milliseconds(seconds * 1000))"
    }
    if let message = field("message", in: arguments) { text += ": \(quoted(message))" }
    return text
  }

  // MARK: Reading descriptions

  /// `name(arguments)` → (`name`, `arguments`); a bare case → (`name`, "").
  static func split(_ value: String) -> (String, String) {
    guard let open = value.firstIndex(of: "("), value.hasSuffix(")") else { return (value, "") }
    let name = String(value[..<open])
    guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return (value, "") }
    return (name, String(value[value.index(after: open)..<value.index(before: value.endIndex)]))
  }

  /// The value of the first `label: value` in `text` (at any depth), up to the
  /// comma or bracket that ends it outside quotes and brackets.
  static func field(_ label: String, in text: String) -> String? {
    var search = text.startIndex
    while let range = text.range(of: "\(label): ", range: search..<text.endIndex) {
      search = range.upperBound
      if range.lowerBound > text.startIndex {
        let before = text[text.index(before: range.lowerBound)]
        guard before == " " || before == "(" || before == "[" else { continue }
      }
      guard !isInsideQuotes(text, at: range.lowerBound) else { continue }
      return String(value(in: text[range.upperBound...]))
    }
    return nil
  }

  /// The comma-separated parts of `arguments` at the top level.
  static func topLevel(_ arguments: String) -> [String] {
    var parts: [String] = []
    var rest = Substring(arguments)
    while !rest.isEmpty {
      let part = value(in: rest)
      parts.append(String(part))
      rest = rest[part.endIndex...]
      if rest.hasPrefix(", ") { rest = rest.dropFirst(2) } else { break }
    }
    return parts
  }

  /// Tool names in `name: "…"` fields.
  private static func names(in text: String) -> [String] {
    var names: [String] = []
    var search = text.startIndex
    while let range = text.range(of: " name: \"", range: search..<text.endIndex) {
      let rest = text[range.upperBound...]
      guard let end = rest.firstIndex(of: "\"") else { break }
      names.append(String(rest[..<end]))
      search = end
    }
    return names
  }

  /// The prefix of `text` that is one value: up to a top-level `,` or a closing bracket.
  private static func value(in text: Substring) -> Substring {
    var depth = 0
    var inQuotes = false
    var escaped = false
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if inQuotes {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inQuotes = false
        }
      } else {
        switch character {
        case "\"": inQuotes = true
        case "(", "[", "{": depth += 1
        case ")", "]", "}":
          if depth == 0 { return text[..<index] }
          depth -= 1
        case ",":
          if depth == 0 { return text[..<index] }
        default: break
        }
      }
      index = text.index(after: index)
    }
    return text[...]
  }

  private static func isInsideQuotes(_ text: String, at position: String.Index) -> Bool {
    var inQuotes = false
    var escaped = false
    for character in text[..<position] {
      if inQuotes {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inQuotes = false
        }
      } else if character == "\"" {
        inQuotes = true
      }
    }
    return inQuotes
  }

  /// `0.004 seconds` → 0.004; `2.0 seconds`; `4 seconds`.
  static func seconds(in text: String) -> Double? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard trimmed.hasSuffix(" seconds") else { return nil }
    return Double(trimmed.dropLast(" seconds".count))
  }

  private static func unquote(_ text: String) -> String {
    guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return text }
    return String(text.dropFirst().dropLast())
      .replacingOccurrences(of: "\\\"", with: "\"")
      .replacingOccurrences(of: "\\n", with: " ")
      .replacingOccurrences(of: "\\\\", with: "\\")
  }

  /// `“text”`, shortened.
  private static func quoted(_ text: String?) -> String {
    guard let text else { return "“”" }
    let words = unquote(text)
    return "“\(words.count > 60 ? words.prefix(59) + "…" : Substring(words))”"
  }

  private static func shortened(_ text: String) -> String {
    let line = text.replacingOccurrences(of: "\n", with: " ")
    guard line.count > summaryLength else { return line }
    return String(line.prefix(summaryLength - 1)) + "…"
  }

  // MARK: Cleaning

  /// Replaces dotted names that start with a type (`AgentSkillLLM.ChatToolCall`,
  /// `AgentSkillLLM.ChatToolCall.Status.succeeded`) by their last part (`ChatToolCall`,
  /// `.succeeded`), outside quotes.
  private static func strippingQualifiers(_ text: String) -> String {
    var output = ""
    output.reserveCapacity(text.count)
    var inQuotes = false
    var escaped = false
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if inQuotes {
        output.append(character)
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inQuotes = false
        }
        index = text.index(after: index)
        continue
      }
      if character == "\"" {
        inQuotes = true
        output.append(character)
        index = text.index(after: index)
        continue
      }
      let startsWord = character.isLetter || character == "_"
      let afterWordCharacter = output.last.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } ?? false
      if startsWord && !afterWordCharacter {
        var end = index
        var components: [Substring] = []
        var componentStart = index
        while end < text.endIndex {
          let current = text[end]
          if current.isLetter || current.isNumber || current == "_" {
            end = text.index(after: end)
          } else if current == ".", end > componentStart {
            let next = text.index(after: end)
            guard next < text.endIndex, text[next].isLetter || text[next] == "_" else { break }
            components.append(text[componentStart..<end])
            componentStart = next
            end = next
          } else {
            break
          }
        }
        components.append(text[componentStart..<end])
        if components.count > 1, components[0].first?.isUppercase == true {
          let last = components[components.count - 1]
          output += (last.first?.isUppercase == true ? "" : ".") + last
        } else {
          output += text[index..<end]
        }
        index = end
        continue
      }
      output.append(character)
      index = text.index(after: index)
    }
    return output
  }

  /// `Optional(x)` → `x`, outside quotes.
  private static func removingOptionals(_ text: String) -> String {
    var output = ""
    var inQuotes = false
    var escaped = false
    var depths: [Int] = []  // the bracket depths at which an Optional( was removed
    var depth = 0
    var index = text.startIndex
    let marker = "Optional("
    while index < text.endIndex {
      let character = text[index]
      if inQuotes {
        output.append(character)
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inQuotes = false
        }
      } else if text[index...].hasPrefix(marker)
        && !(output.last.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } ?? false)
      {
        depth += 1
        depths.append(depth)
        index = text.index(index, offsetBy: marker.count)
        continue
      } else {
        switch character {
        case "\"":
          inQuotes = true
          output.append(character)
        case "(", "[", "{":
          depth += 1
          output.append(character)
        case ")", "]", "}":
          if depths.last == depth {
            depths.removeLast()
          } else {
            output.append(character)
          }
          depth -= 1
        default:
          output.append(character)
        }
      }
      index = text.index(after: index)
    }
    return output
  }

  /// Drops `label: nil`, `label: []`, `label: [:]` and `label: false` fields, outside quotes.
  private static func removingEmptyFields(_ text: String) -> String {
    var result = text
    for empty in ["nil", "[]", "[:]", "false"] {
      var search = result.startIndex
      while let range = result.range(of: ": \(empty)", range: search..<result.endIndex) {
        let after = range.upperBound
        guard after == result.endIndex || result[after] == "," || result[after] == ")" else {
          search = range.upperBound
          continue
        }
        guard !isInsideQuotes(result, at: range.lowerBound) else {
          search = range.upperBound
          continue
        }
        // Walk back over the label.
        var labelStart = range.lowerBound
        while labelStart > result.startIndex {
          let previous = result.index(before: labelStart)
          guard result[previous].isLetter || result[previous].isNumber || result[previous] == "_" else { break }
          labelStart = previous
        }
        guard labelStart < range.lowerBound else {
          search = range.upperBound
          continue
        }
        var removeStart = labelStart
        var removeEnd = after
        if removeStart >= result.index(result.startIndex, offsetBy: 2, limitedBy: result.endIndex) ?? result.endIndex,
          result[result.index(removeStart, offsetBy: -2)..<removeStart] == ", "
        {
          removeStart = result.index(removeStart, offsetBy: -2)
        } else if removeEnd < result.endIndex, result[removeEnd...].hasPrefix(", ") {
          removeEnd = result.index(removeEnd, offsetBy: 2)
        }
        let offset = result.distance(from: result.startIndex, to: removeStart)
        result.removeSubrange(removeStart..<removeEnd)
        search = result.index(result.startIndex, offsetBy: offset)
      }
    }
    return result
  }
}
