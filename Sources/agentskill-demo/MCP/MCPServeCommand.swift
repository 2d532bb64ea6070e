import AgentSkill
import AgentSkillDemoKit
import AgentSkillLLM
import AgentSkillMCP
import Foundation

/// `agentskill-demo mcp`: serves the assistant's skills (weather, ledger, reminders) to one MCP client over
/// standard input and output, until the client closes its end.
///
/// Standard output carries the protocol only; notices and, with `--trace`, every message go to standard error.
@MainActor
struct MCPServeCommand {
  let options: MCPServeOptions

  /// The name the server gives in `initialize`.
  static let serverName = "agentskill-demo"

  /// Serves until the client disconnects; returns the exit status.
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
    if options.trace {
      await server.serveStandardIO { event in errors.writeLine("mcp \(event)") }
    } else {
      await server.serveStandardIO()
    }
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
