import AgentSkillLLM

/// A server's question for the user, asked during a call: `elicitation/create` sent by a handshake-era
/// server, or an input request inside a 2026-07-28 server's `input_required` result.
///
/// Both reach the same handler, ``MCPClient/Options/elicit``, which asks the user and returns an
/// ``MCPElicitationAnswer``. A server usually asks to confirm a call that changes something.
///
/// ```swift
/// let options = MCPClient.Options(elicit: { question in
///   print(question.message)                    // Run Create reminder with {"title":"开会"}?
///   return .accept()                           // or .decline, .cancel
/// })
/// ```
public struct MCPElicitation: Sendable, Hashable {
  /// What to ask, for people.
  public var message: String
  /// The JSON Schema of the answer's content: an object of flat properties; no properties asks only to
  /// accept or decline.
  public var requestedSchema: JSONValue
  /// `form` (answer in the client) or `url` (the user visits ``url``).
  public var mode: String
  /// The page to send the user to, in `url` mode.
  public var url: String?

  /// Creates a question.
  ///
  /// - Parameters:
  ///   - message: What to ask.
  ///   - requestedSchema: The schema of the answer's content.
  ///   - mode: `form` or `url`.
  ///   - url: The page to visit, in `url` mode.
  public init(
    message: String, requestedSchema: JSONValue = ["type": "object", "properties": [:]], mode: String = "form",
    url: String? = nil
  ) {
    self.message = message
    self.requestedSchema = requestedSchema
    self.mode = mode
    self.url = url
  }

  /// Reads the `params` of `elicitation/create`.
  init(params: JSONValue) {
    self.init(
      message: params["message"]?.stringValue ?? "",
      requestedSchema: params["requestedSchema"] ?? ["type": "object", "properties": [:]],
      mode: params["mode"]?.stringValue ?? "form",
      url: params["url"]?.stringValue)
  }

  /// The `params` of `elicitation/create`; `mode` is sent from revision 2025-11-25 on.
  func params(withMode: Bool) -> JSONValue {
    var object: JSONObject = [:]
    if withMode { object["mode"] = .string(mode) }
    object["message"] = .string(message)
    if mode == "url", let url {
      object["url"] = .string(url)
    } else {
      object["requestedSchema"] = requestedSchema
    }
    return .object(object)
  }
}

/// The user's answer to an ``MCPElicitation``.
///
/// ```swift
/// let yes = MCPElicitationAnswer.accept()
/// let named = MCPElicitationAnswer.accept(["name": "octocat"])
/// let no = MCPElicitationAnswer.decline
/// ```
public struct MCPElicitationAnswer: Sendable, Hashable {
  /// What the user did.
  public enum Action: String, Sendable, Hashable {
    /// The user agreed (and filled in the form, if it had fields).
    case accept
    /// The user said no.
    case decline
    /// The user dismissed the question without choosing.
    case cancel
  }

  /// What the user did.
  public var action: Action
  /// The form's values, when accepted.
  public var content: JSONValue?

  /// Creates an answer.
  ///
  /// - Parameters:
  ///   - action: What the user did.
  ///   - content: The form's values, for ``Action/accept``.
  public init(action: Action, content: JSONValue? = nil) {
    self.action = action
    self.content = content
  }

  /// The user agreed, with the form's values if it had fields.
  ///
  /// - Parameter content: The values, an object.
  /// - Returns: The answer.
  public static func accept(_ content: JSONValue? = nil) -> MCPElicitationAnswer {
    MCPElicitationAnswer(action: .accept, content: content)
  }

  /// The user said no.
  public static let decline = MCPElicitationAnswer(action: .decline)
  /// The user dismissed the question.
  public static let cancel = MCPElicitationAnswer(action: .cancel)

  /// Reads an `ElicitResult`; `nil` when its action is missing or unknown.
  init?(json: JSONValue) {
    guard let action = json["action"]?.stringValue.flatMap(Action.init(rawValue:)) else { return nil }
    self.init(action: action, content: json["content"])
  }

  /// The `ElicitResult` as sent.
  var json: JSONValue {
    var object: JSONObject = ["action": .string(action.rawValue)]
    if action == .accept { object["content"] = content ?? [:] }
    return .object(object)
  }
}
