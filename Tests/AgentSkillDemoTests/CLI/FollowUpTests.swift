import AgentSkillLLM
import AgentSkillLLMTesting
import Foundation
import Testing

/// A follow-up ("那上海呢？") keeps the previous request's tools; a value a
/// tool rejected (`纽约`) or a command (`clear`) never fills a slot.
@Suite("agentskill-demo follow-ups (subprocess)", .timeLimit(.minutes(5)))
struct FollowUpTests {
  private func assistant(input: String, data directory: URL) async throws -> DemoProcess.Result {
    try await DemoProcess.run(["--data", directory.path, "--now", DemoFixtures.nowArgument], input: input)
  }

  @Test("北京天气怎么样 then 那上海呢？ gives Shanghai's weather from the offline model")
  func followUpKeepsTools() async throws {
    try await DemoFixtures.withDirectory { directory in
      let result = try await assistant(input: "北京天气怎么样\n那上海呢？\nWhat about Guangzhou?\n", data: directory)
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.output.contains("北京 · 3月6日（周五）"))
      #expect(result.output.contains("上海 · 3月6日（周五）"), "\(result.output)")
      #expect(result.output.contains("\n上海今天"))
      #expect(result.output.contains("Guangzhou · Fri, Mar 6") || result.output.contains("Guangzhou today"))
      #expect(!result.output.contains("没能把这句和刚才的问题接上"))
    }
  }

  @Test("after an unsupported city, a bare 天气 asks which city instead of reusing the rejected one")
  func rejectedValueDoesNotLeak() async throws {
    try await DemoFixtures.withDirectory { directory in
      let result = try await assistant(input: "纽约天气怎么样\n天气\n", data: directory)
      #expect(result.status == 0, "\(result.errors)")
      let second = result.output.components(separatedBy: "› 天气").last ?? ""
      #expect(second.contains("请问要哪个城市"), "\(second)")
      #expect(!second.contains("纽约"), "\(second)")
    }
  }

  @Test("clear after an unsupported city clears the conversation instead of being sent as a city")
  func clearIsACommand() async throws {
    try await DemoFixtures.withDirectory { directory in
      let result = try await assistant(input: "纽约天气怎么样\nclear\n", data: directory)
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.output.contains("· 已清空对话"))
      #expect(!result.output.contains("\"clear\" is not supported"))
      #expect(!result.output.contains("暂不支持「clear」") && !result.output.contains("\"clear\" isn't supported"))
    }
  }

  private static func chunk(_ delta: JSONValue, finish: String? = nil) -> String {
    let choice: JSONValue = ["index": 0, "delta": delta, "finish_reason": finish.map(JSONValue.string) ?? .null]
    let body: JSONValue = ["id": "chatcmpl-1", "object": "chat.completion.chunk", "choices": [choice]]
    return "data: \(body.rendered())\n\n"
  }

  private static func answer(_ text: String) -> ScriptedHTTPResponse {
    .eventStream(Self.chunk(["role": "assistant", "content": .string(text)], finish: "stop") + "data: [DONE]\n\n")
  }

  private static func weatherCall(_ city: String, id: String) -> ScriptedHTTPResponse {
    let call: JSONValue = [
      "index": 0, "id": .string(id), "type": "function",
      "function": ["name": "weather", "arguments": .string(#"{"city":"\#(city)","language":"zh"}"#)],
    ]
    return .eventStream(
      Self.chunk(["role": "assistant", "tool_calls": [call]]) + Self.chunk([:], finish: "tool_calls")
        + "data: [DONE]\n\n")
  }

  @Test("a configured server gets the weather tool again for 那上海呢？")
  func followUpSendsTools() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(
      Self.weatherCall("北京", id: "call_a"), Self.answer("北京不错。"), Self.weatherCall("上海", id: "call_b"),
      Self.answer("上海也不错。"))
    try await DemoFixtures.withDirectory { directory in
      let result = try await DemoProcess.run(
        [
          "--data", directory.path, "--now", DemoFixtures.nowArgument, "--base-url", server.url("/v1").absoluteString,
          "--model", "m", "--ask", "北京天气怎么样", "--ask", "那上海呢？",
        ])
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.output.contains("上海 · 3月6日（周五）"))
    }
    let requests = server.requests
    #expect(requests.count == 4)
    guard requests.count == 4 else { return }
    let third = try JSONValue(parsing: requests[2].bodyText)
    #expect(third["tools"]?.arrayValue?.compactMap { $0["function"]?["name"]?.stringValue } == ["weather"])
    #expect(requests[2].bodyText.contains("北京天气怎么样"), "the history is sent too")
  }
}
