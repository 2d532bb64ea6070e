import AgentSkill
import AgentSkillLLM
import AgentSkillMCP
import Foundation

/// The `--mcp` servers of an assistant session: started, and their tools registered in the assistant's registry
/// under the server's name, so the registry matches them and the model calls them like the built-in skills.
@MainActor
final class MCPServerTools {
  /// A server that could not be used; the message names its command and says why.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// One connected server.
  struct Server {
    /// The `--mcp` command.
    let command: MCPServerCommand
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
        let client = try await MCPClient.connect(
          .process(executable: command.executable, arguments: command.arguments),
          options: MCPClient.Options(clientInfo: clientInfo))
        do {
          let prefix = Self.prefix(for: client.serverInfo.name, taken: Set(servers.map(\.prefix)))
          let ids = try await registry.register(mcp: client, prefix: prefix)
          servers.append(Server(command: command, client: client, prefix: prefix, toolIDs: ids))
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
