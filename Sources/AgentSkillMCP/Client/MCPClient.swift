import AgentSkill
import AgentSkillLLM
import Foundation

/// A connection to one MCP server: initialize, list its tools, call them.
///
/// ```swift
/// let client = try await MCPClient.connect(.process(executable: "/usr/bin/python3", arguments: ["server.py"]))
/// print(client.serverInfo)                        // calc-server 1.2.3
/// let tools = try await client.listTools()        // every page
/// let result = try await client.callTool("add", arguments: ["a": 2, "b": 3])
/// print(result.text)                              // 5
/// await client.close()
/// ```
///
/// The client answers the server's `ping`; cancelling the task awaiting a
/// call sends `notifications/cancelled`. When the server exits, every
/// pending and later call fails with ``MCPClientError/disconnected(server:reason:log:)``
/// naming it; connect again to continue.
public final class MCPClient: Sendable {
  /// Settings for connecting.
  public struct Options: Sendable {
    /// How this client names itself in `initialize`.
    public var clientInfo: MCPImplementation
    /// How long to wait for the answer to `initialize`. Defaults to 30 seconds.
    public var initializeTimeout: Duration
    /// How long to wait for any other answer; `nil` (the default) waits until the call is cancelled.
    public var requestTimeout: Duration?
    /// The clock the timeouts run on; tests pass a test clock.
    public var clock: any Clock<Duration>
    /// Receives the server's log lines (a process's stderr) and dropped messages. Defaults to nothing.
    public var log: @Sendable (String) -> Void

    /// Creates options.
    ///
    /// - Parameters:
    ///   - clientInfo: How this client names itself.
    ///   - initializeTimeout: How long to wait for `initialize`.
    ///   - requestTimeout: How long to wait for other answers.
    ///   - clock: The clock for the timeouts.
    ///   - log: Receives the server's log lines.
    public init(
      clientInfo: MCPImplementation = MCPImplementation(name: "AgentSkill", version: "1.0.0"),
      initializeTimeout: Duration = .seconds(30),
      requestTimeout: Duration? = nil,
      clock: any Clock<Duration> = ContinuousClock(),
      log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
      self.clientInfo = clientInfo
      self.initializeTimeout = initializeTimeout
      self.requestTimeout = requestTimeout
      self.clock = clock
      self.log = log
    }
  }

  /// The server's name and version from `initialize`.
  public let serverInfo: MCPImplementation
  /// The protocol revision both sides agreed on.
  public let protocolVersion: MCPProtocolVersion
  /// The server's capabilities object, as sent.
  public let serverCapabilities: JSONValue
  /// How to use the server, for a model's system prompt, when the server gives it.
  public let instructions: String?
  /// The transport this client was connected with, to connect again.
  public let transport: MCPTransport
  /// The options this client was connected with.
  public let options: Options

  private let peer: JSONRPCPeer
  private let recentLog: LockIsolated<[String]>
  private let listChanged: LockIsolated<[UUID: AsyncStream<Void>.Continuation]>

  private init(
    initialized: JSONValue,
    transport: MCPTransport,
    options: Options,
    peer: JSONRPCPeer,
    recentLog: LockIsolated<[String]>,
    listChanged: LockIsolated<[UUID: AsyncStream<Void>.Continuation]>
  ) {
    self.serverInfo =
      MCPImplementation(json: initialized["serverInfo"] ?? .null)
      ?? MCPImplementation(name: transport.description, version: "")
    self.protocolVersion = MCPProtocolVersion(rawValue: initialized["protocolVersion"]?.stringValue ?? "")
    self.serverCapabilities = initialized["capabilities"] ?? [:]
    self.instructions = initialized["instructions"]?.stringValue
    self.transport = transport
    self.options = options
    self.peer = peer
    self.recentLog = recentLog
    self.listChanged = listChanged
  }

  /// Waits until `peer`'s channel has delivered its last event, or `limit` of real time has passed (then closes it).
  private static func waitForEnd(of peer: JSONRPCPeer, atMost limit: Duration) async {
    let deadline = Task {
      guard (try? await Task.sleep(for: limit)) != nil else { return }
      await peer.close()
    }
    await peer.waitUntilDrained()
    deadline.cancel()
  }

  /// The most log lines kept for error messages.
  static let keptLogLines = 20

