import AgentSkillLLM

/// The `error` member of a JSON-RPC response: a code, a message and optional data.
///
/// The standard codes are constants:
///
/// ```swift
/// let error = JSONRPCError(code: JSONRPCError.methodNotFound, message: "Method not found: resources/list")
/// error.json.rendered()   // {"code":-32601,"message":"Method not found: resources/list"}
/// ```
public struct JSONRPCError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The text is not JSON (`-32700`).
  public static let parseError = -32700
  /// The JSON is not a valid JSON-RPC message (`-32600`).
  public static let invalidRequest = -32600
  /// The method does not exist (`-32601`).
  public static let methodNotFound = -32601
  /// The parameters are invalid: an unknown tool, missing members (`-32602`).
  public static let invalidParams = -32602
  /// The receiver failed while handling the request (`-32603`).
  public static let internalError = -32603
  /// MCP: the request was cancelled or the connection closed before it was answered (`-32800`
  /// in the official SDKs; used locally, never sent).
  public static let requestCancelled = -32800
  /// MCP 2026-07-28: the HTTP headers do not match the body, or a required one is missing (`-32020`).
  public static let headerMismatch = -32020
  /// MCP 2026-07-28: the request needs a client capability the client did not declare (`-32021`);
  /// `data.requiredCapabilities` names it.
  public static let missingRequiredClientCapability = -32021
  /// MCP 2026-07-28: the server does not speak the request's protocol revision (`-32022`); `data.supported`
  /// lists those it does.
  public static let unsupportedProtocolVersion = -32022

  /// The error code.
  public let code: Int
  /// A short description, one sentence.
  public let message: String
  /// Extra detail, as the sender chose.
  public let data: JSONValue?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The code; use the standard constants where one fits.
  ///   - message: A short description.
  ///   - data: Extra detail.
  public init(code: Int, message: String, data: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  /// The error object as sent.
  public var json: JSONValue {
    var object: JSONObject = ["code": .integer(code), "message": .string(message)]
    if let data { object["data"] = data }
    return .object(object)
  }

  /// The name of a standard code (`method not found`), or `error`.
  public var codeName: String {
    switch code {
    case Self.parseError: "parse error"
    case Self.invalidRequest: "invalid request"
    case Self.methodNotFound: "method not found"
    case Self.invalidParams: "invalid params"
    case Self.internalError: "internal error"
    case Self.requestCancelled: "request cancelled"
    case Self.headerMismatch: "header mismatch"
    case Self.missingRequiredClientCapability: "missing required client capability"
    case Self.unsupportedProtocolVersion: "unsupported protocol version"
    default: "error"
    }
  }

  /// `method not found (-32601): Method not found: resources/list`.
  public var description: String { "\(codeName) (\(code)): \(message)" }
}
