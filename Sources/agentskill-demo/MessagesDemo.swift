import AgentSkill
import Foundation

/// `agentskill-demo messages`: the message-list scenario in the
/// terminal — load, refresh, three streamed replies, a failure and a retry —
/// printing each phase transition as it happens.
struct MessagesDemo {
  let timelinePath: String?

  @MainActor
  func run() async -> Int32 {
    let output = Terminal.standardOutput
    output.writeLine(
      output.bold("messages: a message list (load, refresh, stream, retry) on the message list feature"))
    let printer = TranscriptPrinter(terminal: output)
    // Release builds record no timeline unless asked: `--timeline` asks.
    let timeline = timelinePath == nil ? AgentTimelineOptions.automatic : AgentTimelineOptions()
    let agent = await MessagesScenario(clock: ContinuousClock(), timeline: timeline).play { printer.show($0) }
    printer.finish()

    guard let timelinePath else { return 0 }
    let document = agent.exportTimeline()
    do {
      let data = try document.jsonData()
      try data.write(to: URL(fileURLWithPath: timelinePath), options: .atomic)
    } catch {
      Terminal.standardError.writeLine(
        "agentskill-demo: could not write the timeline to \(timelinePath): \(error.localizedDescription)")
      Terminal.standardError.writeLine("Check that the folder exists and is writable, or pass another --timeline path.")
      return 1
    }
    output.writeLine("timeline: \(document.entries.count) entries written to \(timelinePath)")
    return 0
  }
}
