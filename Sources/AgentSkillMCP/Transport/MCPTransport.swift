import Foundation

/// How an ``MCPClient`` reaches its server.
///
/// ```swift
/// let transport = MCPTransport.process(executable: "/usr/bin/python3", arguments: ["server.py"])
/// let client = try await MCPClient.connect(transport)
/// ```
public struct MCPTransport: Sendable, CustomStringConvertible {
  /// A child process speaking MCP on its stdin and stdout.
  struct ProcessLaunch: Sendable {
    let executable: String
    let arguments: [String]
    let environment: [String: String]
    let currentDirectory: URL?
    /// On close: how long the process may take to exit after its stdin closes, before SIGTERM.
    let exitGracePeriod: Duration
    /// On close: how long the process may take to exit after SIGTERM, before SIGKILL.
    let terminationGracePeriod: Duration
  }

  /// An MCP endpoint speaking Streamable HTTP.
  struct HTTPEndpoint: Sendable {
    let url: URL
    let headers: [String: String]
    /// Signs requests in, and answers a 401 by refreshing or signing in again.
    var oauth: MCPOAuthClient?
  }

  enum Kind: Sendable {
    case process(ProcessLaunch)
    case http(HTTPEndpoint)
  }

  let kind: Kind

  /// Starts `executable` with `arguments` and speaks MCP over its stdin and stdout
  /// (newline-delimited JSON); each line it writes to stderr is passed to
  /// ``MCPClient/Options/log``.
  ///
  /// Closing the client shuts the process down as MCP asks: its stdin is closed; a process still running
  /// `exitGracePeriod` later is sent SIGTERM, and one still running `terminationGracePeriod` after that is
  /// sent SIGKILL. ``MCPClient/close()`` returns once the process has exited, or at the latest
  /// `exitGracePeriod + 2 × terminationGracePeriod` after it was called.
  ///
  /// ```swift
  /// let transport = MCPTransport.process(
  ///   executable: "python3", arguments: ["server.py"], exitGracePeriod: .seconds(5), terminationGracePeriod: .seconds(1))
  /// ```
  ///
  /// - Parameters:
  ///   - executable: A path, or a name looked up in `PATH` (`python3`).
  ///   - arguments: The arguments.
  ///   - environment: Variables added to this process's environment for the child.
  ///   - currentDirectory: The child's working directory; defaults to this process's.
  ///   - exitGracePeriod: How long the process may take to exit once its stdin is closed, before SIGTERM.
  ///     Defaults to 2 seconds.
  ///   - terminationGracePeriod: How long it may take to exit after SIGTERM, before SIGKILL. Defaults to 2 seconds.
  /// - Returns: The transport.
  public static func process(
    executable: String,
    arguments: [String] = [],
    environment: [String: String] = [:],
    currentDirectory: URL? = nil,
    exitGracePeriod: Duration = .seconds(2),
    terminationGracePeriod: Duration = .seconds(2)
  ) -> MCPTransport {
    MCPTransport(
      kind: .process(
        ProcessLaunch(
          executable: executable, arguments: arguments, environment: environment, currentDirectory: currentDirectory,
          exitGracePeriod: max(.zero, exitGracePeriod), terminationGracePeriod: max(.zero, terminationGracePeriod))))
  }

  /// Speaks MCP's Streamable HTTP transport with the endpoint at `url`: each message is a POST, answered as JSON
  /// or as a server-sent event stream. With a modern server (2026-07-28) each POST stands alone; with a handshake-era
  /// one the server's `Mcp-Session-Id` is sent back on every later request, a GET stream carries the server's own
  /// messages (when it offers one), and ``MCPClient/close()`` ends the session with a DELETE.
  ///
  /// With `oauth`, each request carries the token ``MCPOAuthClient`` holds for the server, and a 401 is answered
  /// by refreshing the token or signing in (discovery, registration, the browser step), then sending the request
  /// once more.
  ///
  /// ```swift
  /// let transport = MCPTransport.http(
  ///   URL(string: "http://127.0.0.1:8000/mcp")!, headers: ["Authorization": "Bearer secret"])
  /// ```
  ///
  /// - Parameters:
  ///   - url: The MCP endpoint, path included (`/mcp` for most servers).
  ///   - headers: Headers sent with every request, such as `Authorization`.
  ///   - oauth: Signs in to the server with OAuth when it asks; its `Authorization` replaces one in `headers`.
  /// - Returns: The transport.
  public static func http(_ url: URL, headers: [String: String] = [:], oauth: MCPOAuthClient? = nil)
    -> MCPTransport
  {
    MCPTransport(kind: .http(HTTPEndpoint(url: url, headers: headers, oauth: oauth)))
  }

  /// The command line or address, to name the server in errors before it names itself.
  public var description: String {
    switch kind {
    case .process(let launch): ([launch.executable] + launch.arguments).joined(separator: " ")
    case .http(let endpoint): endpoint.url.absoluteString
    }
  }
}
