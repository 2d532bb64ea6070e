import AgentSkill
import AgentSkillLLM
import Foundation

/// A connection to one MCP server: find out which revision it speaks, list its tools, call them.
///
/// ```swift
/// let client = try await MCPClient.connect(.process(executable: "/usr/bin/python3", arguments: ["server.py"]))
/// print(client.serverInfo)                        // calc-server 1.2.3
/// print(client.protocolVersion)                   // 2026-07-28, or a handshake revision
/// let tools = try await client.listTools()        // every page
/// let result = try await client.callTool("add", arguments: ["a": 2, "b": 3])
/// print(result.text)                              // 5
/// await client.close()
/// ```
///
/// Connecting probes with `server/discover` (revision 2026-07-28): a modern server answers, and every later
/// request carries the revision, the client's name and capabilities in `_meta`, with no session. Any other
/// answer (an error, or none within ``Options/discoverTimeout``) falls back to the `initialize` handshake of
/// revisions 2025-11-25 back to 2024-11-05. ``Options/era`` skips the probe or the fallback.
///
/// A server's questions for the user — `elicitation/create` in the handshake era, the input requests of an
/// `input_required` result in the modern one, after which the call is retried with the answers — both go to
/// ``Options/elicit``. `tools/list` results are kept while the server's `ttlMs` says they are fresh.
/// The client answers the server's `ping`; cancelling the task awaiting a call sends
/// `notifications/cancelled`. When the server exits, every pending and later call fails with
/// ``MCPClientError/disconnected(server:reason:log:)`` naming it; connect again to continue.
public final class MCPClient: Sendable {
  /// Settings for connecting.
  public struct Options: Sendable {
    /// How this client names itself in `initialize` and in each modern request's `_meta`.
    public var clientInfo: MCPImplementation
    /// Which era to speak. Defaults to ``Era/auto``: probe, then fall back.
    public var era: Era
    /// How long to wait for the answer to `initialize`. Defaults to 30 seconds.
    public var initializeTimeout: Duration
    /// How long to wait for the answer to the `server/discover` probe before taking the server for a handshake-era
    /// one (which may not answer unknown methods at all). Defaults to 10 seconds.
    public var discoverTimeout: Duration
    /// How long to wait for any other answer; `nil` (the default) waits until the call is cancelled.
    public var requestTimeout: Duration?
    /// The clock the timeouts and the tool list's freshness run on; tests pass a test clock.
    public var clock: any Clock<Duration>
    /// Receives the server's log lines (a process's stderr) and dropped messages. Defaults to nothing.
    public var log: @Sendable (String) -> Void
    /// Asks the user a server's question (to confirm a call, usually) and returns the answer. When set, the
    /// client declares elicitation; `nil` (the default) declares nothing, and servers do not ask.
    public var elicit: (@Sendable (MCPElicitation) async -> MCPElicitationAnswer)?

    /// Creates options.
    ///
    /// - Parameters:
    ///   - clientInfo: How this client names itself.
    ///   - era: Which era to speak.
    ///   - initializeTimeout: How long to wait for `initialize`.
    ///   - discoverTimeout: How long to wait for the `server/discover` probe.
    ///   - requestTimeout: How long to wait for other answers.
    ///   - clock: The clock for the timeouts.
    ///   - log: Receives the server's log lines.
    ///   - elicit: Asks the user a server's question.
    public init(
      clientInfo: MCPImplementation = MCPImplementation(name: "AgentSkill", version: "1.0.0"),
      era: Era = .auto,
      initializeTimeout: Duration = .seconds(30),
      discoverTimeout: Duration = .seconds(10),
      requestTimeout: Duration? = nil,
      clock: any Clock<Duration> = ContinuousClock(),
      log: @escaping @Sendable (String) -> Void = { _ in },
      elicit: (@Sendable (MCPElicitation) async -> MCPElicitationAnswer)? = nil
    ) {
      self.clientInfo = clientInfo
      self.era = era
      self.initializeTimeout = initializeTimeout
      self.discoverTimeout = discoverTimeout
      self.requestTimeout = requestTimeout
      self.clock = clock
      self.log = log
      self.elicit = elicit
    }
  }

