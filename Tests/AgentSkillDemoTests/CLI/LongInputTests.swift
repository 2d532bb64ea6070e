import AgentSkillLLM
import AgentSkillLLMTesting
import Foundation
import Testing

/// Long input: pasted whole at a terminal, refused with a reason past the limit.
@Suite("agentskill-demo long input", .timeLimit(.minutes(5)))
struct LongInputTests {
  @Test("a 10,000-character paste at a terminal arrives whole")
  func longPaste() async throws {
    try await DemoFixtures.withDirectory { directory in
      let timeline = directory.appendingPathComponent("session.json")
      let question = "北京天气怎么样" + String(repeating: "啊", count: 9_986) + "ENDMARK"
      #expect(question.count == 10_000)
      let run = try await PseudoTerminal.run(
        ["--data", directory.path, "--now", DemoFixtures.nowArgument, "--timeline", timeline.path],
        steps: [.expect("› "), .paste(question + "\r"), .expect("北京今天", seconds: 120), .expect("› "), .endOfInput])
      #expect(run.failure == nil, "\(String(run.output.suffix(2000)))")
      let exported = try String(contentsOf: timeline, encoding: .utf8)
      #expect(exported.contains(String(repeating: "啊", count: 9_986) + "ENDMARK"))
    }
  }

  @Test("a line over the limit is not answered; the assistant says how long it was and the limit")
  func overTheLimit() async throws {
    try await DemoFixtures.withDirectory { directory in
      let long = String(repeating: "北京天气怎么样", count: 3_000)
      let result = try await DemoProcess.run(
        ["--data", directory.path, "--now", DemoFixtures.nowArgument], input: long + "\n上海天气怎么样\n")
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.output.contains("· 输入太长（21000 个字符，上限 20000），没有发送。请缩短后再问。"), "\(String(result.output.prefix(500)))")
      #expect(!result.output.contains("北京今天"))
      #expect(result.output.contains("上海今天"))
    }
  }
}
