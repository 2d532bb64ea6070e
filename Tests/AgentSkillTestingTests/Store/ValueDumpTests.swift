import Testing

@testable import AgentSkillTesting

@Suite("Value dump and line diff", .timeLimit(.minutes(5)))
struct ValueDumpTests {
  private struct Item: Equatable {
    var id: Int
    var tags: Set<String>
  }

  private enum Phase: Equatable {
    case idle
    case failure(message: String, code: Int)
  }

  private struct Screen: Equatable {
    var phase: Phase
    var items: [Item]
    var lookup: [String: Int]
    var selected: Int?
  }

  @Test func dumpsNestedValuesOneFieldPerLine() {
    let screen = Screen(
      phase: .failure(message: "offline", code: 7), items: [Item(id: 1, tags: ["b", "a"])],
      lookup: ["z": 1, "a": 2], selected: nil)
    #expect(
      ValueDump.text(of: screen) == """
        Screen(
          phase: .failure(message: "offline", code: 7),
          items: [
            [0]: Item(
              id: 1,
              tags: Set([
                "a",
                "b",
              ]),
            ),
          ],
          lookup: [
            "a": 2,
            "z": 1,
          ],
          selected: nil,
        )
        """)
    #expect(ValueDump.text(of: Phase.idle) == ".idle")
    #expect(ValueDump.text(of: [Int]()) == "[]")
    #expect(ValueDump.text(of: Optional(3) as Any) == "3")
  }

  @Test func diffMarksExpectedAndActualLines() {
    let diff = LineDiff.render(expected: ["A(", "  x: 1,", "  y: 2,", ")"], actual: ["A(", "  x: 1,", "  y: 3,", ")"])
    #expect(diff == "  A(\n    x: 1,\n-   y: 2,\n+   y: 3,\n  )")
    #expect(LineDiff.render(expected: ["same"], actual: ["same"]) == nil)
    #expect(LineDiff.render(expected: [], actual: ["new"]) == "+ new")
  }
}
