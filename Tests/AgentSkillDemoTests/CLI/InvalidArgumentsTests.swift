import AgentSkillLLM
import AgentSkillLLMTesting
import Foundation
import Testing

/// Arguments from the model that are not JSON: the user is told where they
/// broke, and the next request carries them in a form providers accept.
@Suite("agentskill-demo invalid JSON arguments (subprocess)", .timeLimit(.minutes(5)))
struct InvalidArgumentsTests {
  private static func chunk(_ delta: JSONValue, finish: String? = nil) -> String {
    let choice: JSONValue = ["index": 0, "delta": delta, "finish_reason": finish.map(JSONValue.string) ?? .null]
    let body: JSONValue = ["id": "chatcmpl-1", "object": "chat.completion.chunk", "choices": [choice]]
    return "data: \(body.rendered())\n\n"
  }

  @Test("arguments that are not JSON: the user is told where they broke; the history carries {} and the error")
  func invalidJSONArguments() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let call: JSONValue = [
      "index": 0, "id": "call_a", "type": "function",
      "function": ["name": "weather", "arguments": #"{"city": "上海" "language": "zh"}"#],
    ]
    server.enqueue(
      .eventStream(
        Self.chunk(["role": "assistant", "tool_calls": [call]]) + Self.chunk([:], finish: "tool_calls")
          + "data: [DONE]\n\n"),
      .eventStream(Self.chunk(["role": "assistant", "content": "抱歉，请再说一次。"], finish: "stop") + "data: [DONE]\n\n"))
    let result = try await DemoFixtures.withDirectory { directory in
      try await DemoProcess.run([
        "--data", directory.path, "--base-url", server.url("/v1").absoluteString, "--model", "m", "--ask", "上海天气怎么样",
      ])
    }
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("· 参数不是有效的 JSON（at byte 18: "), "\(result.output)")
    #expect(!result.output.contains("must be an object"))
    let requests = server.requests
    #expect(requests.count == 2)
    guard requests.count == 2 else { return }
    let second = try JSONValue(parsing: requests[1].bodyText)
    let messages = second["messages"]?.arrayValue ?? []
    let assistant = messages.last { $0["role"]?.stringValue == "assistant" }
    let arguments = assistant?["tool_calls"]?.arrayValue?.first?["function"]?["arguments"]?.stringValue
    #expect(arguments == "{}", "\(String(describing: assistant))")
    let tool = messages.last { $0["role"]?.stringValue == "tool" }?["content"]?.stringValue ?? ""
    #expect(tool.contains("were not valid JSON (at byte 18:"), "\(tool)")
  }
}
