import AgentSkill
import Foundation

/// An ``MCPServer`` served over MCP's Streamable HTTP transport (revision 2025-06-18) on 127.0.0.1.
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
/// Clients POST JSON-RPC messages to `/mcp`; `initialize` opens a session whose id comes back in
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

  private static func isLoopback(origin: String) -> Bool {
    guard let host = URL(string: origin)?.host else { return false }
    return host == "127.0.0.1" || host == "localhost" || host == "::1" || host == "[::1]"
  }

  private static func errorBody(_ message: String) -> String {
    JSONRPCMessage.error(id: nil, error: JSONRPCError(code: JSONRPCError.invalidRequest, message: message)).json
      .rendered()
  }
}
