import AgentSkill
import AgentSkillLLM
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// MCP's Streamable HTTP transport (revisions 2026-07-28 and 2025-11-25 back to 2025-03-26), client side, as a
/// channel of JSON-RPC lines. Every POST carries `Mcp-Method` (and `Mcp-Name` for a named call); a JSON-RPC error in a
/// 4xx body (how a modern server refuses) is passed on as the answer.
///
/// Each outgoing message is a POST accepting `application/json` and `text/event-stream`; a request's answer
/// (and the server's notifications and requests about it) arrive as a JSON body or as server-sent events,
/// each delivered as one line. The `Mcp-Session-Id` the server returns with `initialize` is sent on every
/// later request, and `MCP-Protocol-Version` once ``negotiated(protocolVersion:)`` has been called. A GET
/// stream carries messages the server sends on its own (a server may answer 405: it has none). An HTTP 404
/// for a request carrying the session id means the session is gone: the channel closes, naming why.
/// ``close()`` ends the session with a DELETE.
final class HTTPChannel: MessageChannel {
  let events: AsyncStream<ChannelEvent>
  private let continuation: AsyncStream<ChannelEvent>.Continuation
  private let endpoint: MCPTransport.HTTPEndpoint
  private let session: URLSession
  private let delegate: HTTPStreamDelegate
  private let maximumLineLength: Int

  private struct State {
    var sessionID: String?
    var protocolVersion: String?
    var closedReason: String?
    /// The POST carrying each request whose answer has not arrived, to drop it when the request is cancelled.
    var inFlight: [JSONRPCID: URLSessionDataTask] = [:]
    /// Requests cancelled by this side, whose dropped exchanges are not errors.
    var cancelled: Set<JSONRPCID> = []
    var serverStream: Task<Void, Never>?
  }

  private let state = LockIsolated(State())

  /// Prepares the channel; nothing is sent until the first message.
  init(_ endpoint: MCPTransport.HTTPEndpoint, maximumLineLength: Int = defaultMaximumLineLength) {
    self.endpoint = endpoint
    self.maximumLineLength = maximumLineLength
    (events, continuation) = AsyncStream.makeStream(of: ChannelEvent.self)
    let configuration = URLSessionConfiguration.ephemeral
    // A slow tool keeps its event stream quiet for minutes; the client's own timeouts decide how long to wait.
    configuration.timeoutIntervalForRequest = 24 * 60 * 60
    configuration.httpMaximumConnectionsPerHost = 16
    let delegate = HTTPStreamDelegate()
    self.delegate = delegate
    session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
  }

  deinit {
    session.invalidateAndCancel()
  }

  /// Sends `MCP-Protocol-Version: version` from now on, as the transport requires after `initialize` and on
  /// every modern request; `nil` stops sending it.
  func negotiated(protocolVersion version: String?) {
    state.withValue { $0.protocolVersion = version }
  }

  /// Opens the GET stream for messages the server sends on its own, such as `notifications/tools/list_changed`.
  func openServerStream() {
    let task = Task { [weak self] in
      guard let self else { return }
      await self.runServerStream()
    }
    state.withValue { $0.serverStream = task }
  }

