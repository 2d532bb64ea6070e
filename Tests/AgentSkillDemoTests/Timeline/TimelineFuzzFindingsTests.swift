import AgentSkill
import AgentSkillDemoKit
import Foundation
import Testing

/// Inputs FuzzTimelineHTML (`Fuzz/run.sh`) found or checks, kept with their exact bytes.
@Suite("Timeline page fuzz findings", .timeLimit(.minutes(5)))
struct TimelineFuzzFindingsTests {
  private func document(_ entries: String) throws -> AgentTimelineDocument {
    let file = #"""
      {"schemaVersion": 1, "agent": "A", "startedAt": "2026-03-01T09:30:00Z", "capacity": 100, "evictedEntries": 0,
       "evictedEffects": 0, "contextSnapshots": "disabled", "effectEncoding": "notEncodable", "entries": [\#(entries)]}
      """#
    return try AgentTimelineDocument.decode(from: Data(file.utf8))
  }

  /// The first finding: skills still running at the end of the file, started at the same moment, came out in the
  /// order of a dictionary — a different page each time the same file was rendered.
  @Test("runs still open at the end are drawn in start order, then by skill and run, every time")
  func openRunsSorted() throws {
    let document = try document(
      #"""
      {"sequence": 1, "offsetMs": 15.0, "kind": "skillStarted", "run": 3, "skill": "B"},
      {"sequence": 2, "offsetMs": 15.0, "kind": "skillStarted", "run": 3, "skill": "A"},
      {"sequence": 3, "offsetMs": 15.5, "kind": "skillStarted", "run": 4, "skill": "A"},
      {"sequence": 4, "offsetMs": 15.0, "kind": "skillStarted", "run": 2, "skill": "A"},
      {"sequence": 5, "offsetMs": 14.0, "kind": "skillStarted", "skill": "C#1"},
      {"sequence": 6, "offsetMs": 16.0, "kind": "skillCancelled", "run": 5, "skill": "C", "durationMs": 0.25}
      """#)
    let chart = TimelineChart(document)
    let bars = chart.bars.map { "\($0.lane) \($0.run.map(String.init) ?? "-") \($0.status)" }
    #expect(
      bars == [
        "C#1 - running", "A 2 running", "A 3 running", "B 3 running", "A 4 running", "C 5 cancelled",
      ])
    let page = TimelineHTML.render(document, title: "t.json")
    for _ in 0..<5 { #expect(TimelineHTML.render(document, title: "t.json") == page) }
  }

  /// A `<` or `"` sharing a character with a following mark (U+0301) or a preceding prefix (U+0600) was not a
  /// `Character` equal to `<` or `"`, so it passed the escaping raw: `\u{600}<script>` opened a script.
  @Test("escaping works on Unicode scalars: a prefix or a mark does not hide < or \"")
  func escapeScalars() throws {
    // (In variables: the #expect macro cannot quote a literal whose quote carries a mark.)
    let prefixed = "\u{600}<script>"
    let marked = "\"\u{301}'"
    #expect(TimelineHTML.escape(prefixed) == "\u{600}&lt;script&gt;")
    #expect(TimelineHTML.escape(marked) == "&quot;\u{301}&#39;")
    #expect(TimelineHTML.escape("a&b") == "a&amp;b")
    let document = try document(
      #"""
      {"sequence": 1, "offsetMs": 0, "kind": "intentReceived", "run": 1, "intent": "\u0600<script>alert(1)</script>"},
      {"sequence": 2, "offsetMs": 0, "kind": "skillStarted", "run": 1, "skill": "\"\u0301><b>"},
      {"sequence": 3, "offsetMs": 2, "kind": "skillFailed", "run": 1, "skill": "\"\u0301><b>", "durationMs": 2,
       "message": "\u0600<img src=x>"}
      """#)
    let page = TimelineHTML.render(document, title: "\u{600}<script>.json")
    #expect(page.components(separatedBy: "<script").count == 2, "only the page's own script")
    #expect(!page.contains("<b>") && !page.contains("<img"))
    let quoteWithMark = "\"\u{301}"
    #expect(!page.contains(quoteWithMark))
  }
}
