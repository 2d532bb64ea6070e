import Foundation

/// `agentskill-demo`: the terminal assistant and the message-list scenario.
/// Each command lives in its own file; this type only dispatches.
@main
struct AgentSkillDemo {
  static func main() async {
    let command: DemoCommand
    do {
      command = try DemoCommand(arguments: Array(CommandLine.arguments.dropFirst()))
    } catch {
      Terminal.standardError.writeLine("agentskill-demo: \(error.message)")
      Terminal.standardError.writeLine(DemoCommand.usage)
      exit(2)
    }
    exit(await command.run())
  }
}