  func send(_ line: Data) async throws(ChannelClosedError) {
    if let reason = state.value.closedReason { throw ChannelClosedError(reason: reason) }
    var message: JSONRPCMessage?
    if case .message(let decoded)? = JSONRPCLine.decode(Array(line.prefix(while: { $0 != 0x0A }))).first {
      message = decoded
    }
    var requestID: JSONRPCID?
    if case .request(let id, _, _)? = message { requestID = id }
    defer {
      if let requestID {
        state.withValue { state in
          state.inFlight[requestID] = nil
          state.cancelled.remove(requestID)
        }
      }
    }

    var status = 0
    var isEventStream = false
    var body: [UInt8] = []
    var bodyBytes = 0
    var parser = SSEParser()
    var answered = false
    var sentSessionID = false
    // With OAuth, a 401 is answered by refreshing or signing in, then the message is sent once more; a 403
    // insufficient_scope after that by signing in for more scopes, and the message is sent once more again.
    var retried: Set<Int> = []
    for _ in 0..<3 {
      var request = makeRequest("POST")
      request.httpBody = line
      for (name, value) in Self.standardHeaders(of: message) { request.setValue(value, forHTTPHeaderField: name) }
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      request.setValue("application/json, text/event-stream", forHTTPHeaderField: "Accept")
      let authorization: String?
      do {
        authorization = try await authorize(&request)
      } catch {
        return try fail(Self.describe(error), answering: requestID)
      }
      sentSessionID = request.value(forHTTPHeaderField: "Mcp-Session-Id") != nil
      let task = session.dataTask(with: request)
      if let requestID { state.withValue { $0.inFlight[requestID] = task } }
      (status, isEventStream, body, bodyBytes, parser, answered) = (0, false, [], 0, SSEParser(), false)
      var challenge: String?
      do {
        for try await part in delegate.start(task) {
          switch part {
          case .head(let response):
            status = response.statusCode
            challenge = response.value(forHTTPHeaderField: "WWW-Authenticate")
            if let id = response.value(forHTTPHeaderField: "Mcp-Session-Id"), !id.isEmpty {
              state.withValue { state in if state.sessionID == nil { state.sessionID = id } }
            }
            isEventStream =
              (response.value(forHTTPHeaderField: "Content-Type") ?? "").lowercased().hasPrefix("text/event-stream")
          case .body(let data):
            if status == 200, isEventStream {
              for event in parser.feed(data) where deliver(event.data, answering: requestID) { answered = true }
            } else {
              bodyBytes += data.count
              if bodyBytes <= maximumLineLength { body += data }
            }
          }
        }
      } catch {
        if let requestID, state.value.cancelled.contains(requestID) { return }
        if let reason = state.value.closedReason { throw ChannelClosedError(reason: reason) }
        if answered { return }
        // A server that cannot be reached is gone for this client: the connection ends, and says why.
        let reason = "could not be reached at \(endpoint.url.absoluteString) (\(error.localizedDescription))"
        end(reason: reason)
        throw ChannelClosedError(reason: reason)
      }
      // 401: no token, or a refused one; 403 insufficient_scope: a token for too few scopes (step-up).
      let stepUp = status == 403 && challenge.flatMap(BearerChallenge.init(header:))?.error == "insufficient_scope"
      guard status == 401 || stepUp, !retried.contains(status), let oauth = endpoint.oauth else { break }
      retried.insert(status)
      // The challenge names metadata and scopes, never a token.
      continuation.yield(.log("HTTP \(status) (WWW-Authenticate: \(challenge ?? "none")); authorizing with OAuth"))
      do {
        try await oauth.unauthorized(challenge: challenge, sent: authorization)
      } catch {
        return try fail(Self.describe(error), answering: requestID)
      }
    }
    if let requestID, state.value.cancelled.contains(requestID) { return }

    switch status {
    case 200..<300:
      if isEventStream {
        parser.finish()
      } else if bodyBytes > maximumLineLength {
        continuation.yield(.oversized(bytes: bodyBytes))
      } else if !body.isEmpty, deliver(body, answering: requestID) {
        answered = true
      }
    case 404 where sentSessionID:
      let reason =
        "ended its HTTP session (404 Not Found): the session expired or the server restarted"
      end(reason: reason)
      throw ChannelClosedError(reason: reason)
    default:
      if let requestID, Self.isError(body, answering: requestID) {
        // A modern server says why in a JSON-RPC error (an unsupported revision, a missing capability).
        continuation.yield(.line(body))
        return
      }
      return try fail(Self.describe(status: status, body: body, oauth: endpoint.oauth != nil), answering: requestID)
    }

    if case .notification("notifications/cancelled", let params)? = message,
      let id = params?["requestId"].flatMap(JSONRPCID.init(json:))
    {
      // The server was told; the stream that would have carried the answer is no longer needed.
      let dropped = state.withValue { state in
        state.cancelled.insert(id)
        return state.inFlight[id]
      }
      dropped?.cancel()
    }
    if requestID != nil, !answered {
      throw ChannelClosedError(reason: "its HTTP response ended without an answer", ended: false)
    }
  }

