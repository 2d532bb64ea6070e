import Foundation
import Testing

@testable import AgentSkillLLM

/// Cases where a differential run against the official SDKs' stream accumulators and request types found our
/// providers disagreeing; each holds the exact bytes.
@Suite("Agreement with the official SDKs", .timeLimit(.minutes(5)))
struct SDKAgreementTests {
  private static func anthropicUsage(_ stream: String) throws -> TokenUsage? {
    var parser = SSEParser()
    var decoder = AnthropicMessagesDecoder(
      request: ChatRequest(messages: [.user("hi")]), ids: .sequential(), maximumArgumentBytes: 1 << 20, secrets: [])
    for event in parser.feed(Array(stream.utf8)) { _ = try decoder.consume(event) }
    return try decoder.finish().response.usage
  }

  @Test("a message_delta that repeats input_tokens without the cache counts keeps message_start's cache counts")
  func anthropicUsageKeepsCacheTokens() throws {
    let stream = """
      event: message_start
      data: {"type":"message_start","message":{"id":"m","content":[],"usage":{"input_tokens":10,"cache_read_input_tokens":90,"output_tokens":1}}}

      event: content_block_start
      data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}

      event: content_block_delta
      data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"hi"}}

      event: message_delta
      data: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"input_tokens":10,"cache_read_input_tokens":null,"output_tokens":5}}

      event: message_stop
      data: {"type":"message_stop"}


      """
    let kept = TokenUsage(inputTokens: 100, outputTokens: 5, cacheReadInputTokens: 90)
    #expect(try Self.anthropicUsage(stream) == kept)
    // Omitted rather than null: the same.
    let omitted = stream.replacingOccurrences(of: #","cache_read_input_tokens":null"#, with: "")
    #expect(try Self.anthropicUsage(omitted) == kept)
    // A later count that is present replaces the earlier one.
    let updated = stream.replacingOccurrences(
      of: #""cache_read_input_tokens":null"#, with: #""cache_read_input_tokens":40"#)
    #expect(try Self.anthropicUsage(updated) == TokenUsage(inputTokens: 50, outputTokens: 5, cacheReadInputTokens: 40))
  }

  @Test("a tool whose schema is the boolean true is sent with an object schema to both vendors")
  func booleanSchemaIsSentAsObject() throws {
    let request = ChatRequest(
      messages: [.user("x")], tools: [ToolDefinition(name: "anything", description: "Takes anything", parameters: true)]
    )
    let anthropic = try AnthropicModel(apiKey: "k", model: "m").requestBody(for: request, stream: false)
    #expect(anthropic["tools"]?[0]?["input_schema"] == ["type": "object"])
    let openAI = try OpenAICompatibleModel(baseURL: URL(string: "http://127.0.0.1:1/v1")!, model: "m")
      .requestBody(for: request, stream: false)
    #expect(openAI["tools"]?[0]?["function"]?["parameters"] == ["type": "object"])
    // Sampling parameters the caller did not set are not sent.
    #expect(anthropic["temperature"] == nil)
    #expect(openAI["temperature"] == nil)
  }
}
