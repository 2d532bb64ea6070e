import AgentSkill
import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation

/// Issue 5 bench: one full tool round over loopback HTTP — request → two
/// parallel tool calls (streamed) → tool execution → answer (streamed) —
/// with an OpenAI-compatible server on 127.0.0.1 that answers at once (its
/// scripted time is zero), so the whole round is client-side overhead plus
/// loopback transfer. Target < 2 ms per round. `http_floor_ms` is the same
/// two exchanges through a bare transport, so `library_ms` is our share.
struct ChatRoundBench: BenchSuite {
  struct CityInput: Decodable, Sendable { let city: String }

  @MainActor func run(scale: BenchScale, filter: String?) async -> [BenchResult] {
    let name = "chat.tool_round_over_loopback"
    guard selected(name, filter) else { return [] }
    let server: LoopbackServer
    do {
      server = try LoopbackServer()
    } catch {
      return [BenchResult(name: name, iterations: 0, fields: [("error", .text("\(error)"))])]
    }
    defer { server.stop() }
    let toolCalls = Self.stream([
      [
        "choices": [
          [
            "index": 0,
            "delta": [
              "role": "assistant",
              "tool_calls": [
                ["index": 0, "id": "call_a", "type": "function", "function": ["name": "weather", "arguments": ""]],
                ["index": 1, "id": "call_b", "type": "function", "function": ["name": "ledger", "arguments": ""]],
              ],
            ],
          ]
        ]
      ],
      [
        "choices": [
          ["index": 0, "delta": ["tool_calls": [["index": 0, "function": ["arguments": "{\"city\":\"北京\"}"]]]]]
        ]
      ],
      [
        "choices": [
          ["index": 0, "delta": ["tool_calls": [["index": 1, "function": ["arguments": "{\"city\":\"上海\"}"]]]]]
        ]
      ],
      ["choices": [["index": 0, "delta": [:], "finish_reason": "tool_calls"]]],
    ])
    let answer = Self.stream([
      ["choices": [["index": 0, "delta": ["role": "assistant", "content": "北京多云，"]]]],
      ["choices": [["index": 0, "delta": ["content": "上海晴。"], "finish_reason": "stop"]]],
    ])
    server.respond { request in
      request.bodyText.contains("\"role\":\"tool\"") ? .eventStream(answer) : .eventStream(toolCalls)
    }
    let registry = SkillRegistry()
    for id in ["weather", "ledger"] {
      try? registry.register(
        ToolSkillOf<CityInput>(
          id: id, description: "Looks up \(id) for a city",
          inputSchema: .object(
            properties: ["city": .string()], required: ["city"]),
          keywords: ["天气", "记账", id]
        ) { input, _ in ToolOutput(summary: "\(input.city): ok") })
    }
    let model = OpenAICompatibleModel(baseURL: server.url("/v1"), model: "bench")
    let chat = ChatAgent(model: model, registry: registry, timeline: .disabled)
    let rounds = scale == .quick ? 3 : 200
    await chat.send("北京天气和记账").finish()  // warm up the connection and caches
    await chat.clear().finish()
    let clock = ContinuousClock()
    var durations: [Double] = []
    var failures = 0
    for _ in 0..<rounds {
      let start = clock.now
      await chat.send("北京天气和记账").finish()
      durations.append(nanoseconds(start.duration(to: clock.now)))
      // One question, its tool calls and its answer: the previous round's clear applied first.
      let questions = chat.messages.filter { $0.role == .user }.count
      if questions != 1 || chat.messages.last?.text != "北京多云，上海晴。" { failures += 1 }
      await chat.clear().finish()
    }
    let medianNanoseconds = median(durations)
    let chatConnections = server.acceptedConnections
    let floorNanoseconds = await Self.httpFloor(server: server, rounds: rounds)
    return [
      BenchResult(
        name: name, iterations: rounds,
        fields: [
          ("median_ms_per_round", .number(medianNanoseconds / 1e6)),
          ("server_scripted_ms", .number(0)),
          ("client_overhead_ms", .number(medianNanoseconds / 1e6)),
          ("http_requests_per_round", .integer(2)), ("failed_rounds", .integer(failures)),
          ("connections_opened", .integer(chatConnections)),
          ("http_floor_ms", .number(floorNanoseconds / 1e6)),
          ("library_ms", .number((medianNanoseconds - floorNanoseconds) / 1e6)),
          ("target", .text("< 2 ms")), ("meets_target", .bool(medianNanoseconds < 2_000_000 && failures == 0)),
        ])
    ]
  }

  /// The same two exchanges with the same server through a bare
  /// ``URLSessionTransport`` — no model, parser, agent or skills: what
  /// URLSession and the loopback server cost on their own, to tell the
  /// library's share of a round from the HTTP stack's. Median of `rounds`.
  @MainActor static func httpFloor(server: LoopbackServer, rounds: Int) async -> Double {
    let transport = URLSessionTransport()
    let url = server.url("/v1/chat/completions")
    let bodies = [Data(#"{"messages":[]}"#.utf8), Data(#"{"messages":[{"role":"tool"}]}"#.utf8)]
    let clock = ContinuousClock()
    var durations: [Double] = []
    for round in 0...rounds {
      let start = clock.now
      for body in bodies {
        let request = TransportRequest(url: url, headers: ["Content-Type": "application/json"], body: body)
        guard let response = try? await transport.send(request),
          (try? await response.collectBody(limit: 1 << 20)) != nil
        else { return .nan }
      }
      // Round 0 warms the connection up, like the chat's first round.
      if round > 0 { durations.append(nanoseconds(start.duration(to: clock.now))) }
    }
    return median(durations)
  }

  static func stream(_ chunks: [JSONValue]) -> String {
    chunks.map { "data: \($0.rendered())\n\n" }.joined() + "data: [DONE]\n\n"
  }
}
