import AgentSkillLLM
import AgentSkillLLMTesting
import Foundation
import Testing

/// Ctrl-C, Ctrl-D and `--timeline` at a terminal, against a server that never answers.
@Suite("agentskill-demo interrupts (pseudo-terminal)", .timeLimit(.minutes(5)))
struct InterruptTests {
  /// A server whose first answer takes a minute to start.
  private func stalledServer() throws -> LoopbackServer {
    let server = try LoopbackServer()
    server.enqueue(
      ScriptedHTTPResponse.json(["choices": []]).delayed(by: [.sleep(.seconds(60))]),
      ScriptedHTTPResponse.json(["choices": []]).delayed(by: [.sleep(.seconds(60))]))
    return server
  }

  private func arguments(_ directory: URL, server: LoopbackServer, timeline: URL) -> [String] {
    [
      "--data", directory.path, "--base-url", server.url("/v1").absoluteString, "--model", "m", "--timeline",
      timeline.path,
    ]
  }

  @Test("Ctrl-C cancels the answer and the prompt comes back; Ctrl-C at an empty prompt exits 0 with the timeline")
  func interruptAnswerThenExit() async throws {
    let server = try stalledServer()
    defer { server.stop() }
    try await DemoFixtures.withDirectory { directory in
      let timeline = directory.appendingPathComponent("session.json")
      let run = try await PseudoTerminal.run(
        arguments(directory, server: server, timeline: timeline),
        steps: [
          .expect("› "), .type("你好\r"), .expect("回复中"), .pause(0.3), .interrupt, .expect("已取消这次回答"), .expect("› "),
          .pause(1.2), .interrupt,
        ])
      #expect(run.failure == nil, "\(run.output)")
      #expect(run.status == 0, "\(run.output)")
      let exported = try String(contentsOf: timeline, encoding: .utf8)
      #expect(exported.contains("\"schemaVersion\" : 1"))
      #expect(exported.contains("你好"))
    }
  }

  @Test("a second Ctrl-C right after cancelling an answer exits 0 and writes the timeline")
  func doubleInterrupt() async throws {
    let server = try stalledServer()
    defer { server.stop() }
    try await DemoFixtures.withDirectory { directory in
      let timeline = directory.appendingPathComponent("session.json")
      // The second Ctrl-C waits until the first was handled: a signal that arrives while the same signal is
      // still pending is merged with it by the kernel, which a loaded machine makes likely for two presses
      // 0.2 s apart. Sent at once after that, it ends the session whether the answer is still stopping or the
      // prompt is back.
      let run = try await PseudoTerminal.run(
        arguments(directory, server: server, timeline: timeline),
        steps: [.expect("› "), .type("你好\r"), .expect("回复中"), .interrupt, .expect("已取消这次回答"), .interrupt])
      #expect(run.failure == nil, "\(run.output)")
      #expect(run.status == 0, "\(run.output)")
      #expect(FileManager.default.fileExists(atPath: timeline.path), "\(run.output)")
    }
  }

  @Test("Ctrl-D at the prompt exits 0 and writes the timeline")
  func endOfInput() async throws {
    try await DemoFixtures.withDirectory { directory in
      let timeline = directory.appendingPathComponent("session.json")
      let run = try await PseudoTerminal.run(
        ["--data", directory.path, "--now", DemoFixtures.nowArgument, "--timeline", timeline.path],
        steps: [.expect("› "), .type("北京天气怎么样\r"), .expect("北京今天"), .expect("› "), .endOfInput])
      #expect(run.failure == nil, "\(run.output)")
      #expect(run.status == 0)
      #expect(try String(contentsOf: timeline, encoding: .utf8).contains("北京天气怎么样"))
    }
  }

  @Test("Ctrl-C on a half-typed line discards it and the session goes on; Ctrl-C at the empty prompt then exits")
  func interruptDiscardsTypedLine() async throws {
    try await DemoFixtures.withDirectory { directory in
      let run = try await PseudoTerminal.run(
        ["--data", directory.path, "--now", DemoFixtures.nowArgument],
        steps: [
          .expect("› "), .type("上海天气"), .expect("上海天气"), .interrupt, .expect("^C"), .expect("› "), .type("北京天气怎么样\r"),
          .expect("北京今天"), .expect("› "), .pause(1.2), .interrupt,
        ])
      #expect(run.failure == nil, "\(run.output)")
      #expect(run.status == 0, "\(run.output)")
      #expect(!run.output.contains("上海今天"), "the discarded line is never sent: \(run.output)")
      #expect(!run.output.contains("上海天气北京"), "the discarded text does not prefix the next line: \(run.output)")
    }
  }
}
