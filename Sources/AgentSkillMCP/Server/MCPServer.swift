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
/// `tools/list` lists the registry's available skills (enabled and permitted) with their schemas;
/// `tools/call` validates the arguments and runs the skill with ``environment`` (its clock, monitor and log
/// sink), as the chat agent does. Invalid arguments and failed runs answer with `isError` and the message a
/// model can act on; an unknown tool is the JSON-RPC error `-32602`. When a call carries a `progressToken`, the
/// progress the skill reports is sent as `notifications/progress`, in the order reported and before the result. A skill that requires confirmation runs
/// only after the user accepts an `elicitation/create` request, when the client declared elicitation;
/// otherwise the call answers with `isError` saying confirmation is required. Malformed messages get JSON-RPC
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
  public convenience init(
    name: String,
    version: String,
    registry: SkillRegistry,
    environment: SkillEnvironment = SkillEnvironment(),
    instructions: String? = nil
  ) {
    self.init(
      name: name, version: version, registry: registry, environment: environment, instructions: instructions,
      pageSize: 100)
  }

  init(
    name: String, version: String, registry: SkillRegistry, environment: SkillEnvironment, instructions: String?,
    pageSize: Int
  ) {
    self.serverInfo = MCPImplementation(name: name, version: version)
    self.registry = registry
    self.environment = environment
    self.instructions = instructions
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

  /// What a connection's client declared.
  private final class Session: Sendable {
    let peer: JSONRPCPeer
    let clientCapabilities = LockIsolated<JSONValue>([:])
    init(peer: JSONRPCPeer) { self.peer = peer }
  }

  private func handle(_ method: String, params: JSONValue?, session: Session) async -> Result<JSONValue, JSONRPCError> {
    switch method {
    case "initialize":
      let requested = MCPProtocolVersion(rawValue: params?["protocolVersion"]?.stringValue ?? "")
      session.clientCapabilities.setValue(params?["capabilities"] ?? [:])
      var result: JSONObject = [
        "protocolVersion": .string(MCPProtocolVersion.negotiate(requested: requested).rawValue),
        "capabilities": ["tools": ["listChanged": false]],
        "serverInfo": serverInfo.json,
      ]
      if let instructions { result["instructions"] = .string(instructions) }
      return .success(.object(result))
    case "tools/list":
      return await listTools(cursor: params?["cursor"]?.stringValue)
    case "tools/call":
      return await callTool(params ?? [:], session: session)
    default:
      return .failure(JSONRPCError(code: JSONRPCError.methodNotFound, message: "Method not found: \(method)"))
    }
  }

  private func listTools(cursor: String?) async -> Result<JSONValue, JSONRPCError> {
    let skills = await MainActor.run { registry.availableSkills.map(ServedTool.init) }
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
      if skill.requiresConfirmation { object["annotations"] = ["destructiveHint": true] }
      json = .object(object)
    }
  }

  private func callTool(_ params: JSONValue, session: Session) async -> Result<JSONValue, JSONRPCError> {
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
      if let refusal = await confirm(prepared, skill: skill, session: session) {
        return .success(Self.errorResult(refusal))
      }
    }
    do {
      let output: ToolOutput
      if let token = params["_meta"]?["progressToken"] {
        // One task sends the updates, in the order the skill reported them, and all before the result;
        // MCP requires the progress to increase, so a value not above the last one sent is skipped.
        let (fractions, updates) = AsyncStream.makeStream(of: Double.self)
        let peer = session.peer
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
      return .success(Self.result(output))
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
    let message = "Run \(title) with \(call.arguments.rendered())?"
    do {
      let answer = try await session.peer.request(
        "elicitation/create",
        params: ["message": .string(message), "requestedSchema": ["type": "object", "properties": [:]]])
      if answer["action"] == "accept" { return nil }
      return "The user did not confirm \"\(skill.id)\" (\(answer["action"]?.stringValue ?? "no answer")). Do not retry."
    } catch {
      return "The tool \"\(skill.id)\" requires confirmation and the client could not ask the user (\(error))."
    }
  }

  private static func result(_ output: ToolOutput) -> JSONValue {
    var content: [MCPContent] = [.text(output.summary)]
    let shown = output.display.plainText
    if !shown.isEmpty, shown != output.summary { content.append(.text(shown)) }
    var result = MCPToolResult(content: content)
    if output.display != .none, let display = try? JSONValue(encoding: output.display) {
      result.structuredContent = display
    }
    return result.json
  }

  private static func errorResult(_ message: String) -> JSONValue {
    MCPToolResult(content: [.text(message)], isError: true).json
  }
}
