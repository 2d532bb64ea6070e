import AgentSkill
import AgentSkillDemoKit
import AgentSkillLLM
import AgentSkillOffline
import AgentSkillTesting
import Foundation
import Testing

@Suite("Demo timeline page")
struct TimelineHTMLTests {
  /// A chat session's timeline, as `--timeline` writes it (effect texts as ChatAgent renders them).
  static let sample = #"""
    {
      "schemaVersion": 1, "agent": "Assistant-1a2b", "startedAt": "2026-03-06T02:00:00Z", "capacity": 1000,
      "evictedEntries": 0, "evictedEffects": 0, "contextSnapshots": "notEncodable", "effectEncoding": "notEncodable",
      "entries": [
        {"sequence": 1, "offsetMs": 0.2, "kind": "skillMounted", "skill": "ChatTurnSkill"},
        {"sequence": 2, "offsetMs": 1.0, "kind": "intentReceived", "run": 1, "intent": "send(text: \"北京天气怎么样\", turn: 1)"},
        {"sequence": 3, "offsetMs": 1.0, "kind": "skillChosen", "run": 1, "skill": "ChatTurnSkill"},
        {"sequence": 4, "offsetMs": 1.0, "kind": "skillStarted", "run": 1, "skill": "ChatTurnSkill"},
        {"sequence": 5, "offsetMs": 2.0, "kind": "effectApplied", "run": 1, "effect": "transition(selectingSkill)"},
        {"sequence": 6, "offsetMs": 3.0, "kind": "effectApplied", "run": 1, "effect": "transition(executing(weather))"},
        {"sequence": 7, "offsetMs": 8.0, "kind": "effectApplied", "run": 1,
         "effect": "callFinished(1.1, AgentSkillLLM.ChatToolCall(id: \"call_1\", name: \"weather\", skillID: Optional(\"weather\"), displayName: \"天气查询\", arguments: {\"city\":\"北京\"}, status: AgentSkillLLM.ChatToolCall.Status.succeeded, duration: Optional(0.004 seconds), error: nil), result: nil)"},
        {"sequence": 8, "offsetMs": 9.0, "kind": "effectApplied", "run": 1, "effect": "transition(responding)"},
        {"sequence": 9, "offsetMs": 12.0, "kind": "effectApplied", "run": 1, "effect": "turnFinished"},
        {"sequence": 10, "offsetMs": 12.5, "kind": "skillFinished", "run": 1, "skill": "ChatTurnSkill", "durationMs": 11.5}
      ]
    }
    """#

  @Test("the chart has one bar per skill run and per tool call, and the phases")
  func chart() throws {
    let document = try AgentTimelineDocument.decode(from: Data(Self.sample.utf8))
    let chart = TimelineChart(document)
    #expect(chart.lanes.map(\.name) == ["ChatTurnSkill", "weather"])
    let tool = try #require(chart.bars.first { $0.isTool })
    #expect(tool.label == "天气查询")
    #expect(tool.status == "succeeded")
    #expect(abs(tool.start - 4.0) < 0.0001 && tool.end == 8.0)
    let turn = try #require(chart.bars.first { !$0.isTool })
    #expect(turn.start == 1.0 && turn.end == 12.5)
    #expect(chart.phases.map(\.phase) == ["selectingSkill", "executing(weather)", "responding"])
    #expect(chart.phases.last?.end == 12.5)
    #expect(chart.intents.count == 1)
    #expect(chart.effects.count == 5)
    #expect(chart.totals.map(\.count) == [1, 1])
  }

  @Test("the page is self-contained: inline style, script and SVG, nothing fetched")
  func selfContained() throws {
    let document = try AgentTimelineDocument.decode(from: Data(Self.sample.utf8))
    let html = TimelineHTML.render(document, title: "session.json")
    #expect(html.hasPrefix("<!doctype html>"))
    #expect(html.contains("<svg"))
    #expect(html.contains("<style>") && html.contains("<script>"))
    for remote in ["http://", "https://", "src=", "<link", "@import", "url("] {
      #expect(!html.contains(remote), "\(remote)")
    }
    #expect(html.contains("天气查询 · 4.00 ms · succeeded · run 1"))
    #expect(html.contains("send(text: &quot;北京天气怎么样&quot;, turn: 1)"))
    #expect(html.contains("<h2>Intents</h2>") && html.contains("<h2>Effects</h2>"))
  }

  @Test("text from the timeline is escaped")
  func escaping() {
    #expect(
      TimelineHTML.escape("<script>alert('x') & \"y\"</script>")
        == "&lt;script&gt;alert(&#39;x&#39;) &amp; &quot;y&quot;&lt;/script&gt;")
    #expect(TimelineHTML.ticks(100) == [0, 20, 40, 60, 80, 100])
    #expect(TimelineHTML.milliseconds(1234) == "1.23 s")
  }

  @Test("a real chat session on the offline model yields tool bars and phases")
  @MainActor
  func realSession() async throws {
    try await DemoFixtures.withDirectory { directory in
      let calendar = DemoFixtures.calendar
      let (registry, _) = try DemoSkills.makeRegistry(dataDirectory: directory, calendar: calendar)
      let model = RuleBasedModel(registry: registry, timeZone: DemoFixtures.timeZone, now: { DemoFixtures.now })
      let chat = ChatAgent(
        model: model, registry: registry,
        feedbackLogURL: directory.appendingPathComponent("feedback.jsonl"),
        environment: SkillEnvironment(clock: TestClock()))
      await chat.send("上周三的记账明细按类别汇总").finish()
      #expect(chat.messages.last?.text.hasPrefix("2月25日（周三）共") == true)
      await chat.send("纽约天气怎么样").finish()
      #expect(chat.messages.last?.text.hasPrefix("抱歉，暂不支持「纽约」") == true)

      let chart = TimelineChart(chat.exportTimeline())
      let tools = chart.bars.filter(\.isTool)
      #expect(tools.map(\.lane) == ["ledger_query", "weather"])
      #expect(tools.map(\.status) == ["succeeded", "failed"])
      #expect(tools.first?.label == "记账查询")
      #expect(chart.phases.contains { $0.phase == "executing(ledger_query)" })
      #expect(chart.intents.count == 2)
    }
  }
}
