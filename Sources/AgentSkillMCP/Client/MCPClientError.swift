/// Why an ``MCPClient`` call failed; every case names the server.
///
/// ```swift
/// func add(with client: MCPClient) async throws {
///   do {
///     let result = try await client.callTool("add", arguments: ["a": 1, "b": 2])
///     print(result.text)
///   } catch let error as MCPClientError {
///     print(error)  // The MCP server "calc-server" exited with status 3 …
///   }
/// }
/// ```
public enum MCPClientError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The server process could not be started.
  case launchFailed(server: String, reason: String)
  /// The server did not answer `initialize` in time.
  case initializeTimedOut(server: String, after: Duration)
  /// The server did not answer a request in time.
  case timedOut(server: String, method: String, after: Duration)
  /// The server answered `initialize` with a protocol revision this library does not speak.
  case unsupportedProtocolVersion(server: String, version: String)
  /// The connection ended: the process exited or closed its output, or ``MCPClient/close()`` was called.
  /// `log` holds the server's last stderr lines.
  case disconnected(server: String, reason: String, log: [String])
  /// The server answered with a JSON-RPC error.
  case remote(server: String, method: String, error: JSONRPCError)
  /// The tool ran and answered with `isError`; `message` is its text.
  case toolFailed(server: String, tool: String, message: String)
  /// The server's answer does not have the shape MCP specifies.
  case invalidResponse(server: String, method: String, problem: String)
  /// The tool declared an `outputSchema` and its `structuredContent` is missing or does not match it;
  /// `violations` says where.
  case invalidStructuredContent(server: String, tool: String, violations: [String])

  /// The server's name (from `serverInfo`, else its command line).
  public var server: String {
    switch self {
    case .launchFailed(let server, _), .initializeTimedOut(let server, _), .timedOut(let server, _, _),
      .unsupportedProtocolVersion(let server, _), .disconnected(let server, _, _), .remote(let server, _, _),
      .invalidResponse(let server, _, _), .toolFailed(let server, _, _), .invalidStructuredContent(let server, _, _):
      server
    }
  }

  /// What went wrong and what to do about it.
  public var description: String {
    switch self {
    case .launchFailed(let server, let reason):
      return "The MCP server \"\(server)\" could not be started: \(reason). Check the command and that it is installed."
    case .initializeTimedOut(let server, let after):
      return
        "The MCP server \"\(server)\" did not answer \"initialize\" within \(after). "
        + "Check that the command starts an MCP server speaking JSON-RPC on standard output "
        + "(or that the URL is the server's MCP endpoint, usually ending in /mcp), "
        + "or raise the initialize timeout for a slow start."
    case .timedOut(let server, let method, let after):
      return "The MCP server \"\(server)\" did not answer \"\(method)\" within \(after)."
    case .unsupportedProtocolVersion(let server, let version):
      let known = MCPProtocolVersion.supported.map(\.rawValue).joined(separator: ", ")
      return
        "The MCP server \"\(server)\" speaks protocol revision \(version); this client speaks \(known). "
        + "Update the server or this library, or set MCPClient.Options.era to .auto to allow both eras."
    case .disconnected(let server, let reason, let log):
      let tail = log.isEmpty ? "" : " Its last log lines:\n" + log.map { "  \($0)" }.joined(separator: "\n")
      return "The MCP server \"\(server)\" is not connected: it \(reason). Connect again to use it.\(tail)"
    case .remote(let server, let method, let error):
      return "The MCP server \"\(server)\" rejected \"\(method)\": \(error)."
    case .toolFailed(let server, let tool, let message):
      return "The tool \"\(tool)\" of the MCP server \"\(server)\" failed: \(message)"
    case .invalidResponse(let server, let method, let problem):
      return "The MCP server \"\(server)\" answered \"\(method)\" with an invalid result: \(problem)."
    case .invalidStructuredContent(let server, let tool, let violations):
      return
        "The tool \"\(tool)\" of the MCP server \"\(server)\" answered with structured content that does not "
        + "match its declared output schema (\(violations.joined(separator: "; "))). The server is at fault: "
        + "report it to its authors; the result was not used."
    }
  }
}
