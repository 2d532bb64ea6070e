import AgentSkillLLM
import AgentSkillLLMTesting
import Foundation
import Testing

/// Waiting on a slow server: the status line counts the seconds, and
/// `--timeout` bounds the whole answer.
@Suite("agentskill-demo timeouts", .timeLimit(.minutes(5)))
struct TimeoutTests {
  @Test("the status line shows the seconds waited; --timeout 3 stops a stalled server and explains it")
  func stalledServer() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(ScriptedHTTPResponse.json(["choices": []]).delayed(by: [.sleep(.seconds(60))]))
    try await DemoFixtures.withDirectory { directory in
      let run = try await PseudoTerminal.run(
        [
          "--data", directory.path, "--base-url", server.url("/v1").absoluteString, "--model", "m", "--timeout", "3",
        ],
        steps: [
          .expect("› "), .type("你好\r"), .expect("已等待 1 秒"), .expect("已等待 2 秒"),
          .expect("✗ 出错了：模型在 3 秒内没有给出完整回答"), .expect("› "), .endOfInput,
        ])
      #expect(run.failure == nil, "\(run.output)")
      #expect(run.output.contains("--timeout 6"), "the error says how to allow more time")
      #expect(!run.output.contains("已等待 4 秒"))
    }
  }

  @Test("--timeout bounds the whole answer, even one that keeps streaming")
  func steadyButSlowStream() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    func piece(_ text: String) -> String {
      let choice: JSONValue = ["index": 0, "delta": ["content": .string(text)], "finish_reason": .null]
      let body: JSONValue = ["choices": [choice]]
      return "data: \(body.rendered())\n\n"
    }
    var steps: [ScriptedHTTPResponse.Step] = []
    for index in 0..<20 { steps += [.text(piece("第\(index)段。")), .sleep(.milliseconds(500))] }
    server.enqueue(.eventStream(steps: steps))
    try await DemoFixtures.withDirectory { directory in
      let result = try await DemoProcess.run([
        "--data", directory.path, "--base-url", server.url("/v1").absoluteString, "--model", "m", "--timeout", "2",
        "--ask", "hello",
      ])
      #expect(result.status == 1)
      #expect(
        result.output.contains("✗ Error: The model did not finish its answer within 2 s (--timeout 2)"),
        "\(result.output)")
    }
  }

  @Test("--timeout needs a positive number of seconds")
  func badTimeout() async throws {
    let result = try await DemoProcess.run(["--timeout", "soon"])
    #expect(result.status == 2)
    #expect(result.errors.contains("--timeout needs a number of seconds"))
  }
}
