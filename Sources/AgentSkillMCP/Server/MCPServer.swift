import AgentSkill
import AgentSkillLLM
import Foundation

/// Serves a ``/AgentSkillLLM/SkillRegistry``'s skills to any MCP client.
///
/// ```swift
/// let registry = SkillRegistry()
/// try registry.register(WeatherSkill())
/// let server = MCPServer(name: "weather", version: "1.0.0", registry: registry)
/// await server.serveStandardIO()   // until the client closes stdin
/// ```
///
/// Over Streamable HTTP, ``serveHTTP(port:bearerToken:onListening:)`` or ``MCPHTTPServer`` serve any number of
/// clients on 127.0.0.1.
///
/// It answers both eras of the protocol. A request whose `_meta` names a modern revision (2026-07-28) is served on
/// its own, with no session: `server/discover` lists the revisions, capabilities and identity; every result carries
/// `resultType` and the server's name in `_meta`, and `tools/list` a cache hint (``toolListLifetime``). An
/// `initialize` request opens a handshake-era session instead (2025-11-25 back to 2024-11-05).
///
/// `tools/list` lists the registry's available skills (enabled and permitted), sorted by id, with their input
/// schemas and, for skills with structured output, their `outputSchema`;
/// `tools/call` validates the arguments and runs the skill with ``environment`` (its clock, monitor and log
/// sink), as the chat agent does. Invalid arguments and failed runs answer with `isError` and the message a
/// model can act on; an unknown tool is the JSON-RPC error `-32602`. When a call carries a `progressToken`, the
/// progress the skill reports is sent as `notifications/progress`, in the order reported and before the result.
/// A skill that requires confirmation runs only after the user accepts, asked in each era's form: in a session, an
/// `elicitation/create` request to the client; in a modern request, an `input_required` result whose input request
/// the client answers by sending the call again with `inputResponses` and the `requestState` it got. A client that
/// did not declare elicitation gets `isError` saying confirmation is required (a session) or the error `-32021`
/// naming the capability (a modern request). Malformed messages get JSON-RPC
/// errors (`-32700` for a line that is not JSON, `-32600` for an invalid message, a line over 32 MiB, or a request
/// reusing the id of one still in progress); a client that disconnects mid-call cancels its calls and ends serving
/// that connection only, which is then released.
public final class MCPServer: Sendable {
  /// How the server names itself in `initialize`.
  public let serverInfo: MCPImplementation
  /// The skills served.
  public let registry: SkillRegistry
  /// Clock, dependencies, monitor and log sink for the runs.
  public let environment: SkillEnvironment
  /// How to use the server, sent in `initialize`.
  public let instructions: String?
  /// How long a modern client may keep a `tools/list` result (its `ttlMs` cache hint). Zero, the default, tells it
  /// to ask again each time: the registry's skills can be enabled and disabled at any moment.
  public let toolListLifetime: Duration
  /// The most tools in one `tools/list` page.
  let pageSize: Int

  /// Creates a server.
  ///
  /// - Parameters:
  ///   - name: The server's name.
  ///   - version: The server's version.
  ///   - registry: The skills to serve.
  ///   - environment: Clock, dependencies, monitor and log sink for the runs.
  ///   - instructions: How to use the server, for the client's model.
  ///   - toolListLifetime: How long modern clients may keep the tool list.
  public convenience init(
    name: String,
    version: String,
    registry: SkillRegistry,
    environment: SkillEnvironment = SkillEnvironment(),
    instructions: String? = nil,
    toolListLifetime: Duration = .zero
  ) {
    self.init(
      name: name, version: version, registry: registry, environment: environment, instructions: instructions,
      toolListLifetime: toolListLifetime, pageSize: 100)
  }

  init(
    name: String, version: String, registry: SkillRegistry, environment: SkillEnvironment, instructions: String?,
    toolListLifetime: Duration = .zero, pageSize: Int
  ) {
    self.serverInfo = MCPImplementation(name: name, version: version)
    self.registry = registry
    self.environment = environment
    self.instructions = instructions
    self.toolListLifetime = max(.zero, toolListLifetime)
    self.pageSize = max(1, pageSize)
  }

