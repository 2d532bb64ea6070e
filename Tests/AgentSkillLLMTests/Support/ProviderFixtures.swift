import AgentSkill
import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation

/// Tools and models shared by the provider tests.
enum ProviderFixtures {
  static let apiKey = "sk-test-secret-key-1234567890"

  static var weather: ToolDefinition {
    get throws {
      ToolDefinition(
        name: "get_weather", description: "Current weather for a city",
        parameters: try JSONSchema([
          "type": "object", "properties": ["city": ["type": "string"]], "required": ["city"],
        ]))
    }
  }

  static var bills: ToolDefinition {
    get throws {
      ToolDefinition(
        name: "search_bills", description: "Bookkeeping entries by date",
        parameters: try JSONSchema(["type": "object", "properties": ["date": ["type": "string"]]]))
    }
  }

  static func openAI(
    _ server: LoopbackServer, clock: any Clock<Duration> = TestClock(), retryPolicy: RetryPolicy = .never,
    timeout: Duration? = nil, maximumResponseBytes: Int = 16 << 20, extraHeaders: HTTPHeaderFields = [:]
  ) -> OpenAICompatibleModel {
    OpenAICompatibleModel(
      baseURL: server.url("/v1"), apiKey: apiKey, model: "test-model", extraHeaders: extraHeaders, timeout: timeout,
      retryPolicy: retryPolicy, clock: clock, toolCallIDs: .sequential(),
      maximumResponseBytes: maximumResponseBytes)
  }

  static func anthropic(
    _ server: LoopbackServer, clock: any Clock<Duration> = TestClock(), retryPolicy: RetryPolicy = .never,
    timeout: Duration? = nil, extraHeaders: HTTPHeaderFields = [:]
  ) -> AnthropicModel {
    AnthropicModel(
      baseURL: server.baseURL, apiKey: apiKey, model: "claude-test", extraHeaders: extraHeaders, timeout: timeout,
      retryPolicy: retryPolicy, clock: clock, toolCallIDs: .sequential())
  }

  static func openAIResponses(
    _ server: LoopbackServer, clock: any Clock<Duration> = TestClock(), retryPolicy: RetryPolicy = .never,
    timeout: Duration? = nil, storesResponses: Bool = false, promptCacheKey: String? = nil,
    reasoning: OpenAIReasoningOptions? = nil
  ) -> OpenAIResponsesModel {
    OpenAIResponsesModel(
      baseURL: server.url("/v1"), apiKey: apiKey, model: "gpt-test", reasoning: reasoning,
      promptCacheKey: promptCacheKey, storesResponses: storesResponses, timeout: timeout, retryPolicy: retryPolicy,
      clock: clock, toolCallIDs: .sequential())
  }

  /// Typed Responses events, `event: <type>\ndata: <json>\n\n` each, numbered by `sequence_number` as the API does.
  static func responsesStream(_ events: [JSONValue]) -> String {
    events.enumerated().map { number, event in
      var event = event
      if case .object(var object) = event, object["sequence_number"] == nil {
        object["sequence_number"] = .integer(number)
        event = .object(object)
      }
      return "event: \(event["type"]?.stringValue ?? "message")\ndata: \(event.rendered())\n\n"
    }.joined()
  }

  /// `data: <json>\n\n` for each payload, then `data: [DONE]`.
  static func openAIStream(_ chunks: [JSONValue], done: Bool = true) -> String {
    chunks.map { "data: \($0.rendered())\n\n" }.joined() + (done ? "data: [DONE]\n\n" : "")
  }

  /// Named Anthropic events, `event: <type>\ndata: <json>\n\n` each.
  static func anthropicStream(_ events: [JSONValue]) -> String {
    events.map { "event: \($0["type"]?.stringValue ?? "message")\ndata: \($0.rendered())\n\n" }.joined()
  }

  /// Every event's text delta joined.
  static func text(of events: [ChatStreamEvent]) -> String {
    events.compactMap { event -> String? in
      if case .textDelta(let text) = event { return text }
      return nil
    }.joined()
  }

  /// The stream's final response, failing when it is not the last event or not unique.
  static func completed(in events: [ChatStreamEvent]) -> ChatResponse? {
    let completions = events.compactMap { event -> ChatResponse? in
      if case .completed(let response) = event { return response }
      return nil
    }
    guard completions.count == 1, case .completed(let response)? = events.last else { return nil }
    return response
  }
}
