import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation
import Testing

/// The assistant on a configured OpenAI-compatible server (a loopback server
/// speaking real HTTP and SSE), instead of the offline model.
@Suite("agentskill-demo with a model server (subprocess)", .timeLimit(.minutes(5)))
struct ProviderTests {
  private static func chunk(_ delta: JSONValue, finish: String? = nil) -> String {
    let choice: JSONValue = ["index": 0, "delta": delta, "finish_reason": finish.map(JSONValue.string) ?? .null]
    let body: JSONValue = ["id": "chatcmpl-1", "object": "chat.completion.chunk", "choices": [choice]]
    return "data: \(body.rendered())\n\n"
  }

  @Test("the configured server gets the matched tools, its tool call runs locally, its answer streams")
  func openAICompatible() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let call: JSONValue = [
      "index": 0, "id": "call_a", "type": "function",
      "function": ["name": "weather", "arguments": #"{"city":"上海","language":"zh"}"#],
    ]
    server.enqueue(
      .eventStream(
        Self.chunk(["role": "assistant", "tool_calls": [call]]) + Self.chunk([:], finish: "tool_calls")
          + "data: [DONE]\n\n"),
      .eventStream(
        Self.chunk(["role": "assistant", "content": "上海今天"]) + Self.chunk(["content": "不错。"], finish: "stop")
          + "data: [DONE]\n\n"))
    try await DemoFixtures.withDirectory { directory in
      let result = try await DemoProcess.run(
        [
          "--data", directory.path, "--now", DemoFixtures.nowArgument, "--base-url", server.url("/v1").absoluteString,
          "--model", "test-model", "--ask", "上海天气怎么样",
        ],
        environment: ["AGENTSKILL_API_KEY": "sk-test-secret"])
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.output.contains("· 执行中：天气查询"))
      #expect(result.output.contains("上海 · 3月6日（周五）"))
      #expect(result.output.contains("上海今天不错。"))
      #expect(!result.output.contains("sk-test-secret") && !result.errors.contains("sk-test-secret"))
    }
    let requests = server.requests
    #expect(requests.count == 2)
    #expect(requests.first?.path == "/v1/chat/completions")
    #expect(requests.first?.headers["Authorization"] == "Bearer sk-test-secret")
    let first = try JSONValue(parsing: requests.first?.bodyText ?? "")
    #expect(first["model"] == "test-model")
    #expect(first["tools"]?.arrayValue?.compactMap { $0["function"]?["name"]?.stringValue } == ["weather"])
    #expect(requests.last?.bodyText.contains("上海今天") == true)
  }

  private static func event(_ body: JSONValue) -> String {
    "event: \(body["type"]?.stringValue ?? "")\ndata: \(body.rendered())\n\n"
  }

  @Test("--provider openai-responses speaks the Responses API: input items out, output items back")
  func openAIResponses() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let arguments = #"{"city":"上海","language":"zh"}"#
    let call: JSONValue = [
      "id": "fc_1", "type": "function_call", "status": "completed", "call_id": "call_a", "name": "weather",
      "arguments": .string(arguments),
    ]
    server.enqueue(
      .eventStream(
        Self.event(["type": "response.created", "response": ["id": "resp_1", "status": "in_progress", "output": []]])
          + Self.event(["type": "response.output_item.added", "output_index": 0, "item": call])
          + Self.event([
            "type": "response.completed", "response": ["id": "resp_1", "status": "completed", "output": [call]],
          ])),
      .eventStream(
        Self.event(["type": "response.created", "response": ["id": "resp_2", "status": "in_progress", "output": []]])
          + Self.event(["type": "response.output_text.delta", "output_index": 0, "content_index": 0, "delta": "上海今天"])
          + Self.event(["type": "response.output_text.delta", "output_index": 0, "content_index": 0, "delta": "不错。"])
          + Self.event([
            "type": "response.completed", "response": ["id": "resp_2", "status": "completed", "output": []],
          ])))
    try await DemoFixtures.withDirectory { directory in
      let result = try await DemoProcess.run(
        [
          "--data", directory.path, "--now", DemoFixtures.nowArgument, "--provider", "openai-responses",
          "--base-url", server.url("/v1").absoluteString, "--model", "test-model", "--ask", "上海天气怎么样",
        ],
        environment: ["AGENTSKILL_API_KEY": "sk-test-secret"])
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.output.contains("上海今天不错。"))
    }
    let requests = server.requests
    #expect(requests.count == 2)
    #expect(requests.first?.path == "/v1/responses")
    let second = try JSONValue(parsing: requests.last?.bodyText ?? "")
    #expect(second["input"]?.arrayValue?.last?["type"] == "function_call_output")
    #expect(second["input"]?.arrayValue?.last?["call_id"] == "call_a")
  }

  @Test("a server error fails the turn: the error is shown and the exit status is 1")
  func serverError() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.json(["error": ["message": "invalid api key"]], status: 401))
    try await DemoFixtures.withDirectory { directory in
      let result = try await DemoProcess.run([
        "--data", directory.path, "--base-url", server.url("/v1").absoluteString, "--model", "m", "--ask", "hello",
      ])
      #expect(result.status == 1)
      #expect(result.output.contains("✗ Error:"))
      #expect(result.output.contains("401"))
    }
  }
}