  /// Serves one client on this process's stdin and stdout until the client closes stdin.
  ///
  /// Write nothing else to stdout meanwhile: it carries the protocol. Log to stderr.
  ///
  /// ```swift
  /// func serve(_ server: MCPServer) async {
  ///   await server.serveStandardIO { event in
  ///     FileHandle.standardError.write(Data("\(event)\n".utf8))   // <- {"jsonrpc":"2.0",…}
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter trace: Receives every message received and sent, and the end of the connection; `nil`
  ///   (the default) traces nothing.
  public func serveStandardIO(trace: (@Sendable (MCPTraceEvent) -> Void)? = nil) async {
    let channel: any MessageChannel = StandardIOChannel()
    await serve(trace.map { TracingChannel(channel, trace: $0) } ?? channel)
  }

  /// Serves one client over `channel` until it closes; `log` receives the channel's log lines.
  func serve(
    _ channel: any MessageChannel,
    log: @escaping @Sendable (String) -> Void = { line in FileHandle.standardError.write(Data("mcp: \(line)\n".utf8)) }
  ) async {
    let peer = JSONRPCPeer(channel: channel)
    let session = Session(peer: peer)
    await peer.start(
      onRequest: { [self] _, method, params in
        await self.handle(method, params: params, session: session)
      },
      onLog: log)
    await peer.waitUntilClosed()
  }

  /// What a connection's client declared in `initialize`.
  private final class Session: Sendable {
    let peer: JSONRPCPeer
    let clientCapabilities = LockIsolated<JSONValue>([:])
    let protocolVersion = LockIsolated<MCPProtocolVersion?>(nil)
    init(peer: JSONRPCPeer) { self.peer = peer }
  }

  /// How the client of one call asks the user: through its session, or through an `input_required` result.
  private enum Asker {
    case session(Session)
    /// A modern request: the client's capabilities and the call's `inputResponses` and `requestState`.
    case modern(capabilities: JSONValue, responses: JSONValue?, state: String?)
  }

  private func handle(_ method: String, params: JSONValue?, session: Session) async -> Result<JSONValue, JSONRPCError> {
    if let meta = params?["_meta"]?.objectValue, meta[MCPMeta.protocolVersion] != nil || method == "server/discover" {
      return await handleModern(method, params: params ?? [:], meta: meta, peer: session.peer)
    }
    if method == "server/discover" {
      return .failure(Self.missingMeta(MCPMeta.protocolVersion))
    }
    switch method {
    case "initialize":
      let requested = MCPProtocolVersion(rawValue: params?["protocolVersion"]?.stringValue ?? "")
      let agreed = MCPProtocolVersion.negotiate(requested: requested)
      session.clientCapabilities.setValue(params?["capabilities"] ?? [:])
      session.protocolVersion.setValue(agreed)
      var result: JSONObject = [
        "protocolVersion": .string(agreed.rawValue),
        "capabilities": ["tools": ["listChanged": false]],
        "serverInfo": serverInfo.json,
      ]
      if let instructions { result["instructions"] = .string(instructions) }
      return .success(.object(result))
    case "tools/list":
      return await listTools(cursor: params?["cursor"]?.stringValue)
    case "tools/call":
      return await callTool(params ?? [:], peer: session.peer, asker: .session(session))
    default:
      return .failure(JSONRPCError(code: JSONRPCError.methodNotFound, message: "Method not found: \(method)"))
    }
  }

  /// Checks a modern request's `_meta` (its revision and capabilities), or returns the error to answer with;
  /// `nil` when it is well-formed. The HTTP transport checks first, to answer with the status the error needs.
  func checkModern(_ method: String, meta: JSONObject) -> JSONRPCError? {
    guard let version = meta[MCPMeta.protocolVersion]?.stringValue else {
      return Self.missingMeta(MCPMeta.protocolVersion)
    }
    guard MCPProtocolVersion(rawValue: version).isModern else {
      return JSONRPCError(
        code: JSONRPCError.unsupportedProtocolVersion,
        message:
          "Unsupported protocol version \(version): this server speaks "
          + "\(MCPProtocolVersion.supported.map(\.rawValue).joined(separator: ", ")) "
          + "(the handshake revisions through initialize).",
        data: [
          "supported": .array(MCPProtocolVersion.supported.map { .string($0.rawValue) }),
          "requested": .string(version),
        ])
    }
    guard meta[MCPMeta.clientCapabilities]?.objectValue != nil else {
      return Self.missingMeta(MCPMeta.clientCapabilities)
    }
    guard ["server/discover", "tools/list", "tools/call"].contains(method) else {
      return JSONRPCError(code: JSONRPCError.methodNotFound, message: "Method not found: \(method)")
    }
    return nil
  }