  /// Ends the session with a DELETE (bounded to a few seconds), then stops every exchange.
  func close() async {
    let (wasClosed, sessionID) = state.withValue { state in
      let wasClosed = state.closedReason != nil
      if !wasClosed { state.closedReason = "the connection was closed" }
      return (wasClosed, state.sessionID)
    }
    guard !wasClosed else { return }
    state.value.serverStream?.cancel()
    if sessionID != nil {
      var request = makeRequest("DELETE")
      request.timeoutInterval = 5
      _ = try? await authorize(&request)
      do {
        for try await _ in delegate.start(session.dataTask(with: request)) {}
      } catch {
        // The session ends on the server when it expires anyway.
      }
    }
    session.invalidateAndCancel()
    continuation.yield(.closed(reason: "the connection was closed"))
    continuation.finish()
  }

  // MARK: Private

  /// Sets the OAuth client's `Authorization` header, when there is one; returns the value sent.
  private func authorize(_ request: inout URLRequest) async throws(MCPOAuthError) -> String? {
    guard let oauth = endpoint.oauth, let value = try await oauth.authorizationHeader() else {
      return request.value(forHTTPHeaderField: "Authorization")
    }
    request.setValue(value, forHTTPHeaderField: "Authorization")
    return value
  }

  /// Fails the exchange of a message: a request gets an error answer naming `problem`; a notification throws.
  private func fail(_ problem: String, answering requestID: JSONRPCID?) throws(ChannelClosedError) {
    guard let requestID else { throw ChannelClosedError(reason: problem, ended: false) }
    let failure = JSONRPCMessage.error(
      id: requestID, error: JSONRPCError(code: JSONRPCError.internalError, message: problem))
    continuation.yield(.line(Array(JSONRPCLine.encode(failure).dropLast())))
  }

  /// A failed sign-in in words (its message carries no token).
  private static func describe(_ error: MCPOAuthError) -> String {
    "OAuth authorization failed: \(error.description)"
  }

  private func makeRequest(_ method: String) -> URLRequest {
    var request = URLRequest(url: endpoint.url)
    request.httpMethod = method
    for (name, value) in endpoint.headers { request.setValue(value, forHTTPHeaderField: name) }
    let (sessionID, protocolVersion) = state.withValue { ($0.sessionID, $0.protocolVersion) }
    if let sessionID { request.setValue(sessionID, forHTTPHeaderField: "Mcp-Session-Id") }
    if let protocolVersion { request.setValue(protocolVersion, forHTTPHeaderField: "MCP-Protocol-Version") }
    return request
  }

  /// Passes one message (or batch) on; `true` when it answers the request `id`.
  private func deliver(_ text: String, answering id: JSONRPCID?) -> Bool {
    guard !text.isEmpty else { return false }
    return deliver(Array(text.utf8), answering: id)
  }

  private func deliver(_ bytes: [UInt8], answering id: JSONRPCID?) -> Bool {
    guard bytes.count <= maximumLineLength else {
      continuation.yield(.oversized(bytes: bytes.count))
      return false
    }
    continuation.yield(.line(bytes))
    guard let id else { return false }
    return JSONRPCLine.decode(bytes).contains { item in
      switch item {
      case .message(.result(let answered, _)): answered == id
      case .message(.error(let answered?, _)): answered == id
      default: false
      }
    }
  }

