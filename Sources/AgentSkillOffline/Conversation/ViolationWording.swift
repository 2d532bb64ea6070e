import AgentSkillLLM
import Foundation

/// A rejected argument explained to the user: `抱歉，「哪一天」须在 2026-03-06 到 2026-03-12 之间。`
/// / `Sorry, the date must be between 2026-03-06 and 2026-03-12.`
///
/// Common schema and validator messages are put into Chinese; others are
/// quoted as the validator wrote them. Text after a colon (the validator's
/// explanation for the model) is left out.
enum ViolationWording {
  static func explain(
    _ violation: ToolResultReading.Violation,
    tool: ToolDefinition?,
    language: RuleBasedModel.Language
  ) -> String {
    let parameter = violation.memberName.flatMap { name in
      tool.flatMap { ToolParameter.parameters(of: $0.parameters, knownValues: [:]).first { $0.name == name } }
    }
    let label = parameter.map { ArgumentQuestion.label($0, language: language) } ?? violation.memberName ?? ""
    var message = violation.message
    if let colon = message.range(of: ": ") { message = String(message[..<colon.lowerBound]) }
    switch language {
    case .english:
      let subject = label.isEmpty ? "that" : "the \(label)"
      return "Sorry, \(subject) \(message)."
    case .chinese:
      let subject = label.isEmpty ? "这个参数" : "「\(label)」"
      return "抱歉，\(subject)\(chinese(message))。"
    }
  }

  /// The message in Chinese when it is a common one, else as written.
  static func chinese(_ message: String) -> String {
    let patterns: [(String, (String) -> String)] = [
      (
        "must be between ",
        { rest in
          let bounds = rest.components(separatedBy: " and ")
          return bounds.count == 2 ? "须在 \(bounds[0]) 到 \(bounds[1]) 之间" : "超出了范围（\(rest)）"
        }
      ),
      ("must be at least ", { "不能小于 \($0)" }),
      ("must be at most ", { "不能大于 \($0)" }),
      ("must be greater than ", { "必须大于 \($0)" }),
      ("must be less than ", { "必须小于 \($0)" }),
      ("must be in the future", { _ in "必须是将来的时间" }),
      ("must not be before ", { "不能早于 \($0)" }),
      ("is required", { _ in "必须提供" }),
    ]
    for (prefix, render) in patterns where message.hasPrefix(prefix) {
      return render(String(message.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces))
    }
    return "不符合要求（\(message)）"
  }
}
