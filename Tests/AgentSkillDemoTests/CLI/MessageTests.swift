import AgentSkillLLM
import AgentSkillLLMTesting
import Foundation
import Testing

/// What the assistant prints: one error line in the question's language,
/// lines cut at word boundaries, each notice once.
@Suite("agentskill-demo messages (subprocess)", .timeLimit(.minutes(5)))
struct MessageTests {
  @Test("a 401 is one line, in Chinese, with the vendor's words quoted once and no double period")
  func unauthorized() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.json(["error": ["message": "Incorrect API key provided: sk-bad…. See your account."]], status: 401))
    let result = try await DemoFixtures.withDirectory { directory in
      try await DemoProcess.run([
        "--data", directory.path, "--base-url", server.url("/v1").absoluteString, "--model", "m", "--ask", "北京天气怎么样",
      ])
    }
    #expect(result.status == 1)
    let errorLines = result.output.split(separator: "\n").filter { $0.contains("Incorrect API key") }
    #expect(errorLines.count == 1, "\(result.output)")
    #expect(
      errorLines.first?.hasPrefix(
        "✗ 出错了：服务器返回 HTTP 401：“Incorrect API key provided: sk-bad…. See your account”。请检查 API 密钥")
        == true, "\(result.output)")
    #expect(!result.output.contains("· 失败") && !result.output.contains(".."))
  }

  @Test("rejection status lines name the arguments in the question's language, never the validator's list")
  func rejectionNotes() async throws {
    let result = try await DemoFixtures.withDirectory { directory in
      try await DemoProcess.run([
        "--data", directory.path, "--now", DemoFixtures.nowArgument, "--ask", "纽约天气怎么样", "--ask",
        "What's the weather in New York?",
      ])
    }
    let notes = result.output.split(separator: "\n").filter {
      $0.hasPrefix("· 参数未通过校验") || $0.hasPrefix("· arguments rejected")
    }
    #expect(notes == ["· 参数未通过校验：城市名称", "· arguments rejected: city"], "\(result.output)")
  }

  @Test("/bad is announced once per answer and written once, after the write")
  func badOnce() async throws {
    try await DemoFixtures.withDirectory { directory in
      let result = try await DemoProcess.run(
        ["--data", directory.path, "--now", DemoFixtures.nowArgument], input: "北京天气怎么样\n/bad\n/bad\nexit\n")
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.output.components(separatedBy: "反馈已记录").count == 2, "\(result.output)")
      #expect(result.output.contains("这条回答已经反馈过了"))
      let log = try String(contentsOf: directory.appendingPathComponent("chat-feedback.jsonl"), encoding: .utf8)
      #expect(log.split(separator: "\n").count == 1)
    }
  }
}
