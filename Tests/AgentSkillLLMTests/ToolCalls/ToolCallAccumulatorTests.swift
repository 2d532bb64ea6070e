import Testing

@testable import AgentSkillLLM

@Suite("ToolCallAccumulator — vendor streams", .timeLimit(.minutes(5)))
struct ToolCallAccumulatorVendorTests {
  @Test("OpenAI chat completions: two parallel calls, arguments in fragments")
  func openAIParallel() throws {
    let sse = #"""
      data: {"id":"chatcmpl-AZ1","object":"chat.completion.chunk","created":1733000000,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_0ba0d124f1","choices":[{"index":0,"delta":{"role":"assistant","content":null,"tool_calls":[{"index":0,"id":"call_FthC9qRpsL5kBpwwyw6c7j4k","type":"function","function":{"name":"get_weather","arguments":""}}],"refusal":null},"logprobs":null,"finish_reason":null}]}

      data: {"id":"chatcmpl-AZ1","object":"chat.completion.chunk","created":1733000000,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_0ba0d124f1","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"ci"}}]},"logprobs":null,"finish_reason":null}]}

      data: {"id":"chatcmpl-AZ1","object":"chat.completion.chunk","created":1733000000,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_0ba0d124f1","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"ty\": \"北京\"}"}}]},"logprobs":null,"finish_reason":null}]}

      data: {"id":"chatcmpl-AZ1","object":"chat.completion.chunk","created":1733000000,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_0ba0d124f1","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_7mQhXq0c8bC7VQ7L1o2S3d4e","type":"function","function":{"name":"search_bills","arguments":""}}]},"logprobs":null,"finish_reason":null}]}

      data: {"id":"chatcmpl-AZ1","object":"chat.completion.chunk","created":1733000000,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_0ba0d124f1","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"arguments":"{\"week\": \"last\"}"}}]},"logprobs":null,"finish_reason":null}]}

      data: {"id":"chatcmpl-AZ1","object":"chat.completion.chunk","created":1733000000,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_0ba0d124f1","choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":"tool_calls"}]}

      data: [DONE]
      """#
    let (events, calls) = try WirePayload.assemble(WirePayload.chatCompletionsDeltas(sse: sse))
    #expect(
      calls == [
        ToolCall(id: "call_FthC9qRpsL5kBpwwyw6c7j4k", name: "get_weather", arguments: ["city": "北京"]),
        ToolCall(id: "call_7mQhXq0c8bC7VQ7L1o2S3d4e", name: "search_bills", arguments: ["week": "last"]),
      ])
    #expect(
      events == [
        .toolCallStarted(index: 0, id: "call_FthC9qRpsL5kBpwwyw6c7j4k", name: "get_weather"),
        .toolCallArgumentsDelta(index: 0, fragment: #"{"ci"#),
        .toolCallArgumentsDelta(index: 0, fragment: #"ty": "北京"}"#),
        .toolCallStarted(index: 1, id: "call_7mQhXq0c8bC7VQ7L1o2S3d4e", name: "search_bills"),
        .toolCallArgumentsDelta(index: 1, fragment: #"{"week": "last"}"#),
      ])
  }

  @Test("vLLM: parallel calls all at index 0, continuations with id \"\" and name null")
  func vLLMAllAtIndexZero() throws {
    let sse = #"""
      data: {"id":"chatcmpl-9f2","object":"chat.completion.chunk","created":1733000001,"model":"Qwen/Qwen2.5-7B-Instruct","choices":[{"index":0,"delta":{"tool_calls":[{"id":"chatcmpl-tool-c9ZCzB9b9NikK5kjPBXpFG","type":"function","index":0,"function":{"name":"get_weather"}}]},"logprobs":null,"finish_reason":null}]}
      data: {"id":"chatcmpl-9f2","object":"chat.completion.chunk","created":1733000001,"model":"Qwen/Qwen2.5-7B-Instruct","choices":[{"index":0,"delta":{"tool_calls":[{"id":"","type":"function","index":0,"function":{"name":null,"arguments":"{\"city\": \"北京\"}"}}]},"logprobs":null,"finish_reason":null}]}
      data: {"id":"chatcmpl-9f2","object":"chat.completion.chunk","created":1733000001,"model":"Qwen/Qwen2.5-7B-Instruct","choices":[{"index":0,"delta":{"tool_calls":[{"id":"chatcmpl-tool-HfzZPEVfQgvgpSJccb8Vr8","type":"function","index":0,"function":{"name":"get_weather"}}]},"logprobs":null,"finish_reason":null}]}
      data: {"id":"chatcmpl-9f2","object":"chat.completion.chunk","created":1733000001,"model":"Qwen/Qwen2.5-7B-Instruct","choices":[{"index":0,"delta":{"tool_calls":[{"id":"","type":"function","index":0,"function":{"name":null,"arguments":"{\"city\": \"上海\"}"}}]},"logprobs":null,"finish_reason":null}]}
      data: {"id":"chatcmpl-9f2","object":"chat.completion.chunk","created":1733000001,"model":"Qwen/Qwen2.5-7B-Instruct","choices":[{"index":0,"delta":{"content":""},"logprobs":null,"finish_reason":"tool_calls"}]}
      data: [DONE]
      """#
    let (_, calls) = try WirePayload.assemble(WirePayload.chatCompletionsDeltas(sse: sse))
    #expect(
      calls == [
        ToolCall(id: "chatcmpl-tool-c9ZCzB9b9NikK5kjPBXpFG", name: "get_weather", arguments: ["city": "北京"]),
        ToolCall(id: "chatcmpl-tool-HfzZPEVfQgvgpSJccb8Vr8", name: "get_weather", arguments: ["city": "上海"]),
      ])
  }

  @Test("sglang: the same id repeated on every continuation, a new id for the next call")
  func sglangRepeatedIDs() throws {
    let sse = #"""
      data: {"id":"7c1","object":"chat.completion.chunk","created":1733000002,"model":"qwen","choices":[{"index":0,"delta":{"role":null,"content":null,"tool_calls":[{"id":"0","index":0,"type":"function","function":{"name":"get_weather","arguments":""}}]},"finish_reason":null}]}
      data: {"id":"7c1","object":"chat.completion.chunk","created":1733000002,"model":"qwen","choices":[{"index":0,"delta":{"role":null,"content":null,"tool_calls":[{"id":"0","index":0,"type":"function","function":{"name":null,"arguments":"{\"city\": \"北京\"}"}}]},"finish_reason":null}]}
      data: {"id":"7c1","object":"chat.completion.chunk","created":1733000002,"model":"qwen","choices":[{"index":0,"delta":{"role":null,"content":null,"tool_calls":[{"id":"1","index":0,"type":"function","function":{"name":"get_weather","arguments":""}}]},"finish_reason":null}]}
      data: {"id":"7c1","object":"chat.completion.chunk","created":1733000002,"model":"qwen","choices":[{"index":0,"delta":{"role":null,"content":null,"tool_calls":[{"id":"1","index":0,"type":"function","function":{"name":null,"arguments":"{\"city\": \"上海\"}"}}]},"finish_reason":null}]}
      data: [DONE]
      """#
    let (_, calls) = try WirePayload.assemble(WirePayload.chatCompletionsDeltas(sse: sse))
    #expect(calls.map(\.id) == ["0", "1"])
    #expect(calls.map(\.arguments) == [["city": "北京"], ["city": "上海"]])
  }

  @Test("DashScope (Qwen compatible mode): id \"\" and name \"\" restated on every fragment")
  func dashScope() throws {
    let sse = #"""
      data: {"choices":[{"delta":{"content":null,"role":"assistant","tool_calls":[{"index":0,"id":"call_8f08d2b0fc0c4d8fab7123","type":"function","function":{"name":"get_current_weather","arguments":"{\"location\":"}}]},"finish_reason":null,"index":0,"logprobs":null}],"object":"chat.completion.chunk","usage":null,"created":1733000003,"system_fingerprint":null,"model":"qwen-plus","id":"chatcmpl-3f8155c3-e96f-95bc-a2a6-8e48537a0893"}
      data: {"choices":[{"delta":{"content":null,"role":null,"tool_calls":[{"index":0,"id":"","type":"function","function":{"name":"","arguments":" \"杭州"}}]},"finish_reason":null,"index":0,"logprobs":null}],"object":"chat.completion.chunk","usage":null,"created":1733000003,"system_fingerprint":null,"model":"qwen-plus","id":"chatcmpl-3f8155c3-e96f-95bc-a2a6-8e48537a0893"}
      data: {"choices":[{"delta":{"content":null,"role":null,"tool_calls":[{"index":0,"id":"","type":"function","function":{"arguments":"市\"}"}}]},"finish_reason":null,"index":0,"logprobs":null}],"object":"chat.completion.chunk","usage":null,"created":1733000003,"system_fingerprint":null,"model":"qwen-plus","id":"chatcmpl-3f8155c3-e96f-95bc-a2a6-8e48537a0893"}
      data: {"choices":[{"delta":{"content":"","role":null,"tool_calls":null},"finish_reason":"tool_calls","index":0,"logprobs":null}],"object":"chat.completion.chunk","usage":null,"created":1733000003,"system_fingerprint":null,"model":"qwen-plus","id":"chatcmpl-3f8155c3-e96f-95bc-a2a6-8e48537a0893"}
      data: [DONE]
      """#
    let (events, calls) = try WirePayload.assemble(WirePayload.chatCompletionsDeltas(sse: sse))
    #expect(
      calls == [
        ToolCall(id: "call_8f08d2b0fc0c4d8fab7123", name: "get_current_weather", arguments: ["location": "杭州市"])
      ])
    #expect(events.filter { if case .toolCallStarted = $0 { true } else { false } }.count == 1)
  }

  @Test("DeepSeek: one call, arguments in many fragments")
  func deepSeek() throws {
    let sse = #"""
      data: {"id":"e1a4","object":"chat.completion.chunk","created":1733000004,"model":"deepseek-chat","system_fingerprint":"fp_3a5770e1b4_prod0225","choices":[{"index":0,"delta":{"role":"assistant","content":null,"tool_calls":[{"index":0,"id":"call_0_4f3c3f8d-61b0-4b8e-9d1c-5a0e7b8e2a11","type":"function","function":{"name":"get_weather","arguments":""}}]},"logprobs":null,"finish_reason":null}]}
      data: {"id":"e1a4","object":"chat.completion.chunk","created":1733000004,"model":"deepseek-chat","system_fingerprint":"fp_3a5770e1b4_prod0225","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\""}}]},"logprobs":null,"finish_reason":null}]}
      data: {"id":"e1a4","object":"chat.completion.chunk","created":1733000004,"model":"deepseek-chat","system_fingerprint":"fp_3a5770e1b4_prod0225","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"city"}}]},"logprobs":null,"finish_reason":null}]}
      data: {"id":"e1a4","object":"chat.completion.chunk","created":1733000004,"model":"deepseek-chat","system_fingerprint":"fp_3a5770e1b4_prod0225","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\":\""}}]},"logprobs":null,"finish_reason":null}]}
      data: {"id":"e1a4","object":"chat.completion.chunk","created":1733000004,"model":"deepseek-chat","system_fingerprint":"fp_3a5770e1b4_prod0225","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"北京"}}]},"logprobs":null,"finish_reason":null}]}
      data: {"id":"e1a4","object":"chat.completion.chunk","created":1733000004,"model":"deepseek-chat","system_fingerprint":"fp_3a5770e1b4_prod0225","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"}"}}]},"logprobs":null,"finish_reason":null}]}
      data: {"id":"e1a4","object":"chat.completion.chunk","created":1733000004,"model":"deepseek-chat","system_fingerprint":"fp_3a5770e1b4_prod0225","choices":[{"index":0,"delta":{"content":""},"logprobs":null,"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":120,"completion_tokens":20,"total_tokens":140}}
      data: [DONE]
      """#
    let (events, calls) = try WirePayload.assemble(WirePayload.chatCompletionsDeltas(sse: sse))
    #expect(calls.first?.arguments == ["city": "北京"])
    #expect(events.count == 6)  // started + five fragments
  }

  @Test("llama.cpp server: id and name in the first chunk with the first fragment")
  func llamaCpp() throws {
    let sse = #"""
      data: {"choices":[{"finish_reason":null,"index":0,"delta":{"tool_calls":[{"index":0,"id":"Wz2vK0ptCqgDwZ2mVjK8c4QfXg3Yt0Ba","type":"function","function":{"name":"get_weather","arguments":"{\""}}]}}],"created":1733000005,"id":"chatcmpl-Qm1","model":"gpt-3.5-turbo","system_fingerprint":"b5123-2a9b2f1e","object":"chat.completion.chunk"}
      data: {"choices":[{"finish_reason":null,"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"city\":\"北京\"}"}}]}}],"created":1733000005,"id":"chatcmpl-Qm1","model":"gpt-3.5-turbo","system_fingerprint":"b5123-2a9b2f1e","object":"chat.completion.chunk"}
      data: {"choices":[{"finish_reason":"tool_calls","index":0,"delta":{}}],"created":1733000005,"id":"chatcmpl-Qm1","model":"gpt-3.5-turbo","system_fingerprint":"b5123-2a9b2f1e","object":"chat.completion.chunk"}
      data: [DONE]
      """#
    let (events, calls) = try WirePayload.assemble(WirePayload.chatCompletionsDeltas(sse: sse))
    #expect(calls == [ToolCall(id: "Wz2vK0ptCqgDwZ2mVjK8c4QfXg3Yt0Ba", name: "get_weather", arguments: ["city": "北京"])])
    #expect(
      events.prefix(2) == [
        .toolCallStarted(index: 0, id: "Wz2vK0ptCqgDwZ2mVjK8c4QfXg3Yt0Ba", name: "get_weather"),
        .toolCallArgumentsDelta(index: 0, fragment: #"{""#),
      ])
  }

  @Test("Mistral: both parallel calls whole in one chunk, both at index 0")
  func mistral() throws {
    let sse = #"""
      data: {"id":"2e7c1a0f5b3d4c9e","object":"chat.completion.chunk","created":1733000006,"model":"mistral-small-latest","choices":[{"index":0,"delta":{"content":"","tool_calls":[{"id":"D681PevKs","function":{"name":"get_weather","arguments":"{\"city\": \"北京\"}"},"index":0},{"id":"kV3jA8ZtQ","function":{"name":"get_weather","arguments":"{\"city\": \"上海\"}"},"index":0}]},"finish_reason":"tool_calls","logprobs":null}],"usage":{"prompt_tokens":80,"total_tokens":110,"completion_tokens":30}}
      data: [DONE]
      """#
    let (_, calls) = try WirePayload.assemble(WirePayload.chatCompletionsDeltas(sse: sse))
    #expect(
      calls == [
        ToolCall(id: "D681PevKs", name: "get_weather", arguments: ["city": "北京"]),
        ToolCall(id: "kV3jA8ZtQ", name: "get_weather", arguments: ["city": "上海"]),
      ])
  }

  @Test("name re-sent in every delta (MiniMax via NIM, Fireworks) is not concatenated")
  func nameResentEveryDelta() throws {
    let sse = #"""
      data: {"id":"c1","object":"chat.completion.chunk","created":1733000007,"model":"minimaxai/minimax-m2","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_f1","type":"function","function":{"name":"get_weather","arguments":"{\"ci"}}]},"finish_reason":null}]}
      data: {"id":"c1","object":"chat.completion.chunk","created":1733000007,"model":"minimaxai/minimax-m2","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_f1","type":"function","function":{"name":"get_weather","arguments":"ty\":"}}]},"finish_reason":null}]}
      data: {"id":"c1","object":"chat.completion.chunk","created":1733000007,"model":"minimaxai/minimax-m2","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"type":"function","function":{"name":"get_weather","arguments":"\"北京\"}"}}]},"finish_reason":null}]}
      data: {"id":"c1","object":"chat.completion.chunk","created":1733000007,"model":"minimaxai/minimax-m2","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"type":"function","function":{"name":"get_weather","arguments":""}}]},"finish_reason":"tool_calls"}]}
      data: [DONE]
      """#
    let (events, calls) = try WirePayload.assemble(WirePayload.chatCompletionsDeltas(sse: sse))
    #expect(calls == [ToolCall(id: "call_f1", name: "get_weather", arguments: ["city": "北京"])])
    #expect(events.first == .toolCallStarted(index: 0, id: "call_f1", name: "get_weather"))
    #expect(events.count == 4)
  }

  @Test("null id, type and name in continuation deltas keep the earlier values")
  func nullContinuations() throws {
    let sse = #"""
      data: {"id":"x","object":"chat.completion.chunk","created":1733000008,"model":"azure-gpt-4o","choices":[{"index":0,"delta":{"role":"assistant","content":null,"tool_calls":[{"index":0,"id":"call_abc","type":"function","function":{"name":"get_weather","arguments":null}}]},"finish_reason":null}]}
      data: {"id":"x","object":"chat.completion.chunk","created":1733000008,"model":"azure-gpt-4o","choices":[{"index":0,"delta":{"role":null,"content":null,"tool_calls":[{"index":0,"id":null,"type":null,"function":{"name":null,"arguments":"{\"city\":\"北京\"}"}}]},"finish_reason":null}]}
      data: {"id":"x","object":"chat.completion.chunk","created":1733000008,"model":"azure-gpt-4o","choices":[{"index":0,"delta":{"role":null,"content":null,"tool_calls":[{"index":0,"id":null,"type":null,"function":{"name":null,"arguments":null}}]},"finish_reason":"tool_calls"}]}
      """#
    let (_, calls) = try WirePayload.assemble(WirePayload.chatCompletionsDeltas(sse: sse))
    #expect(calls == [ToolCall(id: "call_abc", name: "get_weather", arguments: ["city": "北京"])])
  }

  @Test("no index at all (Gemini's OpenAI compatibility): a new id starts a new call")
  func noIndex() throws {
    let sse = #"""
      data: {"choices":[{"delta":{"role":"assistant","tool_calls":[{"function":{"arguments":"{\"city\":\"北京\"}","name":"get_weather"},"id":"function-call-8812","type":"function"}]},"index":0}],"created":1733000009,"model":"gemini-2.0-flash","object":"chat.completion.chunk"}
      data: {"choices":[{"delta":{"role":"assistant","tool_calls":[{"function":{"arguments":"{\"city\":\"上海\"}","name":"get_weather"},"id":"function-call-8813","type":"function"}]},"finish_reason":"tool_calls","index":0}],"created":1733000009,"model":"gemini-2.0-flash","object":"chat.completion.chunk"}
      """#
    let (_, calls) = try WirePayload.assemble(WirePayload.chatCompletionsDeltas(sse: sse))
    #expect(calls.map(\.id) == ["function-call-8812", "function-call-8813"])
    #expect(calls.map(\.arguments) == [["city": "北京"], ["city": "上海"]])
  }

  @Test("Ollama /v1 with finish_reason \"stop\": the calls are still returned")
  func ollamaOpenAIStop() throws {
    let sse = #"""
      data: {"id":"chatcmpl-521","object":"chat.completion.chunk","created":1733000010,"model":"qwen3:8b","system_fingerprint":"fp_ollama","choices":[{"index":0,"delta":{"role":"assistant","content":"","tool_calls":[{"id":"call_k3l9mq2x","index":0,"type":"function","function":{"name":"get_weather","arguments":"{\"city\":\"北京\"}"}}]},"finish_reason":null}]}
      data: {"id":"chatcmpl-521","object":"chat.completion.chunk","created":1733000010,"model":"qwen3:8b","system_fingerprint":"fp_ollama","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":"stop"}]}
      data: [DONE]
      """#
    let (_, calls) = try WirePayload.assemble(WirePayload.chatCompletionsDeltas(sse: sse))
    #expect(calls == [ToolCall(id: "call_k3l9mq2x", name: "get_weather", arguments: ["city": "北京"])])
  }

  @Test("Ollama /api/chat NDJSON: object arguments, no ids, the same tool twice")
  func ollamaNative() throws {
    let ndjson = #"""
      {"model":"qwen3:8b","created_at":"2025-06-01T08:00:00.123456Z","message":{"role":"assistant","content":"","tool_calls":[{"function":{"name":"get_weather","arguments":{"city":"北京"}}},{"function":{"name":"get_weather","arguments":{"city":"上海"}}}]},"done":false}
      {"model":"qwen3:8b","created_at":"2025-06-01T08:00:00.234567Z","message":{"role":"assistant","content":""},"done_reason":"stop","done":true,"total_duration":812345678,"load_duration":12345678,"prompt_eval_count":150,"prompt_eval_duration":98765432,"eval_count":30,"eval_duration":654321098}
      """#
    let (events, calls) = try WirePayload.assemble(WirePayload.ollamaDeltas(ndjson: ndjson))
    #expect(
      calls == [
        ToolCall(id: "gen_0", name: "get_weather", arguments: ["city": "北京"]),
        ToolCall(id: "gen_1", name: "get_weather", arguments: ["city": "上海"]),
      ])
    #expect(events.contains(.toolCallArgumentsDelta(index: 0, fragment: #"{"city":"北京"}"#)))
  }

  @Test("Ollama /api/chat NDJSON: one call per line, no index either")
  func ollamaNativeOnePerLine() throws {
    let ndjson = #"""
      {"model":"llama3.1:8b","created_at":"2025-06-01T08:00:01Z","message":{"role":"assistant","content":"","tool_calls":[{"function":{"name":"get_weather","arguments":{"city":"北京"}}}]},"done":false}
      {"model":"llama3.1:8b","created_at":"2025-06-01T08:00:02Z","message":{"role":"assistant","content":"","tool_calls":[{"function":{"name":"get_weather","arguments":{"city":"上海"}}}]},"done":false}
      {"model":"llama3.1:8b","created_at":"2025-06-01T08:00:03Z","message":{"role":"assistant","content":""},"done_reason":"stop","done":true}
      """#
    let (_, calls) = try WirePayload.assemble(WirePayload.ollamaDeltas(ndjson: ndjson))
    #expect(calls.map(\.arguments) == [["city": "北京"], ["city": "上海"]])
    #expect(Set(calls.map(\.id)).count == 2)
  }

  @Test("Ollama /api/chat NDJSON, newer servers: ids and function.index")
  func ollamaNativeWithIDs() throws {
    let ndjson = #"""
      {"model":"gpt-oss:20b","created_at":"2025-09-01T08:00:00Z","message":{"role":"assistant","content":"","thinking":"Need weather.","tool_calls":[{"id":"call_x1y2z3","function":{"index":0,"name":"get_weather","arguments":{"city":"北京","days":3}}}]},"done":false}
      {"model":"gpt-oss:20b","created_at":"2025-09-01T08:00:01Z","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop"}
      """#
    let (_, calls) = try WirePayload.assemble(WirePayload.ollamaDeltas(ndjson: ndjson))
    #expect(calls == [ToolCall(id: "call_x1y2z3", name: "get_weather", arguments: ["city": "北京", "days": 3])])
  }

  @Test("Anthropic Messages: content_block_start input {} then input_json_delta fragments")
  func anthropic() throws {
    let events = #"""
      {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}
      {"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_01A09q90qw90lq917835lq9","name":"get_weather","input":{}}}
      {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":""}}
      {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"city\": \"北"}}
      {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"京\"}"}}
      {"type":"content_block_stop","index":1}
      {"type":"content_block_start","index":2,"content_block":{"type":"tool_use","id":"toolu_02","name":"list_cities","input":{}}}
      {"type":"content_block_stop","index":2}
      """#
    var deltas: [ToolCallDelta] = []
    for line in events.split(separator: "\n") {
      let event = try JSONValue(parsing: String(line))
      let index = event["index"]?.intValue
      if event["type"] == "content_block_start", let block = event["content_block"], block["type"] == "tool_use" {
        deltas.append(
          ToolCallDelta(
            index: index, id: block["id"]?.stringValue, name: block["name"]?.stringValue,
            argumentsObject: block["input"]))
      } else if event["delta"]?["type"] == "input_json_delta" {
        deltas.append(ToolCallDelta(index: index, argumentsFragment: event["delta"]?["partial_json"]?.stringValue))
      }
    }
    let (progress, calls) = try WirePayload.assemble(deltas)
    // The `input: {}` placeholder is not reported as argument text.
    #expect(
      progress.prefix(3) == [
        .toolCallStarted(index: 0, id: "toolu_01A09q90qw90lq917835lq9", name: "get_weather"),
        .toolCallArgumentsDelta(index: 0, fragment: #"{"city": "北"#),
        .toolCallArgumentsDelta(index: 0, fragment: #"京"}"#),
      ])
    #expect(
      calls == [
        ToolCall(id: "toolu_01A09q90qw90lq917835lq9", name: "get_weather", arguments: ["city": "北京"]),
        ToolCall(id: "toolu_02", name: "list_cities", arguments: [:]),
      ])
  }

  @Test("non-streamed message with several tool_calls (index taken from the array position)")
  func nonStreamedMessage() throws {
    let body = #"""
      {"id":"chatcmpl-1","object":"chat.completion","created":1733000011,"model":"local-model","choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[{"type":"function","function":{"name":"get_weather","arguments":"{\"city\":\"北京\"}"}},{"type":"function","function":{"name":"get_weather","arguments":"{\"city\":\"上海\"}"}}]},"finish_reason":"tool_calls"}]}
      """#
    let response = try JSONValue(parsing: body)
    let deltas = ToolCallDelta.deltas(inMessage: response["choices"]?[0]?["message"] ?? .null)
    let (_, calls) = try WirePayload.assemble(deltas)
    #expect(calls.map(\.id) == ["gen_0", "gen_1"])
    #expect(calls.map(\.arguments) == [["city": "北京"], ["city": "上海"]])
  }

  @Test("legacy function_call deltas")
  func legacyFunctionCall() throws {
    let sse = #"""
      data: {"choices":[{"index":0,"delta":{"role":"assistant","content":null,"function_call":{"name":"get_weather","arguments":""}},"finish_reason":null}]}
      data: {"choices":[{"index":0,"delta":{"function_call":{"arguments":"{\"city\":\"北京\"}"}},"finish_reason":null}]}
      data: {"choices":[{"index":0,"delta":{},"finish_reason":"function_call"}]}
      """#
    let (_, calls) = try WirePayload.assemble(WirePayload.chatCompletionsDeltas(sse: sse))
    #expect(calls == [ToolCall(id: "gen_0", name: "get_weather", arguments: ["city": "北京"])])
  }

  @Test("double-encoded arguments streamed in fragments")
  func doubleEncodedStream() throws {
    let sse = #"""
      data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_d","type":"function","function":{"name":"get_weather","arguments":"\"{\\\"city\\\":"}}]}}]}
      data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":" \\\"北京\\\"}\""}}]}}]}
      """#
    let (_, calls) = try WirePayload.assemble(WirePayload.chatCompletionsDeltas(sse: sse))
    #expect(calls.first?.arguments == ["city": "北京"])
  }
}

@Suite("ToolCallAccumulator — rules", .timeLimit(.minutes(5)))
struct ToolCallAccumulatorRuleTests {
  @Test("a fresh accumulator is empty and finishes with no calls")
  func empty() throws {
    var accumulator = ToolCallAccumulator()
    #expect(accumulator.isEmpty)
    #expect(try accumulator.finish().isEmpty)
    #expect(accumulator.append(ToolCallDelta(index: 0)).isEmpty)
    #expect(accumulator.isEmpty)
  }

  @Test("missing ids are generated, unique, and reported in the started event")
  func generatedIDs() throws {
    var accumulator = ToolCallAccumulator()
    let first = accumulator.append(ToolCallDelta(index: 0, name: "a", argumentsFragment: "{}"))
    _ = accumulator.append(ToolCallDelta(index: 1, name: "b", argumentsFragment: "{}"))
    _ = accumulator.append(ToolCallDelta(index: 2, name: "a"))
    let calls = try accumulator.finish()
    #expect(calls.count == 3)
    #expect(Set(calls.map(\.id)).count == 3)
    #expect(calls.allSatisfy { $0.id.hasPrefix("call_") && $0.id.count == 29 })
    guard case .toolCallStarted(0, let id, "a")? = first.first else {
      Issue.record("expected a started event, got \(first)")
      return
    }
    #expect(id == calls[0].id)
  }

  @Test("generated ids avoid ids the server used")
  func generatedIDsAvoidServerIDs() throws {
    var accumulator = ToolCallAccumulator(ids: .sequential())
    _ = accumulator.append(ToolCallDelta(index: 0, id: "call_1", name: "a"))
    _ = accumulator.append(ToolCallDelta(index: 1, name: "b"))
    #expect(try accumulator.finish().map(\.id) == ["call_1", "call_1_2"])
  }

  @Test("an id that arrives after the name does not replace the id the call started with")
  func lateID() throws {
    var accumulator = ToolCallAccumulator(ids: .sequential())
    let started = accumulator.append(ToolCallDelta(index: 0, name: "get_weather"))
    #expect(started == [.toolCallStarted(index: 0, id: "call_0", name: "get_weather")])
    _ = accumulator.append(ToolCallDelta(index: 0, id: "srv_9", argumentsFragment: "{}"))
    #expect(try accumulator.finish() == [ToolCall(id: "call_0", name: "get_weather")])
  }

  @Test("a late id from the fuzzer's reproducer: an empty id, then the server's, keeps the started id")
  func emptyThenServerID() throws {
    var accumulator = ToolCallAccumulator(ids: .sequential())
    let started = accumulator.append(ToolCallDelta(index: 0, id: "", name: "get_weather"))
    guard case .toolCallStarted(_, let id, _)? = started.first else {
      Issue.record("no start: \(started)")
      return
    }
    _ = accumulator.append(ToolCallDelta(index: 0, id: "ol_c", argumentsFragment: "{}"))
    #expect(try accumulator.finish().map(\.id) == [id])
  }

  @Test("a different name at the same index without an id starts a new call")
  func differentNameStartsNewCall() throws {
    var accumulator = ToolCallAccumulator(ids: .sequential())
    _ = accumulator.append(ToolCallDelta(index: 0, name: "get_weather", argumentsFragment: #"{"city":"北京"}"#))
    let events = accumulator.append(ToolCallDelta(index: 0, name: "search_bills", argumentsFragment: "{}"))
    #expect(events.first == .toolCallStarted(index: 1, id: "call_1", name: "search_bills"))
    #expect(try accumulator.finish().map(\.name) == ["get_weather", "search_bills"])
  }

  @Test("the same name with new arguments after complete ones starts a new call (no ids, no index)")
  func sameNameAfterCompleteArguments() throws {
    var accumulator = ToolCallAccumulator(ids: .sequential())
    _ = accumulator.append(ToolCallDelta(name: "get_weather", argumentsFragment: #"{"city":"#))
    _ = accumulator.append(ToolCallDelta(name: "get_weather", argumentsFragment: #""北京"}"#))
    _ = accumulator.append(ToolCallDelta(name: "get_weather", argumentsFragment: #"{"city":"上海"}"#))
    let calls = try accumulator.finish()
    #expect(calls.map(\.arguments) == [["city": "北京"], ["city": "上海"]])
  }

  @Test("a server that makes a new id for every chunk does not split the call")
  func idPerChunk() throws {
    var accumulator = ToolCallAccumulator()
    _ = accumulator.append(ToolCallDelta(index: 0, id: "a1", name: "get_weather", argumentsFragment: #"{"city":"#))
    _ = accumulator.append(ToolCallDelta(index: 0, id: "a2", argumentsFragment: #""北京"}"#))
    #expect(try accumulator.finish() == [ToolCall(id: "a1", name: "get_weather", arguments: ["city": "北京"])])
  }

  @Test("arguments that arrive before the name are reported when the call starts")
  func argumentsBeforeName() throws {
    var accumulator = ToolCallAccumulator(ids: .sequential())
    #expect(accumulator.append(ToolCallDelta(index: 0, argumentsFragment: #"{"city":"北京"}"#)).isEmpty)
    let events = accumulator.append(ToolCallDelta(index: 0, name: "get_weather"))
    #expect(
      events == [
        .toolCallStarted(index: 0, id: "call_0", name: "get_weather"),
        .toolCallArgumentsDelta(index: 0, fragment: #"{"city":"北京"}"#),
      ])
  }

  @Test("a call that never gets a name fails alone; results() keeps the others")
  func missingName() throws {
    var accumulator = ToolCallAccumulator(ids: .sequential())
    _ = accumulator.append(ToolCallDelta(index: 0, id: "ok", name: "get_weather", argumentsFragment: "{}"))
    _ = accumulator.append(ToolCallDelta(index: 1, id: "bad", argumentsFragment: "{}"))
    #expect(toolCallError { try accumulator.finish() } == .missingToolName(position: 1, callID: "bad"))
    let results = accumulator.results()
    #expect(results.count == 2)
    #expect((try? results[0].get()) == ToolCall(id: "ok", name: "get_weather"))
  }

  @Test("malformed arguments name the tool")
  func malformed() {
    var accumulator = ToolCallAccumulator()
    _ = accumulator.append(ToolCallDelta(index: 0, id: "c", name: "get_weather", argumentsFragment: #"{"city": 北京}"#))
    let error = toolCallError { try accumulator.finish() }
    guard case .malformedArguments(let tool, _, let snippet)? = error else {
      Issue.record("expected malformedArguments, got \(String(describing: error))")
      return
    }
    #expect(tool == "get_weather")
    #expect(snippet == #"{"city": 北京}"#)
  }

  @Test("whitespace-only streamed arguments are {}")
  func blankArguments() throws {
    var accumulator = ToolCallAccumulator()
    _ = accumulator.append(ToolCallDelta(index: 0, id: "c", name: "now", argumentsFragment: " "))
    _ = accumulator.append(ToolCallDelta(index: 0, argumentsFragment: "\n"))
    #expect(try accumulator.finish() == [ToolCall(id: "c", name: "now", arguments: [:])])
  }

  @Test("arguments beyond the limit fail with argumentsTooLarge and stop growing")
  func limit() {
    var accumulator = ToolCallAccumulator(maximumArgumentBytes: 16)
    _ = accumulator.append(ToolCallDelta(index: 0, id: "c", name: "t", argumentsFragment: #"{"a":"#))
    let events = accumulator.append(ToolCallDelta(index: 0, argumentsFragment: String(repeating: "x", count: 20)))
    #expect(events.isEmpty)
    #expect(toolCallError { try accumulator.finish() } == .argumentsTooLarge(tool: "t", limit: 16))
  }

  @Test("megabytes of arguments in small fragments assemble in linear time")
  func hugeStream() throws {
    var accumulator = ToolCallAccumulator()
    let piece = String(repeating: "北京abc", count: 8)  // 72 bytes
    _ = accumulator.append(ToolCallDelta(index: 0, id: "big", name: "store", argumentsFragment: #"{"blob":""#))
    let pieces = 60_000  // about 4.3 MB
    var fragmentEvents = 0
    for _ in 0..<pieces {
      fragmentEvents += accumulator.append(ToolCallDelta(index: 0, argumentsFragment: piece)).count
    }
    _ = accumulator.append(ToolCallDelta(index: 0, argumentsFragment: #""}"#))
    let calls = try accumulator.finish()
    #expect(fragmentEvents == pieces)
    #expect(calls.first?.arguments["blob"]?.stringValue?.utf8.count == piece.utf8.count * pieces)
  }

  @Test("random delta sequences never crash and always finish with calls or a typed error")
  func fuzz() {
    var generator = SplitMix64(seed: 7)
    let fragments = ["{", "}", "\"", "a", ":", "1", ",", "{\"x\":1}", "", " ", "'", "[", "]", "\\"]
    let names: [String?] = [nil, "", "a", "b"]
    let ids: [String?] = [nil, "", "i1", "i2"]
    for _ in 0..<300 {
      var accumulator = ToolCallAccumulator()
      for _ in 0..<Int(generator.next() % 12) {
        let object: JSONValue? = generator.next() % 5 == 0 ? ["k": 1] : nil
        _ = accumulator.append(
          ToolCallDelta(
            index: generator.next() % 3 == 0 ? nil : Int(generator.next() % 3),
            id: ids[Int(generator.next() % 4)], name: names[Int(generator.next() % 4)],
            argumentsFragment: fragments[Int(generator.next() % UInt64(fragments.count))],
            argumentsObject: object))
      }
      for result in accumulator.results() {
        if case .success(let call) = result { #expect(call.arguments.objectValue != nil) }
      }
    }
  }
}