  /// The server's name and version, from `server/discover` or `initialize`.
  public let serverInfo: MCPImplementation
  /// The protocol revision in use: a modern one sent with every request, or the one `initialize` agreed on.
  public let protocolVersion: MCPProtocolVersion
  /// Every revision the server says it speaks (`server/discover`'s `supportedVersions`); for a handshake-era
  /// server, the agreed one.
  public let serverVersions: [MCPProtocolVersion]
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
  private let toolCache: ToolListCache
  /// The `subscriptions/listen` request that brings a modern server's `list_changed`, once someone listens.
  private let subscription = LockIsolated<Task<Void, Never>?>(nil)

  /// What connecting learnt about the server.
  private struct Agreement {
    let version: MCPProtocolVersion
    let serverVersions: [MCPProtocolVersion]
    /// The `server/discover` or `initialize` result.
    let result: JSONValue
    /// The server's name and version, wherever the era puts it.
    let serverInfo: JSONValue?
  }

  private init(
    agreement: Agreement,
    transport: MCPTransport,
    options: Options,
    peer: JSONRPCPeer,
    recentLog: LockIsolated<[String]>,
    listChanged: LockIsolated<[UUID: AsyncStream<Void>.Continuation]>,
    toolCache: ToolListCache
  ) {
    self.serverInfo =
      agreement.serverInfo.flatMap(MCPImplementation.init(json:))
      ?? MCPImplementation(name: transport.description, version: "")
    self.protocolVersion = agreement.version
    self.serverVersions = agreement.serverVersions
    self.serverCapabilities = agreement.result["capabilities"] ?? [:]
    self.instructions = agreement.result["instructions"]?.stringValue
    self.transport = transport
    self.options = options
    self.peer = peer
    self.recentLog = recentLog
    self.listChanged = listChanged
    self.toolCache = toolCache
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
  /// The most `input_required` rounds one call may take before the client gives up.
  static let maximumInputRounds = 10

  /// Starts or opens `transport`, then finds out which revision the server speaks: the `server/discover`
  /// probe, else the `initialize` handshake (see ``Options/era``).
  ///
  /// - Parameters:
  ///   - transport: How to reach the server.
  ///   - options: Timeouts, the era, the client's name, the log, the elicitation handler.
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

  /// Connects over an open channel (tests pass one they script).
  static func connect(
    over channel: any MessageChannel, transport: MCPTransport, options: Options
  ) async throws -> MCPClient {
    let name = transport.description
    let peer = JSONRPCPeer(channel: channel)
    let recentLog = LockIsolated<[String]>([])
    let listChanged = LockIsolated<[UUID: AsyncStream<Void>.Continuation]>([:])
    let toolCache = ToolListCache()
    let log = options.log
    let elicit = options.elicit
    await peer.start(
      onRequest: { _, method, params in
        // A handshake-era server asks its questions as requests of its own.
        guard method == "elicitation/create", let elicit else {
          return .failure(JSONRPCError(code: JSONRPCError.methodNotFound, message: "Method not found: \(method)"))
        }
        return .success(await elicit(MCPElicitation(params: params ?? [:])).json)
      },
      onNotification: { method, _ in
        // Once a modern server acknowledges the `subscriptions/listen` stream, changes reach this client; one
        // made before that would be lost, so the acknowledgement counts as a change: listeners list the tools again.
        guard method == "notifications/tools/list_changed" || method == "notifications/subscriptions/acknowledged"
        else { return }
        toolCache.invalidate()
        for continuation in listChanged.value.values { continuation.yield() }
      },
      onLog: { line in
        recentLog.withValue { lines in
          lines.append(line)
          if lines.count > keptLogLines { lines.removeFirst(lines.count - keptLogLines) }
        }
        log(line)
      })
    let http = (channel as? HTTPChannel) ?? ((channel as? TracingChannel)?.base as? HTTPChannel)
    var agreement: Agreement?
    do {
      if options.era != .legacy {
        agreement = try await discover(peer: peer, http: http, options: options, server: name)
        if agreement == nil, options.era == .modern {
          throw MCPClientError.unsupportedProtocolVersion(server: name, version: "a handshake-era revision")
        }
      }
      if agreement == nil {
        do {
          agreement = try await initialize(peer: peer, http: http, options: options, server: name)
        } catch JSONRPCPeer.Failure.remote(let error)
          where error.code == JSONRPCError.unsupportedProtocolVersion && options.era == .auto
        {
          // A modern server that started slowly: the probe timed out here but reached it, and it now refuses the
          // handshake. Ask again, waiting as long as for initialize.
          var patient = options
          patient.discoverTimeout = options.initializeTimeout
          agreement = try await discover(peer: peer, http: http, options: patient, server: name)
          if agreement == nil { throw JSONRPCPeer.Failure.remote(error) }
        }
      }
    } catch {
      if case JSONRPCPeer.Failure.closed = error {
        // A server that died at once wrote why just before: its last log lines arrive before the channel's end.
        await waitForEnd(of: peer, atMost: .seconds(3))
      }
      await peer.close()
      throw map(error, server: name, method: "initialize", log: recentLog.value, timeout: options.initializeTimeout)
    }
    guard let agreement else {
      await peer.close()
      throw MCPClientError.invalidResponse(server: name, method: "initialize", problem: "no answer")
    }
    return MCPClient(
      agreement: agreement, transport: transport, options: options, peer: peer, recentLog: recentLog,
      listChanged: listChanged, toolCache: toolCache)
  }

  /// The `_meta` every modern request carries.
  private static func modernMeta(_ version: MCPProtocolVersion, options: Options) -> JSONObject {
    [
      MCPMeta.protocolVersion: .string(version.rawValue),
      MCPMeta.clientInfo: options.clientInfo.json,
      MCPMeta.clientCapabilities: options.elicit == nil ? [:] : ["elicitation": ["form": [:]]],
    ]
  }

  /// Probes with `server/discover`; `nil` when the server is of the handshake era.
  private static func discover(
    peer: JSONRPCPeer, http: HTTPChannel?, options: Options, server: String
  ) async throws -> Agreement? {
    let version = MCPProtocolVersion.latest
    // The probe carries the modern header; a handshake-era server gets none until `initialize` agrees on one.
    http?.negotiated(protocolVersion: version.rawValue)
    var modern = false
    defer { if !modern { http?.negotiated(protocolVersion: nil) } }
    let result: JSONValue
    do {
      result = try await peer.request(
        "server/discover", params: MCPMeta.adding(modernMeta(version, options: options), to: nil),
        timeout: options.discoverTimeout, clock: options.clock)
    } catch JSONRPCPeer.Failure.remote(let error) where error.code == JSONRPCError.unsupportedProtocolVersion {
      // A modern server that speaks none of our modern revisions: fall back only when it still speaks a
      // handshake one.
      let supported = (error.data?["supported"]?.arrayValue ?? []).compactMap(\.stringValue).map(
        MCPProtocolVersion.init(rawValue:))
      if supported.contains(where: MCPProtocolVersion.handshake.contains) { return nil }
      throw MCPClientError.unsupportedProtocolVersion(
        server: server, version: supported.map(\.rawValue).joined(separator: ", "))
    } catch JSONRPCPeer.Failure.remote, JSONRPCPeer.Failure.timedOut, JSONRPCPeer.Failure.exchangeFailed {
      // Any other error, or silence: a handshake-era server.
      return nil
    }
    let offered = (result["supportedVersions"]?.arrayValue ?? []).compactMap(\.stringValue).map(
      MCPProtocolVersion.init(rawValue:))
    guard let chosen = MCPProtocolVersion.modern.first(where: offered.contains) else { return nil }
    modern = true
    http?.negotiated(protocolVersion: chosen.rawValue)
    return Agreement(
      version: chosen, serverVersions: offered, result: result,
      serverInfo: result["_meta"]?[MCPMeta.serverInfo] ?? result["serverInfo"])
  }

  /// Runs the `initialize` handshake.
  private static func initialize(
    peer: JSONRPCPeer, http: HTTPChannel?, options: Options, server: String
  ) async throws -> Agreement {
    let params: JSONValue = [
      "protocolVersion": .string(MCPProtocolVersion.latestHandshake.rawValue),
      "capabilities": options.elicit == nil ? [:] : ["elicitation": [:]],
      "clientInfo": options.clientInfo.json,
    ]
    let initialized = try await peer.request(
      "initialize", params: params, timeout: options.initializeTimeout, clock: options.clock)
    guard let version = initialized["protocolVersion"]?.stringValue else {
      throw MCPClientError.invalidResponse(server: server, method: "initialize", problem: "no \"protocolVersion\"")
    }
    guard MCPProtocolVersion.handshake.contains(MCPProtocolVersion(rawValue: version)) else {
      throw MCPClientError.unsupportedProtocolVersion(server: server, version: version)
    }
    http?.negotiated(protocolVersion: version)
    await peer.notify("notifications/initialized")
    http?.openServerStream()
    return Agreement(
      version: MCPProtocolVersion(rawValue: version), serverVersions: [MCPProtocolVersion(rawValue: version)],
      result: initialized, serverInfo: initialized["serverInfo"])
  }

  /// Whether the connection is still open: `false` once the server exited, ended the session, could not be
  /// reached, or ``close()`` was called.
  ///
  /// It turns `false` before a call that failed with ``MCPClientError/disconnected(server:reason:log:)`` throws,
  /// so checking it after such an error (to offer to reconnect) always agrees with the error.
  public var isConnected: Bool {
    get async { await peer.closed == nil }
  }

  /// Checks that the server answers: `ping` in the handshake era, `server/discover` in the modern one (which
  /// has no `ping`).
  ///
  /// - Throws: ``MCPClientError``; `CancellationError` when cancelled.
  public func ping() async throws {
    _ = try await send(protocolVersion.isModern ? "server/discover" : "ping")
  }

  /// Every tool the server offers, following `nextCursor` through all pages.
  ///
  /// When the server gave a cache hint (`ttlMs`, revision 2026-07-28), the list is kept that long on
  /// ``Options/clock`` and returned again without asking; `notifications/tools/list_changed` drops it.
  ///
  /// - Returns: The tools, in the server's order.
  /// - Throws: ``MCPClientError``; `CancellationError` when cancelled.
  public func listTools() async throws -> [MCPTool] {
    if let cached = toolCache.fresh { return cached }
    let generation = toolCache.generation
    var tools: [MCPTool] = []
    var cursor: String?
    var seen: Set<String> = []
    var ttl: Int? = Int.max
    repeat {
      let page = try await listPage(cursor: cursor)
      tools += page.tools
      // The list is as fresh as its stalest page; a page without a hint is stale at once.
      ttl = page.ttl.flatMap { hint in ttl.map { min($0, hint) } }
      cursor = page.nextCursor
      if let next = cursor, !seen.insert(next).inserted {
        throw MCPClientError.invalidResponse(
          server: serverInfo.name, method: "tools/list", problem: "the cursor \"\(next)\" repeats")
      }
    } while cursor != nil
    if let ttl, ttl > 0 {
      toolCache.store(tools, for: .milliseconds(ttl), on: options.clock, listedAt: generation)
    }
    return tools
  }

  /// One page of tools.
  ///
  /// - Parameter cursor: The previous page's `nextCursor`; `nil` for the first page.
  /// - Returns: The page's tools and the cursor of the next page, if any.
  /// - Throws: ``MCPClientError``; `CancellationError` when cancelled.
  public func listTools(cursor: String?) async throws -> (tools: [MCPTool], nextCursor: String?) {
    let page = try await listPage(cursor: cursor)
    return (page.tools, page.nextCursor)
  }

  private func listPage(cursor: String?) async throws -> (tools: [MCPTool], nextCursor: String?, ttl: Int?) {
    let result = try await send("tools/list", params: cursor.map { ["cursor": .string($0)] })
    guard let list = result["tools"]?.arrayValue else {
      throw MCPClientError.invalidResponse(server: serverInfo.name, method: "tools/list", problem: "no \"tools\" array")
    }
    let tools = list.compactMap(MCPTool.init(json:))
    // A negative hint counts as 0 (stale at once).
    let ttl = result["ttlMs"]?.intValue.map { max(0, $0) }
    return (tools, result["nextCursor"]?.stringValue, ttl)
  }

  /// Calls a tool.
  ///
  /// A tool that fails answers with ``MCPToolResult/isError`` set, not by throwing.
  /// Cancelling the calling task tells the server with `notifications/cancelled`. When a modern server answers
  /// that it needs input first (`input_required`), its questions go to ``Options/elicit`` and the call is sent
  /// again with the answers and the server's `requestState`, up to 10 rounds.
  ///
  /// - Parameters:
  ///   - name: The tool's name.
  ///   - arguments: The arguments object.
  ///   - traceparent: A W3C trace context (`00-<trace id>-<span id>-<flags>`) sent in `_meta`, linking the
  ///     server's work to the caller's trace; an ill-formed one is not sent.
  ///   - progress: Receives the server's progress updates for this call.
  /// - Returns: The result.
  /// - Throws: ``MCPClientError`` (an unknown tool is usually ``MCPClientError/remote(server:method:error:)``
  ///   with ``JSONRPCError/invalidParams``); `CancellationError` when cancelled.
  public func callTool(
    _ name: String,
    arguments: JSONValue = [:],
    traceparent: String? = nil,
    progress: (@Sendable (MCPProgress) -> Void)? = nil
  ) async throws -> MCPToolResult {
    var params: JSONObject = ["name": .string(name), "arguments": arguments]
    if let traceparent, MCPMeta.isTraceparent(traceparent) {
      params["_meta"] = [MCPMeta.traceparent: .string(traceparent)]
    }
    var rounds = 0
    while true {
      let result = try await send("tools/call", params: .object(params), progress: progress)
      guard result["resultType"]?.stringValue == "input_required" else {
        guard result["content"]?.arrayValue != nil || result["structuredContent"] != nil else {
          throw MCPClientError.invalidResponse(server: serverInfo.name, method: "tools/call", problem: "no \"content\"")
        }
        return MCPToolResult(json: result)
      }
      rounds += 1
      guard rounds <= Self.maximumInputRounds else {
        throw MCPClientError.invalidResponse(
          server: serverInfo.name, method: "tools/call",
          problem: "it still asked for input after \(Self.maximumInputRounds) rounds")
      }
      params["inputResponses"] = try await answer(result["inputRequests"])
      // Echoed exactly as sent, and only when sent.
      params["requestState"] = result["requestState"]
    }
  }

  /// Answers the input requests of an `input_required` result; `nil` when it asked nothing.
  private func answer(_ requests: JSONValue?) async throws -> JSONValue? {
    guard let requests = requests?.objectValue, !requests.isEmpty else { return nil }
    var answers = JSONObject()
    for (key, request) in requests.members {
      let method = request["method"]?.stringValue ?? "nothing"
      guard method == "elicitation/create", let elicit = options.elicit else {
        throw MCPClientError.invalidResponse(
          server: serverInfo.name, method: "tools/call",
          problem: "it asked for \(method), which this client did not declare")
      }
      answers[key] = await elicit(MCPElicitation(params: request["params"] ?? [:])).json
    }
    return .object(answers)
  }

  /// Yields each time the server sends `notifications/tools/list_changed`, until the connection closes
  /// or the consumer stops. From a modern server they come on a `subscriptions/listen` stream, opened the first
  /// time this is read; it also yields once when the server acknowledges that stream, so a change made while it
  /// was being opened is not missed.
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
    if protocolVersion.isModern { subscribeToToolListChanges() }
    return stream
  }