  /// Starts or opens `transport`, then runs the `initialize` handshake.
  ///
  /// - Parameters:
  ///   - transport: How to reach the server.
  ///   - options: Timeouts, the client's name, the log.
  /// - Returns: A connected client.
  /// - Throws: ``MCPClientError``: ``MCPClientError/launchFailed(server:reason:)``,
  ///   ``MCPClientError/initializeTimedOut(server:after:)``, ``MCPClientError/disconnected(server:reason:log:)``
  ///   when the process exits first, ``MCPClientError/unsupportedProtocolVersion(server:version:)``;
  ///   `CancellationError` when cancelled.
  public static func connect(_ transport: MCPTransport, options: Options = Options()) async throws -> MCPClient {
    let channel: any MessageChannel
    switch transport.kind {
    case .process(let launch):
      channel = try launchChannel(launch, server: transport.description)
    case .http(let endpoint):
      channel = HTTPChannel(endpoint)
    }
    return try await connect(over: channel, transport: transport, options: options)
  }

  /// Runs the `initialize` handshake over an open channel (tests pass one they script).
  static func connect(
    over channel: any MessageChannel, transport: MCPTransport, options: Options
  ) async throws -> MCPClient {
    let name = transport.description
    let peer = JSONRPCPeer(channel: channel)
    let recentLog = LockIsolated<[String]>([])
    let listChanged = LockIsolated<[UUID: AsyncStream<Void>.Continuation]>([:])
    let log = options.log
    await peer.start(
      onNotification: { method, _ in
        guard method == "notifications/tools/list_changed" else { return }
        for continuation in listChanged.value.values { continuation.yield() }
      },
      onLog: { line in
        recentLog.withValue { lines in
          lines.append(line)
          if lines.count > keptLogLines { lines.removeFirst(lines.count - keptLogLines) }
        }
        log(line)
      })
    let params: JSONValue = [
      "protocolVersion": .string(MCPProtocolVersion.latest.rawValue),
      "capabilities": [:],
      "clientInfo": options.clientInfo.json,
    ]
    let initialized: JSONValue
    do {
      initialized = try await peer.request(
        "initialize", params: params, timeout: options.initializeTimeout, clock: options.clock)
    } catch {
      if case JSONRPCPeer.Failure.closed = error {
        // A server that died at once wrote why just before: its last log lines arrive before the channel's end.
        await waitForEnd(of: peer, atMost: .seconds(3))
      }
      await peer.close()
      throw map(error, server: name, method: "initialize", log: recentLog.value, timeout: options.initializeTimeout)
    }
    guard let version = initialized["protocolVersion"]?.stringValue else {
      await peer.close()
      throw MCPClientError.invalidResponse(server: name, method: "initialize", problem: "no \"protocolVersion\"")
    }
    guard MCPProtocolVersion.supported.contains(MCPProtocolVersion(rawValue: version)) else {
      await peer.close()
      throw MCPClientError.unsupportedProtocolVersion(server: name, version: version)
    }
    let http = channel as? HTTPChannel
    http?.negotiated(protocolVersion: version)
    await peer.notify("notifications/initialized")
    http?.openServerStream()
    return MCPClient(
      initialized: initialized, transport: transport, options: options, peer: peer, recentLog: recentLog,
      listChanged: listChanged)
  }

  /// Whether the connection is still open: `false` once the server exited, ended the session, could not be
  /// reached, or ``close()`` was called.
  ///
  /// It turns `false` before a call that failed with ``MCPClientError/disconnected(server:reason:log:)`` throws,
  /// so checking it after such an error (to offer to reconnect) always agrees with the error.
  public var isConnected: Bool {
    get async { await peer.closed == nil }
  }

  /// Checks that the server answers.
  ///
  /// - Throws: ``MCPClientError``; `CancellationError` when cancelled.
  public func ping() async throws {
    _ = try await send("ping")
  }

  /// Every tool the server offers, following `nextCursor` through all pages.
  ///
  /// - Returns: The tools, in the server's order.
  /// - Throws: ``MCPClientError``; `CancellationError` when cancelled.
  public func listTools() async throws -> [MCPTool] {
    var tools: [MCPTool] = []
    var cursor: String?
    var seen: Set<String> = []
    repeat {
      let page = try await listTools(cursor: cursor)
      tools += page.tools
      cursor = page.nextCursor
      if let next = cursor, !seen.insert(next).inserted {
        throw MCPClientError.invalidResponse(
          server: serverInfo.name, method: "tools/list", problem: "the cursor \"\(next)\" repeats")
      }
    } while cursor != nil
    return tools
  }