  /// Reads the GET stream until it ends or the channel closes; a server without one answers 405.
  private func runServerStream() async {
    // With OAuth, a refused token is renewed (or the sign-in awaited) and the stream asked for once more.
    for attempt in 0..<2 {
      var request = makeRequest("GET")
      request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
      let authorization = try? await authorize(&request)
      var parser = SSEParser()
      var refused: (status: Int, challenge: String?)?
      do {
        for try await part in delegate.start(session.dataTask(with: request)) {
          switch part {
          case .head(let response):
            guard response.statusCode == 200 else {
              refused = (response.statusCode, response.value(forHTTPHeaderField: "WWW-Authenticate"))
              break
            }
          case .body(let data):
            for event in parser.feed(data) { _ = deliver(event.data, answering: nil) }
          }
          if refused != nil { break }
        }
      } catch {
        // Closing the channel cancels the stream; a dropped stream only loses the server's own notifications.
        return
      }
      guard let refused else { return }
      if refused.status == 401, attempt == 0, let oauth = endpoint.oauth, state.value.closedReason == nil {
        continuation.yield(
          .log(
            "HTTP 401 (WWW-Authenticate: \(refused.challenge ?? "none")) on the event stream; authorizing with OAuth"))
        if (try? await oauth.unauthorized(challenge: refused.challenge, sent: authorization ?? nil)) != nil {
          continue
        }
      }
      if refused.status != 405 {
        continuation.yield(.log("the server refused its event stream (HTTP \(refused.status))"))
      }
      return
    }
  }

  /// Closes the channel because the server ended the session.
  private func end(reason: String) {
    let wasClosed = state.withValue { state in
      let wasClosed = state.closedReason != nil
      if !wasClosed { state.closedReason = reason }
      return wasClosed
    }
    guard !wasClosed else { return }
    state.value.serverStream?.cancel()
    session.invalidateAndCancel()
    continuation.yield(.closed(reason: reason))
    continuation.finish()
  }

  /// `Mcp-Method` and, for `tools/call`, `resources/read` and `prompts/get`, `Mcp-Name` (revision 2026-07-28):
  /// a name that is not plain visible ASCII is sent as `=?base64?…?=`.
  static func standardHeaders(of message: JSONRPCMessage?) -> [(String, String)] {
    let method: String
    let params: JSONValue?
    switch message {
    case .request(_, let name, let values)?, .notification(let name, let values)?:
      (method, params) = (name, values)
    default:
      return []
    }
    var headers = [("Mcp-Method", headerValue(method))]
    if ["tools/call", "resources/read", "prompts/get"].contains(method),
      let name = params?["name"]?.stringValue ?? params?["uri"]?.stringValue
    {
      headers.append(("Mcp-Name", headerValue(name)))
    }
    return headers
  }

  private static func headerValue(_ text: String) -> String {
    let plain =
      !text.isEmpty && text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }
      && text.first != " " && text.last != " "
    return plain ? text : "=?base64?\(Data(text.utf8).base64EncodedString())?="
  }

  /// Whether `body` is a JSON-RPC error answering `id`.
  private static func isError(_ body: [UInt8], answering id: JSONRPCID) -> Bool {
    guard case .message(.error(let answered?, _))? = JSONRPCLine.decode(body).first else { return false }
    return answered == id
  }

  /// A failed exchange in words, with a hint for the statuses a user can fix.
  private static func describe(status: Int, body: [UInt8], oauth: Bool) -> String {
    let text = String(decoding: body.prefix(500), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    var problem = "HTTP \(status) \(HTTPURLResponse.localizedString(forStatusCode: status))"
    if !text.isEmpty { problem += " (\(text))" }
    switch status {
    case 401 where oauth, 403 where oauth:
      problem += "; the server refused the token just obtained: check the scopes your account may use"
    case 401, 403:
      problem += "; pass the credentials the server expects in MCPTransport.http(_:headers:), such as Authorization"
    case 404:
      problem += "; check the endpoint's path (most servers use /mcp)"
    default:
      break
    }
    return problem
  }
}
