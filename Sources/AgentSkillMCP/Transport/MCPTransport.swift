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
  }

  enum Kind: Sendable {
    case process(ProcessLaunch)
  }

  let kind: Kind

  /// Starts `executable` with `arguments` and speaks MCP over its stdin and stdout
  /// (newline-delimited JSON); each line it writes to stderr is passed to
  /// ``MCPClient/Options/log``.
  ///
  /// - Parameters:
  ///   - executable: A path, or a name looked up in `PATH` (`python3`).
  ///   - arguments: The arguments.
  ///   - environment: Variables added to this process's environment for the child.
  ///   - currentDirectory: The child's working directory; defaults to this process's.
  /// - Returns: The transport.
  public static func process(
    executable: String,
    arguments: [String] = [],
    environment: [String: String] = [:],
    currentDirectory: URL? = nil
  ) -> MCPTransport {
    MCPTransport(
      kind: .process(
        ProcessLaunch(
          executable: executable, arguments: arguments, environment: environment, currentDirectory: currentDirectory)))
  }

  /// The command line or address, to name the server in errors before it names itself.
  public var description: String {
    switch kind {
    case .process(let launch): ([launch.executable] + launch.arguments).joined(separator: " ")
    }
  }
}
