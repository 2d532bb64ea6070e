import AgentSkill
import AgentSkillDemoKit
import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation
import Testing

/// The timeline page of a real chat session over HTTP: a turn that fails
/// with 401, a turn whose first request gets 429 and is retried, and a turn
/// cancelled while the model is silent. With `AGENTSKILL_TIMELINE_PAGE` set
/// to a path, the page (and the exported timeline beside it, `.json`) is
/// written there; `Tools/timeline-screenshot.sh` renders it in Chromium.
@Suite("Demo timeline page of a session with failures", .timeLimit(.minutes(5)))
@MainActor
struct TimelinePageSessionTests {
  static func answer(_ text: String) -> ScriptedHTTPResponse {
    let delta: JSONValue = [
      "choices": [["index": 0, "delta": ["role": "assistant", "content": .string(text)], "finish_reason": "stop"]]
    ]
    return .eventStream(chunks: ["data: \(delta.rendered())\n\n", "data: [DONE]\n\n"])
  }

  static func weatherCall() -> ScriptedHTTPResponse {
    let call: JSONValue = [
      "choices": [
        [
          "index": 0,
          "delta": [
            "role": "assistant",
            "tool_calls": [
              [
                "index": 0, "id": "call_1", "type": "function",
                "function": ["name": "weather", "arguments": "{\"city\":\"北京\"}"],
              ]
            ],
          ],
          "finish_reason": "tool_calls",
        ]
      ]
    ]
    return .eventStream(chunks: ["data: \(call.rendered())\n\n", "data: [DONE]\n\n"])
  }

  /// Runs the session and returns its exported timeline. The server holds
  /// each answer until the test clock has moved on, so requests take time on
  /// the chart: 401 after 400 ms; 429 after 300 ms, a 2 s wait, then the tool
  /// call after 600 ms and the answer after 900 ms; a silent request cancelled
  /// after 1.5 s.
  static func session(in directory: URL) async throws -> AgentTimelineDocument {
    let server = try LoopbackServer()
    defer { server.stop() }
    let held = (0..<5).map { _ in Checkpoint() }
    defer { for checkpoint in held { checkpoint.release() } }
    server.enqueue(
      ScriptedHTTPResponse.json(["error": ["message": "Incorrect API key provided: sk-te…7890."]], status: 401)
        .delayed(by: [.wait(held[0])]))
    server.enqueue(
      ScriptedHTTPResponse.json(
        ["error": ["message": "Rate limit reached"]], status: 429, headers: ["Retry-After": "2"]
      )
      .delayed(by: [.wait(held[1])]))
    server.enqueue(weatherCall().delayed(by: [.wait(held[2])]))
    server.enqueue(answer("北京今天多云，22°C。").delayed(by: [.wait(held[3])]))
    server.enqueue(answer("").delayed(by: [.wait(held[4])]))

    let clock = TestClock()
    let (registry, _) = try DemoSkills.makeRegistry(dataDirectory: directory, calendar: DemoFixtures.calendar)
    let model = OpenAICompatibleModel(
      baseURL: server.url("/v1"), apiKey: "sk-test-secret-key-1234567890", model: "test-model",
      timeout: nil, retryPolicy: RetryPolicy(maxAttempts: 3, jitter: 0), clock: clock)
    var options = ChatAgentOptions()
    options.toolTimeout = nil
    let chat = ChatAgent(
      model: model, registry: registry, options: options,
      feedbackLogURL: directory.appendingPathComponent("feedback.jsonl"), environment: SkillEnvironment(clock: clock))

    /// Lets request `number` (from 1) take `duration`, then answers it.
    func respond(to number: Int, after duration: Duration) async {
      await server.waitForRequests(number)
      await clock.advance(by: duration)
      held[number - 1].release()
    }

    let failed = chat.send("北京天气怎么样")
    await respond(to: 1, after: .milliseconds(400))
    await failed.finish()
    #expect(chat.phase.kind == .failed)

    await clock.advance(by: .milliseconds(700))  // the user reads the error, and asks again
    let retried = chat.send("北京天气怎么样")
    await respond(to: 2, after: .milliseconds(300))
    await clock.waitForSleepers(1)  // the wait the 429 asked for
    await clock.advance(by: .seconds(2))
    await respond(to: 3, after: .milliseconds(600))
    await respond(to: 4, after: .milliseconds(900))
    await retried.finish()
    #expect(chat.messages.last?.text == "北京今天多云，22°C。")

    await clock.advance(by: .milliseconds(800))
    let cancelled = chat.send("讲个笑话")
    await server.waitForRequests(5)
    await clock.advance(by: .milliseconds(1500))  // the model says nothing; the user stops it
    await chat.cancel().finish()
    await cancelled.finish()
    return chat.exportTimeline()
  }

