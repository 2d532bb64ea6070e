import AgentSkill
import AgentSkillDemoKit
import Foundation

/// `agentskill-demo timeline FILE --html OUT`: an exported timeline as one
/// self-contained HTML page.
struct TimelineCommand {
  let input: String
  let output: String

  func run() -> Int32 {
    let errors = Terminal.standardError
    let inputURL = URL(fileURLWithPath: (input as NSString).expandingTildeInPath)
    let data: Data
    do {
      data = try Data(contentsOf: inputURL)
    } catch {
      errors.writeLine("agentskill-demo: cannot read \(input): \(error.localizedDescription)")
      return 1
    }
    let document: AgentTimelineDocument
    do {
      document = try AgentTimelineDocument.decode(from: data)
    } catch {
      errors.writeLine("agentskill-demo: \(input) is not an exported timeline: \(error.description)")
      return 1
    }
    let html = TimelineHTML.render(document, title: inputURL.lastPathComponent)
    do {
      try Data(html.utf8).write(to: URL(fileURLWithPath: (output as NSString).expandingTildeInPath), options: .atomic)
    } catch {
      errors.writeLine("agentskill-demo: cannot write \(output): \(error.localizedDescription)")
      return 1
    }
    Terminal.standardOutput.writeLine("timeline → \(output)")
    return 0
  }
}
