import AgentSkillLLM

/// One JSON-RPC 2.0 message: a request, a notification, a result or an error.
///
/// ```swift
/// let call = JSONRPCMessage.request(id: 1, method: "tools/list", params: nil)
/// call.json.rendered()   // {"jsonrpc":"2.0","id":1,"method":"tools/list"}
/// let parsed = try JSONRPCMessage(json: JSONValue(parsing: #"{"jsonrpc":"2.0","method":"ping","id":"a"}"#))
/// ```
public enum JSONRPCMessage: Sendable, Hashable {
  /// A call that expects an answer with the same id.
  case request(id: JSONRPCID, method: String, params: JSONValue?)
  /// A call that expects no answer.
  case notification(method: String, params: JSONValue?)
  /// A successful answer.
  case result(id: JSONRPCID, result: JSONValue)
  /// A failed answer; `id` is `nil` when the request's id could not be read.
  case error(id: JSONRPCID?, error: JSONRPCError)

  /// The message as sent, with `"jsonrpc": "2.0"`.
  public var json: JSONValue {
    var object: JSONObject = ["jsonrpc": "2.0"]
    switch self {
    case .request(let id, let method, let params):
      object["id"] = id.json
      object["method"] = .string(method)
      if let params { object["params"] = params }
    case .notification(let method, let params):
      object["method"] = .string(method)
      if let params { object["params"] = params }
    case .result(let id, let result):
      object["id"] = id.json
      object["result"] = result
    case .error(let id, let error):
      object["id"] = id?.json ?? .null
      object["error"] = error.json
    }
    return .object(object)
  }

  /// Reads a message from its JSON.
  ///
  /// - Parameter json: One message (not a batch array).
  /// - Throws: ``JSONRPCError`` with ``JSONRPCError/invalidRequest`` saying what is wrong;
  ///   its `data` holds the request's id when one could be read, so the answer can name it.
  public init(json: JSONValue) throws(JSONRPCError) {
    guard case .object(let object) = json else {
      throw JSONRPCError(
        code: JSONRPCError.invalidRequest, message: "A message must be a JSON object, found \(json.typeName).")
    }
    let rawID = object["id"]
    let id = rawID.flatMap(JSONRPCID.init(json:))
    func invalid(_ message: String) -> JSONRPCError {
      JSONRPCError(code: JSONRPCError.invalidRequest, message: message, data: id.map { ["id": $0.json] })
    }
    guard object["jsonrpc"] == "2.0" else {
      throw invalid("The member \"jsonrpc\" must be \"2.0\", found \(object["jsonrpc"]?.rendered() ?? "nothing").")
    }
    if let rawID, id == nil, !(rawID.isNull && object["error"] != nil) {
      throw invalid("The member \"id\" must be a string or an integer, found \(rawID.typeName).")
    }
    let params = object["params"]
    if let params, params.objectValue == nil, params.arrayValue == nil {
      throw invalid("The member \"params\" must be an object or an array, found \(params.typeName).")
    }
    if let method = object["method"] {
      guard case .string(let name) = method else {
        throw invalid("The member \"method\" must be a string, found \(method.typeName).")
      }
      if let id {
        self = .request(id: id, method: name, params: params)
      } else {
        self = .notification(method: name, params: params)
      }
      return
    }
    if let result = object["result"] {
      guard let id else { throw invalid("A result needs the \"id\" of its request.") }
      self = .result(id: id, result: result)
      return
    }
    if let error = object["error"] {
      guard let code = error["code"]?.intValue, let message = error["message"]?.stringValue else {
        throw invalid("The member \"error\" needs an integer \"code\" and a string \"message\".")
      }
      self = .error(id: id, error: JSONRPCError(code: code, message: message, data: error["data"]))
      return
    }
    throw invalid("A message needs a \"method\", a \"result\" or an \"error\".")
  }
}