  /// One page of tools.
  ///
  /// - Parameter cursor: The previous page's `nextCursor`; `nil` for the first page.
  /// - Returns: The page's tools and the cursor of the next page, if any.
  /// - Throws: ``MCPClientError``; `CancellationError` when cancelled.
  public func listTools(cursor: String?) async throws -> (tools: [MCPTool], nextCursor: String?) {
    let result = try await send("tools/list", params: cursor.map { ["cursor": .string($0)] })
    guard let list = result["tools"]?.arrayValue else {
      throw MCPClientError.invalidResponse(server: serverInfo.name, method: "tools/list", problem: "no \"tools\" array")
    }
    let tools = list.compactMap(MCPTool.init(json:))
    return (tools, result["nextCursor"]?.stringValue)
  }

  /// Calls a tool.
  ///
  /// A tool that fails answers with ``MCPToolResult/isError`` set, not by throwing.
  /// Cancelling the calling task tells the server with `notifications/cancelled`.
  ///
  /// - Parameters:
  ///   - name: The tool's name.
  ///   - arguments: The arguments object.
  ///   - progress: Receives the server's progress updates for this call.
  /// - Returns: The result.
  /// - Throws: ``MCPClientError`` (an unknown tool is usually ``MCPClientError/remote(server:method:error:)``
  ///   with ``JSONRPCError/invalidParams``); `CancellationError` when cancelled.
  public func callTool(
    _ name: String,
    arguments: JSONValue = [:],
    progress: (@Sendable (MCPProgress) -> Void)? = nil
  ) async throws -> MCPToolResult {
    let result = try await send(
      "tools/call", params: ["name": .string(name), "arguments": arguments], progress: progress)
    guard result["content"]?.arrayValue != nil || result["structuredContent"] != nil else {
      throw MCPClientError.invalidResponse(server: serverInfo.name, method: "tools/call", problem: "no \"content\"")
    }
    return MCPToolResult(json: result)
  }

  /// Yields each time the server sends `notifications/tools/list_changed`, until the connection closes
  /// or the consumer stops.
  public var toolListChanges: AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let key = UUID()
    listChanged.withValue { $0[key] = continuation }
    let listChanged = listChanged
    continuation.onTermination = { _ in listChanged.withValue { $0[key] = nil } }
    let peer = peer
    Task {
      await peer.waitUntilClosed()
      continuation.finish()
    }
    return stream
  }

  /// Ends the connection. Over stdio it closes the server's input; a server process still running after the
  /// transport's exit grace period is sent SIGTERM, and SIGKILL after its termination grace period (2 seconds each
  /// unless set in
  /// ``MCPTransport/process(executable:arguments:environment:currentDirectory:exitGracePeriod:terminationGracePeriod:)``),
  /// and it returns once the process has exited. Over HTTP it ends the session with a DELETE. Pending calls fail
  /// with ``MCPClientError/disconnected(server:reason:log:)``.
  public func close() async {
    await peer.close()
    for continuation in listChanged.value.values { continuation.finish() }
  }

  private func send(
    _ method: String,
    params: JSONValue? = nil,
    progress: (@Sendable (MCPProgress) -> Void)? = nil
  ) async throws -> JSONValue {
    do {
      return try await peer.request(
        method, params: params, progress: progress, timeout: options.requestTimeout, clock: options.clock)
    } catch {
      throw Self.map(
        error, server: serverInfo.name, method: method, log: recentLog.value, timeout: options.requestTimeout)
    }
  }

  private static func map(_ error: any Error, server: String, method: String, log: [String], timeout: Duration?)
    -> any Error
  {
    guard let failure = error as? JSONRPCPeer.Failure else { return error }
    switch failure {
    case .remote(let error): return MCPClientError.remote(server: server, method: method, error: error)
    case .closed(let reason): return MCPClientError.disconnected(server: server, reason: reason, log: log)
    case .exchangeFailed(let problem):
      return MCPClientError.invalidResponse(server: server, method: method, problem: problem)
    case .timedOut:
      let after = timeout ?? .zero
      if method == "initialize" { return MCPClientError.initializeTimedOut(server: server, after: after) }
      return MCPClientError.timedOut(server: server, method: method, after: after)
    }
  }
}

extension MCPClient {
  /// Starts the server process of a stdio transport.
  fileprivate static func launchChannel(
    _ launch: MCPTransport.ProcessLaunch, server: String
  ) throws(MCPClientError) -> any MessageChannel {
    #if os(macOS) || os(Linux)
      do {
        return try ProcessChannel(launch)
      } catch {
        throw MCPClientError.launchFailed(server: server, reason: error.reason)
      }
    #else
      _ = launch
      throw MCPClientError.launchFailed(
        server: server,
        reason: "this platform cannot start processes (only macOS and Linux can); run the MCP server on a Mac or "
          + "a Linux machine and use its tools from there")
    #endif
  }
}
