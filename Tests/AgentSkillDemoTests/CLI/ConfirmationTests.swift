import AgentSkillLLM
import AgentSkillLLMTesting
import Foundation
import Testing

/// Confirmation prompts at a real (pseudo-)terminal: yes and no in both
/// languages, anything else asked again, a new question answered.
@Suite("agentskill-demo confirmations (pseudo-terminal)", .timeLimit(.minutes(5)))
struct ConfirmationTests {
  private func arguments(_ directory: URL, _ extra: [String] = []) -> [String] {
    ["--data", directory.path, "--now", DemoFixtures.nowArgument] + extra
  }

  @Test("好的 confirms a reminder; 不要 declines one")
  func chineseYesAndNo() async throws {
    try await DemoFixtures.withDirectory { directory in
      let run = try await PseudoTerminal.run(
        arguments(directory),
        steps: [
          .expect("› "), .type("明天下午三点提醒我开周会\r"), .expect("[y/N] "), .type("好的\r"), .expect("› "),
          .type("明天下午四点提醒我交报告\r"), .expect("[y/N] "), .type("不要\r"), .expect("› "), .endOfInput,
        ])
      #expect(run.failure == nil, "\(run.output)")
      #expect(run.status == 0)
      #expect(run.output.contains("已创建提醒：明天 15:00 开周会。"), "\(run.output)")
      #expect(run.output.contains("好的，已取消，没有执行。"))
      let saved = try String(contentsOf: directory.appendingPathComponent("reminders.json"), encoding: .utf8)
      #expect(saved.contains("开周会") && !saved.contains("交报告"))
    }
  }

  @Test("anything else asks again; a new question cancels the call, says so and is answered")
  func unclearAndNewQuestion() async throws {
    try await DemoFixtures.withDirectory { directory in
      let run = try await PseudoTerminal.run(
        arguments(directory),
        steps: [
          .expect("› "), .type("明天下午三点提醒我开周会\r"), .expect("[y/N] "), .type("嗯？\r"),
          .expect("请回答 是 或 否（y/n）："), .type("北京天气怎么样\r"), .expect("北京今天"), .expect("› "), .endOfInput,
        ])
      #expect(run.failure == nil, "\(run.output)")
      #expect(run.status == 0)
      #expect(run.output.contains("· 已取消「创建提醒」，没有执行；接着回答你的新问题。"), "\(run.output)")
      #expect(run.output.contains("北京 · 3月6日（周五）"))
      let saved = try? String(contentsOf: directory.appendingPathComponent("reminders.json"), encoding: .utf8)
      #expect(saved?.contains("开周会") != true)
    }
  }
}