  /// Opens a `subscriptions/listen` stream for `notifications/tools/list_changed` (a modern server sends them only
  /// there), once; it lasts until ``close()``.
  private func subscribeToToolListChanges() {
    subscription.withValue { task in
      guard task == nil else { return }
      task = Task { [weak self] in
        _ = try? await self?.send("subscriptions/listen", params: ["notifications": ["toolsListChanged": true]])
      }
    }
  }

  /// Ends the connection. Over stdio it closes the server's input; a server process still running after the
  /// transport's exit grace period is sent SIGTERM, and SIGKILL after its termination grace period (2 seconds each
  /// unless set in
  /// ``MCPTransport/process(executable:arguments:environment:currentDirectory:exitGracePeriod:terminationGracePeriod:)``),
  /// and it returns once the process has exited. Over HTTP it ends the session with a DELETE. Pending calls fail
  /// with ``MCPClientError/disconnected(server:reason:log:)``.
  public func close() async {
    subscription.value?.cancel()
    await peer.close()
    for continuation in listChanged.value.values { continuation.finish() }
  }

  private func send(
    _ method: String,
    params: JSONValue? = nil,
    progress: (@Sendable (MCPProgress) -> Void)? = nil
  ) async throws -> JSONValue {
    var params = params
    if protocolVersion.isModern {
      params = MCPMeta.adding(Self.modernMeta(protocolVersion, options: options), to: params)
    }
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