  private static func missingMeta(_ key: String) -> JSONRPCError {
    JSONRPCError(
      code: JSONRPCError.invalidParams,
      message: "Every request of revision 2026-07-28 carries \"\(key)\" in params._meta; send it, or initialize first.")
  }

  /// Serves one stateless request of a modern revision.
  private func handleModern(_ method: String, params: JSONValue, meta: JSONObject, peer: JSONRPCPeer) async -> Result<
    JSONValue, JSONRPCError
  > {
    if let error = checkModern(method, meta: meta) { return .failure(error) }
    let outcome: Result<JSONValue, JSONRPCError>
    switch method {
    case "server/discover":
      var result: JSONObject = [
        "supportedVersions": .array(MCPProtocolVersion.modern.map { .string($0.rawValue) }),
        "capabilities": ["tools": [:]],
      ]
      if let instructions { result["instructions"] = .string(instructions) }
      result["ttlMs"] = .integer(0)
      result["cacheScope"] = "public"
      outcome = .success(.object(result))
    case "tools/list":
      outcome = await listTools(cursor: params["cursor"]?.stringValue).map { result in
        var object = result.objectValue ?? [:]
        object["ttlMs"] = .integer(Self.milliseconds(toolListLifetime))
        object["cacheScope"] = "public"
        return .object(object)
      }
    default:
      outcome = await callTool(
        params, peer: peer,
        asker: .modern(
          capabilities: meta[MCPMeta.clientCapabilities] ?? [:], responses: params["inputResponses"],
          state: params["requestState"]?.stringValue))
    }
    return outcome.map { result in
      var object = result.objectValue ?? [:]
      if object["resultType"] == nil { object["resultType"] = "complete" }
      var resultMeta = object["_meta"]?.objectValue ?? [:]
      resultMeta[MCPMeta.serverInfo] = serverInfo.json
      object["_meta"] = .object(resultMeta)
      return .object(object)
    }
  }