  @Test("failed and cancelled runs, provider attempts and readable effects")
  func page() async throws {
    try await DemoFixtures.withDirectory { directory in
      let document = try await Self.session(in: directory)
      let chart = TimelineChart(document)

      // Runs 1–3 are the turns; run 4 is the cancel intent.
      #expect(chart.runs.map(\.outcome) == ["failed", "succeeded", "cancelled", "succeeded"])
      #expect(chart.runs[0].detail?.contains("HTTP 401") == true)
      #expect(chart.runs[0].detail?.contains("Incorrect API key") == true)
      let turns = chart.bars.filter { !$0.isTool }
      #expect(turns.map(\.status) == ["failed", "succeeded", "cancelled", "succeeded"])
      #expect(turns.map { Int($0.duration.rounded()) } == [400, 3800, 1500, 0])
      #expect(chart.attempts.map(\.status) == [401, 429, 200, 200])
      #expect(chart.attempts.map(\.number) == [1, 1, 2, 1])
      #expect(chart.attempts.map(\.wait) == [nil, 2000, nil, nil])
      #expect(chart.attempts.map { Int(($0.end - $0.start).rounded()) } == [400, 300, 600, 900])
      #expect(chart.attempts.map(\.run) == [1, 2, 2, 2])

      let html = TimelineHTML.render(document, title: "session.json")
      #expect(html.contains("<rect class=\"bar failed\""))
      #expect(html.contains("<rect class=\"bar cancelled\""))
      #expect(html.contains("<h2>Failed and cancelled runs</h2>"))
      #expect(html.contains("class=\"attempt error\""))
      #expect(html.contains("class=\"attempt limited\""))
      #expect(html.contains("class=\"attempt ok\""))
      #expect(html.contains("waiting 2.00 s before request 2"))
      #expect(html.contains("request 1 · HTTP 429"))
      // The error is on the bar's hover text and in the expandable list.
      #expect(html.contains("· failed · run 1\n\(TimelineHTML.escape(chart.runs[0].detail ?? "-"))</title>"))
      // Effects are summaries; the whole value expands, without module prefixes or Optional(…).
      #expect(html.contains("answer 2.3 finished: “北京今天多云，22°C。”"))
      #expect(html.contains("weather (天气查询) succeeded in "))
      #expect(html.contains("phase → responding"))
      #expect(html.contains("turn cancelled"))
      #expect(html.contains("attempt 1: HTTP 429 after 300 ms · retry in 2.00 s: “Rate limit reached”"))
      #expect(!html.contains("AgentSkillLLM."))
      #expect(!html.contains("Optional("))
      #expect(!html.contains("sk-test-secret-key-1234567890"))

      if let path = ProcessInfo.processInfo.environment["AGENTSKILL_TIMELINE_PAGE"], !path.isEmpty {
        let page = URL(fileURLWithPath: path)
        try Data(html.utf8).write(to: page)
        try document.jsonData().write(to: page.deletingPathExtension().appendingPathExtension("json"))
      }
    }
  }
}
