import AgentSkill
import AgentSkillDemoKit
import AgentSkillLLM
import AgentSkillMCP
import Foundation

/// `agentskill-demo mcp`: serves the assistant's skills (weather, ledger, reminders) to one MCP client over
/// standard input and output, until the client closes its end; with `--http PORT`, to any number of clients over
/// Streamable HTTP on 127.0.0.1, until SIGINT or SIGTERM.
///
/// Standard output carries the protocol only (over HTTP it stays empty); notices, the HTTP endpoint and, with
/// `--trace`, every message go to standard error.
@MainActor
struct MCPServeCommand {
  let options: MCPServeOptions

  /// The name the server gives in `initialize`.
  static let serverName = "agentskill-demo"

  /// Serves until the client disconnects (stdio) or a stop signal arrives (HTTP); returns the exit status.
  func run() async -> Int32 {
    let errors = Terminal.standardError
    let fixedNow = options.now
    let calendar = DemoCalendar(timeZone: options.timeZone, now: { fixedNow ?? Date() })
    let directory = DemoDataDirectory.resolve(
      override: options.dataDirectory, environment: ProcessInfo.processInfo.environment)
    let registry: SkillRegistry
    do {
      let made = try DemoSkills.makeRegistry(dataDirectory: directory, calendar: calendar)
      registry = made.registry
      for notice in made.notices where notice.isWarning { errors.writeLine(notice.text(.english)) }
    } catch {
      errors.writeLine("agentskill-demo: \(error)")
      return 1
    }
    let server = MCPServer(
      name: Self.serverName, version: AgentSkillVersion.current.description, registry: registry,
      instructions: Self.instructions(calendar: calendar))
    if let port = options.httpPort {
      return await serveHTTP(server, port: port)
    }
    if options.trace {
      await server.serveStandardIO { event in errors.writeLine("mcp \(event)") }
    } else {
      await server.serveStandardIO()
    }
    return 0
  }

  /// Serves `server` on 127.0.0.1:`port` until SIGINT or SIGTERM, then ends every session; 1 when the port
  /// cannot be opened.
  private func serveHTTP(_ server: MCPServer, port: Int) async -> Int32 {
    let errors = Terminal.standardError
    let (stops, stop) = AsyncStream.makeStream(of: Void.self)
    // Caught before listening, so a signal sent as soon as the endpoint is printed still stops cleanly.
    let signals = InterruptSignal([SIGINT, SIGTERM]) { stop.yield() }
    defer { signals.cancel() }
    let http: MCPHTTPServer
    do {
      http = try MCPHTTPServer(server, port: port, bearerToken: options.bearerToken)
    } catch {
      switch error {
      case .cannotListen(let port, let reason):
        errors.writeLine(
          "agentskill-demo: cannot serve MCP on port \(port): \(reason). "
            + "Pick another port, or --http 0 for a free one.")
      }
      return 1
    }
    errors.writeLine("MCP endpoint: \(http.url.absoluteString)")
    for await _ in stops { break }
    await http.stop()
    return 0
  }

  /// What the client's model is told about the tools.
  static func instructions(calendar: DemoCalendar) -> String {
    let now = calendar.now()
    return """
      Tools for the user's ledger (expenses by category), the weather in supported cities, and reminders. \
      Fill the `language` argument with the user's language (zh or en). Creating a reminder asks the user \
      to confirm. Now is \(calendar.timestamp(now)) (\(calendar.weekdayName(now, .english))); weeks start on Monday.
      """
  }
}
