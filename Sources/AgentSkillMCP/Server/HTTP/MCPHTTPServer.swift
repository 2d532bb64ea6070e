import AgentSkill
import AgentSkillLLM
import Foundation

/// An ``MCPServer`` served over MCP's Streamable HTTP transport (revisions 2026-07-28 and 2025-11-25 back to 2025-03-26) on 127.0.0.1.
///
/// ```swift
/// func serve(_ server: MCPServer) async throws {
///   let http = try MCPHTTPServer(server, port: 8123, bearerToken: "secret")
///   print("MCP endpoint:", http.url)   // http://127.0.0.1:8123/mcp
///   try await Task.sleep(for: .seconds(3600))
///   await http.stop()
/// }
/// ```
///
/// A POST carrying one request of a modern revision (2026-07-28: `_meta` names the revision) is served on its own,
/// with no session: its `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name` headers must match the body (else 400
/// with `-32020`), an unsupported revision, missing `_meta` or a call needing a capability the client did not declare
/// gets 400 and an unknown method 404, each with the JSON-RPC error; the answer comes on the POST's event stream.
///
/// Handshake-era clients POST JSON-RPC messages to `/mcp`; `initialize` opens a session whose id comes back in
/// `Mcp-Session-Id`, which every later request must carry (missing: 400, unknown or ended: 404). Requests are
/// answered on a server-sent event stream per POST; notifications and responses get 202. DELETE ends a
/// session; GET answers 405 (this server sends nothing on its own outside a request). With a bearer token,
/// a request without `Authorization: Bearer <token>` gets 401. A request whose `Origin` is not a loopback
/// address gets 403, so a web page cannot reach the server through DNS rebinding.
///
/// Available on macOS and Linux.
public final class MCPHTTPServer: Sendable {
  /// The MCP endpoint, `http://127.0.0.1:PORT/mcp`.
  public let url: URL
  /// The port listened on (the one the system picked, when created with port 0).
  public let port: Int
  /// The server whose skills are served.
  public let server: MCPServer

  private let bearerToken: String?
  private let sessions = LockIsolated<[String: Session]>([:])
  private let stopped = LockIsolated(false)
  #if os(macOS) || os(Linux)
    private let listener: LoopbackListener
  #endif

  private struct Session: Sendable {
    let channel: HTTPSessionChannel
    let serving: Task<Void, Never>
  }

  /// Starts listening on 127.0.0.1 and serving each client session until ``stop()``.
  ///
  /// - Parameters:
  ///   - server: The skills to serve.
  ///   - port: The port; 0 (the default) lets the system pick a free one, read it from ``port``.
  ///   - bearerToken: When set, every request must carry `Authorization: Bearer <token>`.
  /// - Throws: ``MCPHTTPServerError/cannotListen(port:reason:)``.
  public init(_ server: MCPServer, port: Int = 0, bearerToken: String? = nil) throws(MCPHTTPServerError) {
    self.server = server
    self.bearerToken = bearerToken
    #if os(macOS) || os(Linux)
      let connections = AsyncStream.makeStream(of: FileHandle.self)
      do {
        listener = try LoopbackListener(port: port) { handle in connections.continuation.yield(handle) }
      } catch {
        throw MCPHTTPServerError.cannotListen(port: port, reason: error.reason)
      }
      self.port = listener.port
      self.url = URL(string: "http://127.0.0.1:\(listener.port)/mcp") ?? URL(fileURLWithPath: "/")
      let stream = connections.stream
      Task { [weak self] in
        for await handle in stream {
          guard let self else { return }
          let connection = HTTPConnection(handle)
          Task { await self.serve(connection) }
        }
      }
    #else
      throw MCPHTTPServerError.cannotListen(
        port: port, reason: "this platform cannot listen for connections (only macOS and Linux can)")
    #endif
  }

  /// Stops listening and ends every session.
  public func stop() async {
    let wasStopped = stopped.withValue { stopped in
      defer { stopped = true }
      return stopped
    }
    guard !wasStopped else { return }
    #if os(macOS) || os(Linux)
      listener.stop()
    #endif
    let all = sessions.withValue { sessions in
      defer { sessions.removeAll() }
      return Array(sessions.values)
    }
    for session in all { await session.channel.close() }
  }

  /// The number of open sessions.
  public var sessionCount: Int { sessions.value.count }

  // MARK: Private

  private func serve(_ connection: HTTPConnection) async {
    do {
      for try await request in connection.requests() {
        guard await handle(request, on: connection) else { break }
      }
    } catch let malformed as HTTPConnection.Malformed {
      connection.respond(status: malformed.status, body: Self.errorBody(malformed.message))
    } catch {
      // The connection failed; nothing to answer.
    }
    connection.close()
  }

  /// Handles one request; `false` when the connection must close afterwards.
  private func handle(_ request: HTTPRequest, on connection: HTTPConnection) async -> Bool {
    let path = request.path.split(separator: "?").first.map(String.init) ?? request.path
    guard path == "/mcp" else {
      connection.respond(status: 404, body: Self.errorBody("No MCP endpoint here: use /mcp."))
      return true
    }
    if let origin = request.headers["origin"], !Self.isLoopback(origin: origin) {
      connection.respond(status: 403, body: Self.errorBody("Requests from \(origin) are not allowed."))
      return true
    }
    if let bearerToken, request.headers["authorization"] != "Bearer \(bearerToken)" {
      connection.respond(
        status: 401, headers: ["WWW-Authenticate": "Bearer"],
        body: Self.errorBody("Send the server's token as \"Authorization: Bearer <token>\"."))
      return true
    }
    switch request.method {
    case "POST": return await post(request, on: connection)
    case "DELETE":
      guard let id = request.headers["mcp-session-id"] else {
        connection.respond(status: 400, body: Self.errorBody("Send the Mcp-Session-Id header of the session to end."))
        return true
      }
      guard let session = sessions.withValue({ $0.removeValue(forKey: id) }) else {
        connection.respond(status: 404, body: Self.errorBody("No session \(id): it has ended."))
        return true
      }
      await session.channel.close()
      connection.respond(status: 200)
      return true
    default:
      connection.respond(
        status: 405, headers: ["Allow": "POST, DELETE"],
        body: Self.errorBody("This server sends messages only in answer to a POST."))
      return true
    }
  }

