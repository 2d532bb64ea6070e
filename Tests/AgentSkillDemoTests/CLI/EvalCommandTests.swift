import AgentSkillLLM
import AgentSkillLLMTesting
import Foundation
import Testing

@Suite("agentskill-demo eval (subprocess)", .timeLimit(.minutes(5)))
struct EvalCommandTests {
  static let cases = """
    {"id":"weather","category":"weather","turns":[{"user":"北京明天天气怎么样","expect":{"outcome":"call","calls":[{"name":"weather","arguments":{"city":{"oneOf":["北京","Beijing"]},"date":{"day":"2026-12-06"}}}]}}]}
    {"id":"joke","category":"out-of-scope","turns":[{"user":"讲个笑话","expect":{"outcome":"none"}}]}
    {"id":"wrong-day","category":"weather","turns":[{"user":"上海后天天气怎么样","expect":{"outcome":"call","calls":[{"name":"weather","arguments":{"date":{"day":"2026-12-06"}}}]}}]}
    """

  @Test("scores a JSON Lines set with the offline model, prints the table and failures, writes the JSON report")
  func offline() async throws {
    try await DemoFixtures.withDirectory { directory in
      let file = directory.appendingPathComponent("cases.jsonl")
      try Self.cases.write(to: file, atomically: true, encoding: .utf8)
      let report = directory.appendingPathComponent("report.json")
      let result = try await DemoProcess.run([
        "eval", file.path, "--now", "2026-12-05T12:00:00+08:00", "--report", report.path,
      ])
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.output.contains("tool selection  100.0 % (2/2)"), "\(result.output)")
      #expect(result.output.contains("arguments       50.0 % (1/2)"), "\(result.output)")
      #expect(result.output.contains("irrelevance     100.0 % (1/1)"), "\(result.output)")
      #expect(
        result.output.contains(#"✗ weather.date: expected day 2026-12-06, sent "2026-12-07""#), "\(result.output)")
      let decoded = try JSONDecoder().decode(EvaluationReport.self, from: Data(contentsOf: report))
      #expect(decoded.failures.map(\.id) == ["wrong-day"])
      #expect(decoded.confusion["weather"]?["weather"] == 2)
    }
  }

  private static func chunk(_ delta: JSONValue, finish: String? = nil) -> String {
    let choice: JSONValue = ["index": 0, "delta": delta, "finish_reason": finish.map(JSONValue.string) ?? .null]
    let body: JSONValue = ["id": "chatcmpl-1", "object": "chat.completion.chunk", "choices": [choice]]
    return "data: \(body.rendered())\n\n"
  }

  @Test("with --base-url the server's model is scored: its call runs locally, its answer ends the case")
  func server() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let call: JSONValue = [
      "index": 0, "id": "call_a", "type": "function",
      "function": ["name": "weather", "arguments": #"{"city":"北京","date":"2026-12-06"}"#],
    ]
    server.enqueue(
      .eventStream(
        Self.chunk(["role": "assistant", "tool_calls": [call]]) + Self.chunk([:], finish: "tool_calls")
          + "data: [DONE]\n\n"),
      .eventStream(Self.chunk(["role": "assistant", "content": "晴。"], finish: "stop") + "data: [DONE]\n\n"))
    try await DemoFixtures.withDirectory { directory in
      let file = directory.appendingPathComponent("cases.jsonl")
      try String(Self.cases.split(separator: "\n")[0]).write(to: file, atomically: true, encoding: .utf8)
      let result = try await DemoProcess.run(
        [
          "eval", file.path, "--now", "2026-12-05T12:00:00+08:00", "--base-url", server.url("/v1").absoluteString,
          "--model", "test-model",
        ],
        environment: ["AGENTSKILL_API_KEY": "sk-test-secret"])
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.output.contains("tool selection  100.0 % (1/1)"), "\(result.output)")
      #expect(result.output.contains("arguments       100.0 % (1/1)"), "\(result.output)")
      #expect(result.errors.contains("test-model @ "))
    }
    #expect(server.requests.count == 2)
    #expect(server.requests.last?.bodyText.contains("北京明天") == true)
  }

  /// A BFCL-format data directory written for these tests (Fixtures/BFCL).
  static let bfclFixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/BFCL")

  @Test("--bfcl runs BFCL-format categories through a model server and prints the table per category")
  func bfclWithServer() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let call: JSONValue = [
      "index": 0, "id": "call_a", "type": "function",
      "function": ["name": "geometry_circle_area", "arguments": #"{"radius":3,"unit":"Meters"}"#],
    ]
    let wrong: JSONValue = [
      "index": 0, "id": "call_b", "type": "function",
      "function": ["name": "currency_convert", "arguments": #"{"amount":100,"source":"USD","target":"GBP"}"#],
    ]
    let text = { (words: String) in
      Self.chunk(["role": "assistant", "content": .string(words)], finish: "stop") + "data: [DONE]\n\n"
    }
    server.enqueue(
      .eventStream(
        Self.chunk(["role": "assistant", "tool_calls": [call]]) + Self.chunk([:], finish: "tool_calls")
          + "data: [DONE]\n\n"),
      .eventStream(text("28.27 square meters.")),
      .eventStream(
        Self.chunk(["role": "assistant", "tool_calls": [wrong]]) + Self.chunk([:], finish: "tool_calls")
          + "data: [DONE]\n\n"),
      .eventStream(text("Done.")), .eventStream(text("Why did the penguin…")), .eventStream(text("Spain.")))
    try await DemoFixtures.withDirectory { directory in
      let report = directory.appendingPathComponent("bfcl.json")
      let result = try await DemoProcess.run(
        [
          "eval", "--bfcl", "simple,irrelevance", "--bfcl-data", Self.bfclFixture.path, "--base-url",
          server.url("/v1").absoluteString, "--model", "test-model", "--failures", "--report", report.path,
        ],
        environment: ["AGENTSKILL_API_KEY": "sk-test-secret"])
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.output.contains("simple_python  2        50.0 % (1/2)"), "\(result.output)")
      #expect(result.output.contains("irrelevance    2        100.0 % (2/2)"), "\(result.output)")
      #expect(result.output.contains(#"currency_convert.target: expected one of "EUR" (string), sent "GBP""#))
      let decoded = try JSONDecoder().decode(BFCLReport.self, from: Data(contentsOf: report))
      #expect(decoded.categories.map(\.category) == [.simple, .irrelevance])
    }
    #expect(server.requests.count == 6)
  }

  @Test("--bfcl with a directory that is not BFCL's data says which file is missing, with status 1")
  func bfclMissingData() async throws {
    try await DemoFixtures.withDirectory { directory in
      let result = try await DemoProcess.run(["eval", "--bfcl", "multiple", "--bfcl-data", directory.path])
      #expect(result.status == 1)
      #expect(result.errors.contains("BFCL_v4_multiple.json"), "\(result.errors)")
    }
  }

  @Test("an unreadable line is named, with status 1")
  func badFile() async throws {
    try await DemoFixtures.withDirectory { directory in
      let file = directory.appendingPathComponent("bad.jsonl")
      try "{\"id\":\"a\",\"turns\":[{\"user\":\"hi\"}]}\nnot json\n".write(to: file, atomically: true, encoding: .utf8)
      let result = try await DemoProcess.run(["eval", file.path])
      #expect(result.status == 1)
      #expect(result.errors.contains("bad.jsonl:2 is not an evaluation case"), "\(result.errors)")
    }
  }
}