  /// Whole milliseconds in `duration`, for `ttlMs`.
  static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(clamping: seconds) &* 1000 &+ Int(attoseconds / 1_000_000_000_000_000)
  }

  private func listTools(cursor: String?) async -> Result<JSONValue, JSONRPCError> {
    // Sorted by id: the same registry lists the same way every time, as revision 2026-07-28 asks, so clients'
    // caches and models' prompt caches hold.
    let skills = await MainActor.run {
      registry.availableSkills.sorted { $0.id < $1.id }.map(ServedTool.init)
    }
    var start = 0
    if let cursor {
      guard let offset = Int(cursor), (0...skills.count).contains(offset) else {
        return .failure(JSONRPCError(code: JSONRPCError.invalidParams, message: "Invalid cursor: \(cursor)"))
      }
      start = offset
    }
    let end = min(skills.count, start + pageSize)
    var result: JSONObject = ["tools": .array(skills[start..<end].map(\.json))]
    if end < skills.count { result["nextCursor"] = .string(String(end)) }
    return .success(.object(result))
  }

  /// What `tools/list` says about a skill, read on the main actor.
  private struct ServedTool: Sendable {
    let json: JSONValue
    init(_ skill: AnyToolSkill) {
      var object: JSONObject = ["name": .string(skill.id)]
      let title = skill.displayName.resolved(for: nil)
      if title != skill.id { object["title"] = .string(title) }
      object["description"] = .string(skill.description)
      object["inputSchema"] = skill.inputSchema.json
      if let outputSchema = skill.outputSchema { object["outputSchema"] = outputSchema.json }
      if skill.requiresConfirmation { object["annotations"] = ["destructiveHint": true] }
      json = .object(object)
    }
  }

  private func callTool(_ params: JSONValue, peer: JSONRPCPeer, asker: Asker) async -> Result<JSONValue, JSONRPCError> {
    guard let name = params["name"]?.stringValue else {
      return .failure(JSONRPCError(code: JSONRPCError.invalidParams, message: "tools/call needs a string \"name\"."))
    }
    let skill: AnyToolSkill? = await MainActor.run {
      registry.isAvailable(name) ? registry.skill(withID: name) : nil
    }
    guard let skill else {
      let names = await MainActor.run { registry.availableSkills.map(\.id) }
      return .failure(
        JSONRPCError(
          code: JSONRPCError.invalidParams,
          message: "Unknown tool: \(name). Available tools: \(names.joined(separator: ", ")).",
          data: ["tool": .string(name)]))
    }
    let prepared: PreparedToolCall
    do {
      prepared = try await skill.prepare(params["arguments"] ?? [:])
    } catch {
      return .success(Self.errorResult(error.description))
    }
    if prepared.requiresConfirmation {
      switch asker {
      case .session(let session):
        if let refusal = await confirm(prepared, skill: skill, session: session) {
          return .success(Self.errorResult(refusal))
        }
      case .modern(let capabilities, let responses, let state):
        switch confirmModern(prepared, skill: skill, capabilities: capabilities, responses: responses, state: state) {
        case .confirmed: break
        case .ask(let result): return .success(result)
        case .refused(let refusal): return .success(Self.errorResult(refusal))
        case .cannotAsk(let error): return .failure(error)
        }
      }
    }
    do {
      let output: ToolOutput
      if let token = params["_meta"]?["progressToken"] {
        // One task sends the updates, in the order the skill reported them, and all before the result;
        // MCP requires the progress to increase, so a value not above the last one sent is skipped.
        let (fractions, updates) = AsyncStream.makeStream(of: Double.self)
        let sender = Task {
          var last = -Double.infinity
          for await fraction in fractions where fraction > last {
            last = fraction
            await peer.notify(
              "notifications/progress", params: ["progressToken": token, "progress": .number(fraction), "total": 1.0])
          }
        }
        let context = SkillContext(skillName: prepared.skillName, environment: environment) { fraction in
          updates.yield(fraction)
        }
        let outcome: Result<ToolOutput, any Error>
        do {
          outcome = .success(try await prepared.run(context: context))
        } catch {
          outcome = .failure(error)
        }
        updates.finish()
        await sender.value
        output = try outcome.get()
      } else {
        output = try await prepared.run(environment: environment)
      }
      return .success(Self.result(output, skill: skill))
    } catch let error as ToolSkillError {
      return .success(Self.errorResult(error.description))
    } catch is CancellationError {
      return .failure(JSONRPCError(code: JSONRPCError.requestCancelled, message: "The call was cancelled."))
    } catch {
      return .success(
        Self.errorResult(ToolSkillError.executionFailed(skillID: skill.id, underlying: error).description))
    }
  }

  /// Asks the user through the client; returns why the call may not run, or `nil` when accepted.
  private func confirm(_ call: PreparedToolCall, skill: AnyToolSkill, session: Session) async -> String? {
    let title = skill.displayName.resolved(for: nil)
    guard session.clientCapabilities.value["elicitation"] != nil else {
      return
        "The tool \"\(skill.id)\" (\(title)) requires the user's confirmation, and this client cannot ask "
        + "(it did not declare elicitation). Ask the user to run it in the app instead."
    }
    let question = MCPElicitation(message: Self.question(call, title: title))
    let withMode = (session.protocolVersion.value ?? .latestHandshake) >= .revision20251125
    do {
      let answer = try await session.peer.request("elicitation/create", params: question.params(withMode: withMode))
      if answer["action"] == "accept" { return nil }
      return "The user did not confirm \"\(skill.id)\" (\(answer["action"]?.stringValue ?? "no answer")). Do not retry."
    } catch {
      return "The tool \"\(skill.id)\" requires confirmation and the client could not ask the user (\(error))."
    }
  }

  private static func question(_ call: PreparedToolCall, title: String) -> String {
    "Run \(title) with \(call.arguments.rendered())?"
  }

  /// What a modern request's confirmation comes to.
  private enum ModernConfirmation {
    case confirmed
    /// The `input_required` result to answer with.
    case ask(JSONValue)
    case refused(String)
    case cannotAsk(JSONRPCError)
  }

  /// Confirms a modern call from its `inputResponses`, or asks with an `input_required` result.
  ///
  /// `requestState` ties the answer to this call (the tool and its arguments): an answer given for another call is
  /// not taken, the client is asked again. The answer itself is the client's word, as in a session: a client can
  /// always claim the user accepted, so this guards against mix-ups, not against a lying client.
  private func confirmModern(
    _ call: PreparedToolCall, skill: AnyToolSkill, capabilities: JSONValue, responses: JSONValue?, state: String?
  ) -> ModernConfirmation {
    let title = skill.displayName.resolved(for: nil)
    let expected = Self.confirmationState(call)
    if let answer = responses?["confirm"].flatMap(MCPElicitationAnswer.init(json:)), state == expected {
      if answer.action == .accept { return .confirmed }
      return .refused("The user did not confirm \"\(skill.id)\" (\(answer.action.rawValue)). Do not retry.")
    }
    guard capabilities["elicitation"] != nil else {
      return .cannotAsk(Self.cannotConfirm(skill))
    }
    let question = MCPElicitation(message: Self.question(call, title: title))
    return .ask([
      "resultType": "input_required",
      "inputRequests": ["confirm": ["method": "elicitation/create", "params": question.params(withMode: true)]],
      "requestState": .string(expected),
    ])
  }

  /// The `-32021` error for a call that needs confirmation from a client that did not declare elicitation.
  private static func cannotConfirm(_ skill: AnyToolSkill) -> JSONRPCError {
    JSONRPCError(
      code: JSONRPCError.missingRequiredClientCapability,
      message:
        "The tool \"\(skill.id)\" (\(skill.displayName.resolved(for: nil))) requires the user's confirmation, and "
        + "this client cannot ask (it did not declare elicitation). Declare elicitation, or ask the user to run it in "
        + "the app instead.",
      data: ["requiredCapabilities": ["elicitation": [:]]])
  }

  /// The `-32021` error for a modern `tools/call` that will need a capability its client did not declare, found
  /// before running it so the HTTP transport can answer with 400; `nil` when the call can go ahead.
  func missingCapability(forModernCall params: JSONValue?, meta: JSONObject) async -> JSONRPCError? {
    guard meta[MCPMeta.clientCapabilities]?["elicitation"] == nil, let name = params?["name"]?.stringValue else {
      return nil
    }
    let skill: AnyToolSkill? = await MainActor.run {
      registry.isAvailable(name) ? registry.skill(withID: name) : nil
    }
    guard let skill, skill.requiresConfirmation else { return nil }
    return Self.cannotConfirm(skill)
  }

  /// The `requestState` of a confirmation: the call it belongs to.
  private static func confirmationState(_ call: PreparedToolCall) -> String {
    let call: JSONValue = ["tool": .string(call.skillID), "arguments": call.arguments]
    return "confirm:" + Data(call.rendered().utf8).base64EncodedString()
  }

  private static func result(_ output: ToolOutput, skill: AnyToolSkill) -> JSONValue {
    var content: [MCPContent] = [.text(output.summary)]
    let shown = output.display.plainText
    if !shown.isEmpty, shown != output.summary { content.append(.text(shown)) }
    var result = MCPToolResult(content: content)
    if skill.outputSchema != nil {
      // A skill with an output schema answers with the value it declared.
      result.structuredContent = output.structuredContent ?? [:]
    } else if output.display != .none, let display = try? JSONValue(encoding: output.display) {
      result.structuredContent = display
    }
    return result.json
  }

  private static func errorResult(_ message: String) -> JSONValue {
    MCPToolResult(content: [.text(message)], isError: true).json
  }
}