  private func post(_ request: HTTPRequest, on connection: HTTPConnection) async -> Bool {
    let items = JSONRPCLine.decode(request.body)
    for case .invalid(let error) in items {
      // Nothing in a malformed body is passed on: the client learns why from the status and the error.
      let id = error.data?["id"].flatMap(JSONRPCID.init(json:))
      connection.respond(status: 400, body: JSONRPCMessage.error(id: id, error: error).json.rendered())
      return true
    }
    var requestIDs: Set<JSONRPCID> = []
    var initializes = false
    for case .message(.request(let id, let method, _)) in items {
      requestIDs.insert(id)
      if method == "initialize" { initializes = true }
    }
    if !initializes, request.headers["mcp-session-id"] == nil, items.count == 1,
      case .message(.request(let id, let method, let params)) = items.first,
      params?["_meta"]?[MCPMeta.protocolVersion] != nil || method == "server/discover"
    {
      return await postStateless(request, id: id, method: method, params: params, on: connection)
    }
    let session: Session
    var headers: [String: String] = [:]
    if initializes {
      guard items.count == 1 else {
        connection.respond(status: 400, body: Self.errorBody("Send initialize on its own, not in a batch."))
        return true
      }
      let id = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
      let channel = HTTPSessionChannel()
      let server = server
      session = Session(
        channel: channel, serving: Task { await server.serve(channel, log: { _ in }) })
      sessions.withValue { $0[id] = session }
      headers["Mcp-Session-Id"] = id
    } else {
      guard let id = request.headers["mcp-session-id"] else {
        connection.respond(
          status: 400, body: Self.errorBody("Send the Mcp-Session-Id header that initialize returned."))
        return true
      }
      guard let known = sessions.value[id] else {
        connection.respond(status: 404, body: Self.errorBody("No session \(id): it has ended; initialize again."))
        return true
      }
      session = known
      headers["Mcp-Session-Id"] = id
    }
    guard !requestIDs.isEmpty else {
      session.channel.receive(request.body)
      connection.respond(status: 202, headers: headers)
      return true
    }
    connection.startEventStream(headers: headers)
    await session.channel.stream(request.body, answering: requestIDs, on: connection)
    return false
  }

  /// Serves one modern request with a session of its own that ends with the answer.
  private func postStateless(
    _ request: HTTPRequest, id: JSONRPCID, method: String, params: JSONValue?, on connection: HTTPConnection
  ) async -> Bool {
    let meta = params?["_meta"]?.objectValue ?? [:]
    var refusal = server.checkModern(method, meta: meta)
    if refusal == nil { refusal = Self.headerMismatch(request.headers, method: method, params: params) }
    if refusal == nil, method == "tools/call" {
      refusal = await server.missingCapability(forModernCall: params, meta: meta)
    }
    if let refusal {
      let status = refusal.code == JSONRPCError.methodNotFound ? 404 : 400
      connection.respond(status: status, body: JSONRPCMessage.error(id: id, error: refusal).json.rendered())
      return true
    }
    let channel = HTTPSessionChannel()
    let server = server
    let serving = Task { await server.serve(channel, log: { _ in }) }
    connection.startEventStream(headers: [:])
    await channel.stream(request.body, answering: [id], on: connection)
    await channel.close()
    await serving.value
    return false
  }

  /// The `-32020` error for headers that are missing or differ from the body, or `nil` when they match.
  static func headerMismatch(_ headers: [String: String], method: String, params: JSONValue?) -> JSONRPCError? {
    let version = params?["_meta"]?[MCPMeta.protocolVersion]?.stringValue
    var expected: [(String, String?)] = [("mcp-protocol-version", version), ("mcp-method", method)]
    if ["tools/call", "resources/read", "prompts/get"].contains(method) {
      expected.append(("mcp-name", params?["name"]?.stringValue ?? params?["uri"]?.stringValue))
    }
    for (name, body) in expected {
      guard let sent = headers[name].map(decodedHeader) else {
        return JSONRPCError(
          code: JSONRPCError.headerMismatch, message: "Header mismatch: the \(name) header is missing; send it.")
      }
      if sent != body {
        return JSONRPCError(
          code: JSONRPCError.headerMismatch,
          message: "Header mismatch: \(name) is \"\(sent)\" but the body says \"\(body ?? "nothing")\".")
      }
    }
    return nil
  }

  /// A header value, with the `=?base64?…?=` form decoded.
  private static func decodedHeader(_ value: String) -> String {
    guard value.hasPrefix("=?base64?"), value.hasSuffix("?="), value.count >= 11,
      let data = Data(base64Encoded: String(value.dropFirst(9).dropLast(2)))
    else { return value }
    return String(decoding: data, as: UTF8.self)
  }

  private static func isLoopback(origin: String) -> Bool {
    guard let host = URL(string: origin)?.host else { return false }
    return host == "127.0.0.1" || host == "localhost" || host == "::1" || host == "[::1]"
  }

  private static func errorBody(_ message: String) -> String {
    JSONRPCMessage.error(id: nil, error: JSONRPCError(code: JSONRPCError.invalidRequest, message: message)).json
      .rendered()
  }
}
