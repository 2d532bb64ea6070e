import AgentSkill
import AgentSkillLLM
import AgentSkillMCP
import Foundation

/// The `--mcp` and `--mcp-url` servers of an assistant session: started or reached, and their tools registered in
/// the assistant's registry under the server's name, so the registry matches them and the model calls them like the
/// built-in skills.
@MainActor
final class MCPServerTools {
  /// A server that could not be used; the message names its command and says why.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// One connected server.
  struct Server {
    /// The `--mcp` command or the `--mcp-url` URL, as given.
    let source: String
    /// The connection.
    let client: MCPClient
    /// What its tools' ids start with: `calc_server`.
    let prefix: String
    /// The ids of its tools in the registry.
    let toolIDs: [String]
  }

  /// The connected servers, in `--mcp` order.
  private(set) var servers: [Server] = []

  /// Starts each server and registers its tools, named `prefix_tool` where the prefix is the server's name
  /// (`calc server` → `calc_server_add`).
  ///
  /// - Throws: ``Failure`` naming the command of the first server that cannot be started, does not speak MCP,
  ///   or cannot list its tools; the servers started before it are closed.
  func connect(_ commands: [MCPServerCommand], into registry: SkillRegistry) async throws(Failure) {
    let clientInfo = MCPImplementation(name: "agentskill-demo", version: AgentSkillVersion.current.description)
    for command in commands {
      do {
        // A server started with `npx` or `uvx` may download itself first: give its first answer two minutes.
        let client = try await MCPClient.connect(
          .process(executable: command.executable, arguments: command.arguments),
          options: MCPClient.Options(clientInfo: clientInfo, initializeTimeout: .seconds(120)))
        do {
          let prefix = Self.prefix(for: client.serverInfo.name, taken: Set(servers.map(\.prefix)))
          let ids = try await registry.register(mcp: client, prefix: prefix)
          servers.append(Server(source: command.text, client: client, prefix: prefix, toolIDs: ids))
        } catch {
          await client.close()
          throw error
        }
      } catch {
        await close()
        throw Failure(description: "--mcp \"\(command.text)\": \(error)")
      }
    }
  }

  /// Connects to each remote server over Streamable HTTP and registers its tools like ``connect(_:into:)``. A server
  /// that asks for OAuth gets a sign-in: the login URL is printed on standard error (and opened with `$BROWSER`, or
  /// the system's browser when standard error is a terminal), and the redirect is awaited on a 127.0.0.1 port. The
  /// token is kept in memory for the run.
  ///
  /// - Throws: ``Failure`` naming the URL of the first server that cannot be reached, refuses the sign-in, or cannot
  ///   list its tools; the servers connected before it are closed.
  func connect(urls: [URL], into registry: SkillRegistry) async throws(Failure) {
    let clientInfo = MCPImplementation(name: "agentskill-demo", version: AgentSkillVersion.current.description)
    let errors = Terminal.standardError
    for url in urls {
      do {
        let browser = try MCPOAuthLoopbackBrowser { login in
          errors.writeLine("mcp: \(url.absoluteString) asks you to sign in; open this URL in a browser:")
          errors.writeLine("  \(login.absoluteString)")
          Self.openInBrowser(login, interactive: errors.isInteractive)
        }
        let oauth = MCPOAuthClient(
          server: url,
          configuration: MCPOAuthConfiguration(
            clientName: "agentskill-demo", browser: browser, store: MCPOAuthMemoryTokenStore()))
        // The first request waits for the sign-in, so it may take as long as the user does.
        let client = try await MCPClient.connect(
          .http(url, oauth: oauth), options: MCPClient.Options(clientInfo: clientInfo, initializeTimeout: .seconds(330))
        )
        do {
          let prefix = Self.prefix(for: client.serverInfo.name, taken: Set(servers.map(\.prefix)))
          let ids = try await registry.register(mcp: client, prefix: prefix)
          servers.append(Server(source: url.absoluteString, client: client, prefix: prefix, toolIDs: ids))
        } catch {
          await client.close()
          throw error
        }
      } catch {
        await close()
        throw Failure(description: "--mcp-url \(url.absoluteString): \(error)")
      }
    }
  }

  /// Opens `url` with the command in `$BROWSER` (split like `--mcp`), else, on a terminal, with the system's
  /// opener (`open` on macOS, `xdg-open` elsewhere); failures are ignored, the URL is printed anyway.
  nonisolated static func openInBrowser(_ url: URL, interactive: Bool) {
    var words: [String]
    if let browser = ProcessInfo.processInfo.environment["BROWSER"], !browser.isEmpty,
      let command = try? MCPServerCommand(browser)
    {
      words = [command.executable] + command.arguments
    } else if interactive {
      #if os(macOS)
        words = ["open"]
      #else
        words = ["xdg-open"]
      #endif
    } else {
      return
    }
    words.append(url.absoluteString)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = words
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try? process.run()
  }

  /// Ends every connection.
  func close() async {
    for server in servers { await server.client.close() }
    servers.removeAll()
  }

  /// `calc server` → `calc_server`: lowercase letters and digits, other characters as one `_`; `mcp` when nothing
  /// is left; `_2`, `_3`… appended while the prefix is `taken`.
  static func prefix(for serverName: String, taken: Set<String>) -> String {
    var prefix = ""
    for scalar in serverName.lowercased().unicodeScalars {
      if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
        prefix.unicodeScalars.append(scalar)
      } else if !prefix.isEmpty, !prefix.hasSuffix("_") {
        prefix += "_"
      }
    }
    while prefix.hasSuffix("_") { prefix.removeLast() }
    if prefix.isEmpty { prefix = "mcp" }
    var candidate = prefix
    var number = 2
    while taken.contains(candidate) {
      candidate = "\(prefix)_\(number)"
      number += 1
    }
    return candidate
  }
}
