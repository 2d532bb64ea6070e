import AgentSkill

/// Why a tool call a model made cannot be used as it is.
///
/// Every message is written so it can be sent back to the model as the
/// tool result, letting it correct itself:
///
/// ```swift
/// do {
///   let name = try ToolNameResolver.resolve(call.name, among: ["get_weather", "search_bills"])
/// } catch {
///   messages.append(.tool(error.description, callID: call.id, name: call.name))
///   // Unknown tool "get_wether". The available tools are: get_weather, search_bills. …
/// }
/// ```
public enum ToolCallError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The model called a tool that was not offered.
  ///
  /// - Parameters:
  ///   - name: The name the model used (truncated to 100 characters).
  ///   - available: The names of the tools that were offered.
  case unknownTool(name: String, available: [String])
  /// The model's name matches several offered tools equally well (for
  /// example `get_weather` and `Get_Weather` when it wrote `GET_WEATHER`).
  ///
  /// - Parameters:
  ///   - name: The name the model used.
  ///   - candidates: The offered tools it matches.
  case ambiguousTool(name: String, candidates: [String])
  /// The arguments are not a JSON object, even read leniently.
  ///
  /// - Parameters:
  ///   - tool: The tool the arguments were for, when known.
  ///   - reason: What is wrong, without the arguments' text.
  ///   - snippet: The start of the arguments, at most 100 characters, with secrets redacted.
  case malformedArguments(tool: String?, reason: String, snippet: String)
  /// The arguments nest arrays and objects deeper than the JSON parser
  /// reads: 512 levels (the parser's limit, which keeps code that walks a
  /// value from exhausting a thread's stack).
  ///
  /// Reported instead of reading the arguments as text, so the model can be
  /// told to send them again, flatter.
  ///
  /// - Parameters:
  ///   - tool: The tool the arguments were for, when known.
  ///   - limit: The deepest nesting read, in levels.
  case argumentsTooDeep(tool: String?, limit: Int)
  /// The arguments grew past the accumulator's limit.
  ///
  /// - Parameters:
  ///   - tool: The tool the arguments were for, when known.
  ///   - limit: The limit in bytes of UTF-8.
  case argumentsTooLarge(tool: String?, limit: Int)
  /// A streamed tool call never received a name.
  ///
  /// - Parameters:
  ///   - position: The call's position in the response, from 0.
  ///   - callID: The call's id, when the server sent one.
  case missingToolName(position: Int, callID: String?)

  /// A message for the model or the developer that says how to fix the problem.
  public var description: String {
    switch self {
    case .unknownTool(let name, let available):
      guard !available.isEmpty else {
        return "Unknown tool \"\(name)\": no tools are available in this request, so answer without calling a tool."
      }
      var message =
        "Unknown tool \"\(name)\". The available tools are: \(available.joined(separator: ", ")). "
        + "Call one of them by its exact name."
      if let suggestion = ToolNameResolver.closestName(to: name, among: available) {
        message += " Did you mean \"\(suggestion)\"?"
      }
      return message
    case .ambiguousTool(let name, let candidates):
      return "The tool name \"\(name)\" matches several tools (\(candidates.joined(separator: ", "))). "
        + "Call one of them by its exact name."
    case .malformedArguments(let tool, let reason, let snippet):
      let subject = tool.map { "The arguments for tool \"\($0)\"" } ?? "The tool arguments"
      return "\(subject) are not a valid JSON object: \(reason). "
        + "Send the arguments as one JSON object with double-quoted keys and strings that matches the tool's "
        + "parameter schema. Received: \(snippet)"
    case .argumentsTooDeep(let tool, let limit):
      let subject = tool.map { "The arguments for tool \"\($0)\"" } ?? "The tool arguments"
      return "\(subject) nest arrays and objects more than \(limit) levels deep, deeper than JSON is read here "
        + "(the limit protects against running out of stack). Send the arguments again as one JSON object, nested "
        + "less deeply, that matches the tool's parameter schema."
    case .argumentsTooLarge(let tool, let limit):
      let subject = tool.map { "The arguments for tool \"\($0)\"" } ?? "The tool arguments"
      return "\(subject) are larger than \(limit) bytes. Ask for smaller arguments (pass large data by "
        + "reference), or raise the limit with ToolCallAccumulator(maximumArgumentBytes:)."
    case .missingToolName(let position, let callID):
      let identity = callID.map { " (id \($0))" } ?? ""
      return "Tool call #\(position + 1)\(identity) arrived without a tool name. Retry the request; if it keeps "
        + "happening the server streams tool calls incompletely, so try it without streaming."
    }
  }

  /// The largest snippet kept in ``malformedArguments(tool:reason:snippet:)``.
  static let snippetLength = 100

  /// The start of `text`, at most ``snippetLength`` characters (an ellipsis
  /// marks a cut), with secrets redacted.
  ///
  /// Redaction runs on a longer head before the cut, so a key that straddles
  /// the cut is still recognised; the cost does not depend on the text's length.
  static func snippet(of text: some StringProtocol) -> String {
    let head = text.prefix(snippetLength * 4)
    let redacted = SecretRedactor.redact(String(head))
    guard redacted.count > snippetLength || head.endIndex < text.endIndex else { return redacted }
    return String(redacted.prefix(snippetLength)) + "…"
  }
}
